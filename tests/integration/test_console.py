"""The operator console over HTTP, the pages' shells, and the live feed, on real PostgreSQL."""

import asyncio

import pytest

from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.live import LiveFeed
from story_model import StoryModel
from support import sign_in

MISSING = "00000000-0000-4000-8000-000000000000"


def operator(api, username="operadora", password="consola-operadora-2026") -> dict:
    response = api.post("/api/operators/token", json={"username": username, "password": password})
    assert response.status_code == 200, response.text
    return {"Authorization": f"Bearer {response.json()['access_token']}"}


@pytest.fixture
def story_api(make_client):
    return make_client(model=StoryModel())


def handed_off(api, thread="fraud-1") -> str:
    body = api.post(
        "/api/chat",
        headers=sign_in(api, "DEMO-AR-FRAUD"),
        json={"message": "no reconozco estos cargos de Electromax", "thread_id": thread},
    ).json()
    assert body["status"] == "waiting" and body["handoff"]["reason"] == "possible_fraud"
    return body["handoff"]["case_id"]


def conversation_of(api, headers, thread):
    """The thread's conversation in the queue: a line of its own, or one grouped on its customer's line."""
    lines = api.get("/api/console/queue", headers=headers).json()
    return next(c for line in lines for c in [line, *line["grouped"]] if c["thread_id"] == thread)


def test_the_queue_puts_waiting_conversations_first_with_their_priority(story_api):
    handed_off(story_api, "fraud-queue")
    story_api.post(
        "/api/chat", headers=sign_in(story_api), json={"message": "no reconozco estas transacciones", "thread_id": "q2"}
    )
    queue = story_api.get("/api/console/queue", headers=operator(story_api)).json()
    statuses = [c["status"] for c in queue]
    assert statuses == sorted(statuses, key=lambda s: s != "waiting")
    fraud = next(line for line in queue if "fraud-queue" in {c["thread_id"] for c in [line, *line["grouped"]]})
    assert fraud["priority"] == "High" and fraud["customer_id"] == "DEMO-AR-FRAUD"


def test_reply_takes_the_chat_and_release_gives_it_back(story_api):
    handed_off(story_api, "fraud-reply")
    staff = operator(story_api)
    customer = sign_in(story_api, "DEMO-AR-FRAUD")
    conversation = conversation_of(story_api, staff, "fraud-reply")["conversation_id"]
    sent = story_api.post(
        f"/api/console/conversations/{conversation}/reply", headers=staff, json={"text": "Hola, soy Olga."}
    )
    assert sent.status_code == 200 and sent.json()["status"] == "human"
    while_human = story_api.post(
        "/api/chat", headers=customer, json={"message": "gracias", "thread_id": "fraud-reply"}
    ).json()
    assert while_human["reply"] is None and while_human["status"] == "human"
    thread = story_api.get(f"/api/console/conversations/{conversation}", headers=staff).json()
    assert [m["role"] for m in thread["messages"]] == ["customer", "assistant", "operator", "customer"]
    assert thread["cases"][0]["status"] == "taken" and thread["cases"][0]["case_file"]["priority"] == "High"
    assert story_api.post(f"/api/console/conversations/{conversation}/release", headers=staff).json() == {
        "status": "bot"
    }
    seen = story_api.get("/api/me/conversations/fraud-reply", headers=customer).json()
    assert seen["status"] == "bot" and seen["messages"][-1]["role"] == "system"
    assert story_api.get(f"/api/console/conversations/{conversation}", headers=staff).json()["cases"][0]["status"] == (
        "closed"
    )


def test_console_routes_refuse_customers_and_unknown_conversations(story_api):
    customer = sign_in(story_api)
    assert story_api.get("/api/console/queue", headers=customer).status_code == 401
    assert story_api.get("/api/console/queue").status_code == 401
    staff = operator(story_api)
    for response in (
        story_api.get(f"/api/console/conversations/{MISSING}", headers=staff),
        story_api.post(f"/api/console/conversations/{MISSING}/reply", headers=staff, json={"text": "hola"}),
        story_api.post(f"/api/console/conversations/{MISSING}/release", headers=staff),
    ):
        assert response.status_code == 404 and response.json()["error"] == "unknown_conversation"
    empty = story_api.post(f"/api/console/conversations/{MISSING}/reply", headers=staff, json={"text": ""})
    assert empty.status_code == 422


