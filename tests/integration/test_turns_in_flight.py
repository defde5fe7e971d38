"""One customer, one fair share of the model, on real PostgreSQL: a customer's simultaneous streamed turns get
one place (the others 429 at once, nothing stored), a turn the customer walked away from still holds it until
it ends, and the next customer is answered, not told the model is busy."""

import asyncio
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest

from quipu.adapters.llm.queue import QueuedModel
from quipu.adapters.llm.scripted import ScriptedModel
from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.liveness import NAMESPACE
from support import sign_in

LUCIA, ANA = "DEMO-MX-DUPLICATE", "DEMO-BR-PORTUGUESE"
BALANCES = [{"action": "tool", "tool": "get_balances", "arguments": {}}, {"action": "reply", "text": "Listo."}]


READ = {"intent": "balance", "mood": "question", "polarity": "asks", "speaker": "customer"}


def read_or_answer(purpose: str, messages: list[dict]) -> dict:
    return READ if purpose == "read" else {"action": "reply", "text": "Listo."}


class GatedModel:
    """A scripted model whose calls wait until the test opens the gate (the app runs in another thread). The
    app reads every clause with it (reader "model"), so each turn waits here whether or not code could have
    read and answered it alone: "¿cómo van mis cuentas?" once needed the model and no longer does."""

    provider = model = "scripted"

    def __init__(self, turns: int):
        self.inner = ScriptedModel([read_or_answer] * 3 * turns, router=lambda text: "balance_inquiry")
        self.gate = threading.Event()
        self.calls = 0

    async def complete(self, **call):
        self.calls += 1
        await asyncio.to_thread(self.gate.wait, 30)
        return await self.inner.complete(**call)


@pytest.fixture
def gated(make_client, admin):
    admin.execute("DELETE FROM ops.turns_in_flight WHERE customer_id IN (%s, %s)", (LUCIA, ANA))
    model = GatedModel(turns=6)
    queued = QueuedModel(model, slots=1, max_waiting=8, call_timeout=30)
    api = make_client(model=queued, chat_rate_per_minute=100, reader="model")
    yield api, model
    model.gate.set()


def stream(api, headers, message="¿cómo van mis cuentas?"):
    body = {"message": message, "thread_id": f"burst-{uuid.uuid4().hex[:8]}"}
    return api.post("/api/chat/stream", headers=headers, json=body)


def test_24_simultaneous_streamed_turns_of_one_customer_hold_one_place_and_the_next_customer_is_answered(gated):
    api, model = gated
    lucia, ana = sign_in(api, LUCIA), sign_in(api, ANA)
    with ThreadPoolExecutor(24) as pool:
        burst = [pool.submit(stream, api, lucia) for _ in range(24)]
        for _ in range(200):  # the 23 refusals come back while the one admitted turn waits on the model
            if sum(f.done() for f in burst) >= 23:
                break
            threading.Event().wait(0.05)
        refused = [f.result() for f in burst if f.done()]
        assert len(refused) == 23 and all(r.status_code == 429 for r in refused), [r.status_code for r in refused]
        assert refused[0].json()["error"] == "turn_in_flight" and int(refused[0].headers["retry-after"]) >= 1
        assert refused[0].json()["messages"]["es"].startswith("Todavía estoy respondiendo")
        answer_for_ana = pool.submit(api.post, "/api/chat", headers=ana, json={"message": "como estão minhas contas?"})
        threading.Event().wait(0.3)
        model.gate.set()
        admitted = next(f.result() for f in burst if f.result().status_code != 429)
        assert admitted.status_code == 200 and '"turn"' in admitted.text.splitlines()[-1]
        assert model.calls >= 1  # the admitted turn waited at the gate: the refusals came while it was in flight
        assert answer_for_ana.result().status_code == 200  # waited its turn behind Lucía's; never model_busy
    assert stream(api, lucia).status_code == 200  # the place was given back when the turn ended


def test_a_streamed_turn_the_customer_left_still_holds_their_place_until_it_ends(gated, admin):
    api, model = gated
    lucia = sign_in(api, LUCIA)
    body = {"message": "¿cómo van mis cuentas?", "thread_id": f"left-{uuid.uuid4().hex[:8]}"}
    with api.stream("POST", "/api/chat/stream", headers=lucia, json=body) as left:
        assert left.status_code == 200
        next(left.iter_lines())  # the first step line; then the customer closes the tab
    again = api.post("/api/chat", headers=lucia, json={"message": "¿y mi saldo?"})
    assert again.status_code == 429 and again.json()["error"] == "turn_in_flight"
    assert admin.execute("SELECT count(*) FROM ops.turns_in_flight WHERE customer_id = %s", (LUCIA,)).fetchone() == (1,)
    model.gate.set()
    for _ in range(100):  # the abandoned turn finishes on its own and gives the place back
        if not admin.execute("SELECT 1 FROM ops.turns_in_flight WHERE customer_id = %s", (LUCIA,)).fetchone():
            break
        threading.Event().wait(0.05)
    assert api.post("/api/chat", headers=lucia, json={"message": "¿y mi saldo?"}).status_code == 200


def hold_place(admin_url, customer, holder, until):
    with connect(admin_url) as conn:
        conn.execute(
            "INSERT INTO ops.turns_in_flight (customer_id, turn_id, started_at, hold_until, holder) "
            "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (customer_id) DO UPDATE "
            "SET hold_until = EXCLUDED.hold_until, holder = EXCLUDED.holder",
            (customer, uuid.uuid4(), until - timedelta(seconds=105), until, holder),
        )


def test_a_place_held_by_a_process_that_died_is_taken_over_at_once(make_client, demo_db, clock):
    holder = 424_242
    process = connect(demo_db.admin)  # another API process, alive while its liveness lock is held
    process.execute("SELECT pg_advisory_lock(%s, %s)", (NAMESPACE, holder))
    hold_place(demo_db.admin, ANA, holder, clock() + timedelta(seconds=100))
    api = make_client(model=ScriptedModel(BALANCES, router=lambda text: "balance_inquiry"), chat_rate_per_minute=100)
    ana = sign_in(api, ANA)
    assert api.post("/api/chat", headers=ana, json={"message": "como estão minhas contas?"}).status_code == 429
    process.close()  # the process dies: its connection and its lock go with it
    assert api.post("/api/chat", headers=ana, json={"message": "como estão minhas contas?"}).status_code == 200


def test_a_place_held_past_the_longest_turn_is_taken_over(make_client, demo_db, clock):
    holder = 434_343
    process = connect(demo_db.admin)
    process.execute("SELECT pg_advisory_lock(%s, %s)", (NAMESPACE, holder))
    hold_place(demo_db.admin, ANA, holder, clock() + timedelta(seconds=100))
    api = make_client(model=ScriptedModel(BALANCES, router=lambda text: "balance_inquiry"), chat_rate_per_minute=100)
    ana = sign_in(api, ANA)
    assert api.post("/api/chat", headers=ana, json={"message": "como estão minhas contas?"}).status_code == 429
    clock.advance(seconds=101)
    assert api.post("/api/chat", headers=ana, json={"message": "como estão minhas contas?"}).status_code == 200
    process.close()
