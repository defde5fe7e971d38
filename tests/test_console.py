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
    return next(c for c in api.get("/api/console/queue", headers=headers).json() if c["thread_id"] == thread)


def test_the_queue_puts_waiting_conversations_first_with_their_priority(story_api):
    handed_off(story_api, "fraud-queue")
    story_api.post(
        "/api/chat", headers=sign_in(story_api), json={"message": "no reconozco estas transacciones", "thread_id": "q2"}
    )
    queue = story_api.get("/api/console/queue", headers=operator(story_api)).json()
    statuses = [c["status"] for c in queue]
    assert statuses == sorted(statuses, key=lambda s: s != "waiting")
    fraud = next(c for c in queue if c["thread_id"] == "fraud-queue")
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