def test_the_dashboard_is_for_supervisors_and_counts_real_rows(story_api, demo_db):
    handed_off(story_api, "fraud-dash")
    assert story_api.get("/api/console/dashboard", headers=operator(story_api)).status_code == 403
    figures = story_api.get(
        "/api/console/dashboard", headers=operator(story_api, "supervisora", "consola-supervisora-2026")
    ).json()
    with connect(demo_db.admin) as conn:
        total = conn.execute("SELECT count(*) FROM ops.conversations WHERE started_at >= now() - interval '7 days'")
        assert figures["conversations"] == total.fetchone()[0] > 0
    assert any(r["reason"] == "possible_fraud" and r["cases"] >= 1 for r in figures["handoffs_by_reason"])
    assert figures["first_response_p50_seconds"] is not None and figures["first_response_p50_seconds"] >= 0


@pytest.mark.anyio
async def test_the_live_feed_hears_a_message_written_by_another_connection(demo_db):
    feed = LiveFeed(demo_db.app)
    await feed.start()
    try:
        async with feed.subscribe() as queue:
            with connect(demo_db.admin) as conn:
                conversation = conn.execute(
                    "INSERT INTO ops.conversations (conversation_id, customer_id, thread_id) "
                    "VALUES (gen_random_uuid(), 'DEMO-MX-DUPLICATE', 'live-' || floor(random() * 1e9)::text) "
                    "RETURNING conversation_id::text"
                ).fetchone()[0]
                conn.execute(
                    "INSERT INTO ops.messages (conversation_id, role, content) VALUES (%s, 'customer', 'hola')",
                    (conversation,),
                )
                conn.commit()
            assert await asyncio.wait_for(queue.get(), timeout=10) == conversation
    finally:
        await feed.stop()


def test_pages_render_in_the_customers_language_and_list_demo_sign_ins_locally(make_client):
    api = make_client()
    for path in ("/entrar", "/chat", "/mis-finanzas", "/consola", "/consola/entrar"):
        page = api.get(path)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "lucia-uber-duplicado" in api.get("/entrar").text
    assert "consola-operadora-2026" in api.get("/consola/entrar").text
    portuguese = api.get("/chat?lang=pt")
    assert 'lang="pt-BR"' in portuguese.text and "Mensagens" in portuguese.text
    assert 'lang="pt-BR"' in api.get("/mis-finanzas").text, "the language choice is remembered"
    assert api.get("/static/chat.js").status_code == 200


# --- who may read, take and answer what (every read is logged) ------------------------------------------------------


def second_operator(demo_db, api) -> tuple[str, dict]:
    from quipu.adapters.postgres.accounts_admin import add_operator
    from quipu.adapters.security.passwords import Passwords

    with connect(demo_db.admin) as conn:
        operator_id = add_operator(
            conn, Passwords(), username="operador2", display_name="Omar Operador", role="operator", password="pw-2"
        )
        conn.commit()
    return operator_id, operator(api, "operador2", "pw-2")


def test_an_operator_cannot_answer_or_take_a_conversation_never_handed_off(story_api):
    story_api.post(
        "/api/chat", headers=sign_in(story_api), json={"message": "no reconozco estas transacciones", "thread_id": "nb"}
    )
    staff = operator(story_api)
    conversation = conversation_of(story_api, staff, "nb")["conversation_id"]
    for path, body in (("reply", {"text": "hola"}), ("take", None)):
        refused = story_api.post(f"/api/console/conversations/{conversation}/{path}", headers=staff, json=body)
        assert refused.status_code == 409 and refused.json()["error"] == "not_handed_off", refused.text
    release = story_api.post(f"/api/console/conversations/{conversation}/release", headers=staff)
    assert release.status_code == 409
    seen = story_api.get("/api/me/conversations/nb", headers=sign_in(story_api)).json()
    assert seen["status"] == "bot" and [m["role"] for m in seen["messages"]] == ["customer", "assistant"]


def test_a_case_is_held_by_one_operator_and_only_a_supervisor_reassigns_it(story_api, demo_db):
    handed_off(story_api, "fraud-held")
    olga = operator(story_api)
    omar_id, omar = second_operator(demo_db, story_api)
    conversation = conversation_of(story_api, olga, "fraud-held")["conversation_id"]
    assert story_api.post(f"/api/console/conversations/{conversation}/take", headers=olga).status_code == 200
    for path, body in (("reply", {"text": "yo también"}), ("take", None), ("release", None)):
        refused = story_api.post(f"/api/console/conversations/{conversation}/{path}", headers=omar, json=body)
        assert refused.status_code == 409 and refused.json()["error"] == "held_by_another", refused.text
    assert (
        story_api.post(
            f"/api/console/conversations/{conversation}/assign", headers=olga, json={"operator_id": omar_id}
        ).json()["error"]
        == "supervisor_only"
    )
    supervisor = operator(story_api, "supervisora", "consola-supervisora-2026")
    moved = story_api.post(
        f"/api/console/conversations/{conversation}/assign", headers=supervisor, json={"operator_id": omar_id}
    )
    assert moved.status_code == 200, moved.text
    assert (
        story_api.post(
            f"/api/console/conversations/{conversation}/reply", headers=olga, json={"text": "sigo yo"}
        ).json()["error"]
        == "held_by_another"
    )
    assert (
        story_api.post(
            f"/api/console/conversations/{conversation}/reply", headers=omar, json={"text": "Hola, soy Omar."}
        ).status_code
        == 200
    )
    with connect(demo_db.admin) as conn:
        held = conn.execute("SELECT held_by::text FROM ops.conversations WHERE conversation_id = %s", (conversation,))
        assert held.fetchone()[0] == omar_id
        tools = [
            r[0]
            for r in conn.execute(
                (
                    "SELECT tool FROM ops.decision_log WHERE conversation_id = %s AND tool LIKE 'operator_%%' ORDER "
                    "BY log_id"
                ),
                (conversation,),
            )
        ]
    assert tools == ["operator_take", "operator_assign", "operator_reply"]


def test_two_operators_answering_a_waiting_case_at_once_leave_one_holder(story_api, demo_db):
    from concurrent.futures import ThreadPoolExecutor

    handed_off(story_api, "fraud-race")
    olga = operator(story_api)
    _, omar = second_operator(demo_db, story_api)
    conversation = conversation_of(story_api, olga, "fraud-race")["conversation_id"]
    url = f"/api/console/conversations/{conversation}/reply"
    with ThreadPoolExecutor(2) as pool:
        answers = list(
            pool.map(lambda h: story_api.post(url, headers=h, json={"text": "Hola"}).status_code, [olga, omar])
        )
    assert sorted(answers) == [200, 409]


def test_every_thread_read_is_logged_with_the_operator(story_api, demo_db):
    handed_off(story_api, "fraud-read")
    staff = operator(story_api)
    me = story_api.get("/api/operators/me", headers=staff).json()
    conversation = conversation_of(story_api, staff, "fraud-read")["conversation_id"]
    for _ in range(2):
        assert story_api.get(f"/api/console/conversations/{conversation}", headers=staff).status_code == 200
    with connect(demo_db.admin) as conn:
        reads = conn.execute(
            "SELECT operator_id::text, status FROM ops.thread_reads WHERE conversation_id = %s", (conversation,)
        ).fetchall()
    assert reads == [(me["operator_id"], "waiting")] * 2


def test_the_queue_sorts_by_priority_then_sla_time_left_and_says_the_time_left(story_api):
    for customer in ("DEMO-CO-PENDING", "DEMO-MX-FX"):
        story_api.post(
            "/api/chat",
            headers=sign_in(story_api, customer),
            json={"message": "quiero hablar con una persona", "thread_id": "person-sort"},
        )
    handed_off(story_api, "fraud-sort")
    waiting = story_api.get("/api/console/queue?status=waiting", headers=operator(story_api)).json()
    rank = {"High": 0, "Medium": 1, "Low": 2, None: 3}
    keys = [
        (rank[c["priority"]], c["sla_seconds_left"] if c["sla_seconds_left"] is not None else 10**9) for c in waiting
    ]
    assert keys == sorted(keys)
    assert waiting[0]["priority"] == "High" and 0 < waiting[0]["sla_seconds_left"] <= 4 * 3600


def test_the_case_file_of_a_plain_request_for_a_person_carries_what_the_conversation_found(story_api):
    customer = sign_in(story_api)
    for text in ("no reconozco estas transacciones", "quiero hablar con una persona"):
        story_api.post("/api/chat", headers=customer, json={"message": text, "thread_id": "person-facts"})
    staff = operator(story_api)
    conversation = conversation_of(story_api, staff, "person-facts")
    assert conversation["status"] == "waiting"
    facts = story_api.get(f"/api/console/conversations/{conversation['conversation_id']}", headers=staff).json()[
        "facts"
    ]
    assert facts["asked"] == ["no reconozco estas transacciones", "quiero hablar con una persona"]
    assert any("Uber" in said and "312" in said for said in facts["found"]), facts


def test_an_operator_blocks_a_card_through_the_gateway_as_the_actor(story_api, demo_db, cards_left_active):
    handed_off(story_api, "fraud-act")
    staff = operator(story_api)
    me = story_api.get("/api/operators/me", headers=staff).json()
    conversation = conversation_of(story_api, staff, "fraud-act")["conversation_id"]
    before = story_api.post(
        f"/api/console/conversations/{conversation}/actions",
        headers=staff,
        json={"action": "block_card", "params": {"product_id": "x"}},
    )
    assert before.status_code == 409 and before.json()["error"] == "hold_the_case_first"
    story_api.post(f"/api/console/conversations/{conversation}/take", headers=staff)
    thread = story_api.get(f"/api/console/conversations/{conversation}", headers=staff).json()
    card = next(c for c in thread["cards"] if c["status"] == "Active")
    done = story_api.post(
        f"/api/console/conversations/{conversation}/actions",
        headers=staff,
        json={"action": "block_card", "params": {"product_id": card["product_id"]}},
    )
    assert done.status_code == 200 and done.json()["items"][0]["status"] == "verified", done.text
    with connect(demo_db.admin) as conn:
        actor = conn.execute(
            "SELECT proposed->>'operator_id', verified FROM ops.decision_log WHERE conversation_id = %s "
            "AND tool = 'operator_action:block_card'",
            (conversation,),
        ).fetchall()
        gateway = conn.execute(
            "SELECT count(*) FROM ops.decision_log WHERE conversation_id = %s AND tool = 'execute:block_card' "
            "AND verified",
            (conversation,),
        ).fetchone()[0]
    assert actor == [(me["operator_id"], True)] and gateway == 1
    refused = story_api.post(
        f"/api/console/conversations/{conversation}/actions",
        headers=staff,
        json={"action": "cancel_card", "params": {"product_id": card["product_id"]}},
    )
    assert refused.status_code == 422


def test_a_verified_action_leaves_one_receipt_in_mensajes_in_the_customers_language(story_api, cards_left_active):
    customer = sign_in(story_api, "DEMO-MX-OWN-PURCHASE")
    turn = story_api.post(
        "/api/chat", headers=customer, json={"message": "bloquea mi tarjeta", "thread_id": "receipt"}
    ).json()
    batch = turn["actions"]["batch_id"]
    for _ in range(2):
        done = story_api.post(f"/api/actions/{batch}/confirm", headers=customer, json={"thread_id": "receipt"})
        assert done.json()["items"][0]["status"] == "verified", done.text
    receipts = [
        m for m in story_api.get("/api/me/outbox", headers=customer).json() if m["template"] == "action_receipt"
    ]
    assert len(receipts) == 1
    assert (
        receipts[0]["subject"] == "Comprobante: tarjeta terminada en 4655 bloqueada" and receipts[0]["language"] == "es"
    )
    assert done.json()["items"][0]["text"] in receipts[0]["body"]


def test_a_receipt_in_mensajes_is_written_in_portuguese_for_ana(story_api, demo_db):
    customer = sign_in(story_api, "DEMO-BR-PORTUGUESE")
    turn = story_api.post(
        "/api/chat", headers=customer, json={"message": "quero bloquear meu cartão", "thread_id": "recibo"}
    ).json()
    batch = turn["actions"]["batch_id"]
    done = story_api.post(f"/api/actions/{batch}/confirm", headers=customer, json={"thread_id": "recibo"}).json()
    try:
        assert done["items"][0]["status"] == "verified", done
        [receipt] = [
            m for m in story_api.get("/api/me/outbox", headers=customer).json() if m["template"] == "action_receipt"
        ]
        assert receipt["language"] == "pt" and receipt["subject"] == "Comprovante: cartão final 4877 bloqueado"
        assert "Fizemos e conferimos" in receipt["body"]
    finally:
        with connect(demo_db.admin) as conn:
            conn.execute("DELETE FROM ops.card_actions WHERE customer_id = 'DEMO-BR-PORTUGUESE'")
            conn.commit()


def test_a_reply_that_fails_before_its_commit_leaves_the_case_waiting_and_unanswered(story_api, monkeypatch):
    from quipu.adapters.postgres.console_unit_of_work import PgConsoleUnitOfWork
    from quipu.application.console import Staff

    class LogDown(PgConsoleUnitOfWork):
        async def record(self, **decision) -> None:
            raise RuntimeError("the decision log is unreachable")

    handed_off(story_api, "fraud-undone")
    staff = operator(story_api)
    found = conversation_of(story_api, staff, "fraud-undone")
    console = story_api.app.state.services.console
    monkeypatch.setattr(console.store, "unit_of_work", lambda: LogDown(console.store.pool))
    me = story_api.get("/api/operators/me", headers=staff).json()
    with pytest.raises(RuntimeError):
        story_api.portal.call(console.reply, found["conversation_id"], Staff(me["operator_id"], me["role"]), "Hola")
    monkeypatch.undo()
    thread = story_api.get(f"/api/console/conversations/{found['conversation_id']}", headers=staff).json()
    assert thread["status"] == "waiting" and thread["held_by"] is None
    assert "operator" not in [m["role"] for m in thread["messages"]] and thread["cases"][0]["status"] == "open"
