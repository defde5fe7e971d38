"""At the HTTP edge: a busy model is a 503 with Retry-After and ES/PT words, the message kept in the thread with a
note that it was not answered, the turn can be sent again; a customer past the chat limit is a 429; /metrics counts
what happened; logs are JSON lines."""

import io
import json
import logging
from concurrent.futures import ThreadPoolExecutor

from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from quipu.adapters.llm.scripted import ScriptedModel
from quipu.adapters.logs import JsonFormatter
from quipu.adapters.tracing import Tracer
from quipu.application.ports import ModelBusy
from support import sign_in

BALANCE = {"intent": "balance", "mood": "question", "polarity": "asks", "speaker": "customer"}


def balances_model(*first):
    """A model that reads clauses (the reader mode `model` asks it for every clause)."""
    return ScriptedModel([*first, BALANCE, BALANCE, BALANCE])


def test_a_busy_model_answers_503_with_retry_after_keeps_the_message_and_the_turn_can_be_sent_again(make_client):
    api = make_client(model=balances_model(ModelBusy("queue_full", retry_after=7)), reader="model")
    headers = sign_in(api, "DEMO-MX-DUPLICATE")
    turn = {"message": "¿cómo van mis cuentas?", "thread_id": "busy-then-fine"}  # the model reads every clause
    busy = api.post("/api/chat", headers=headers, json=turn)
    assert busy.status_code == 503 and busy.headers["retry-after"] == "7"
    assert busy.json()["error"] == "model_busy"
    assert busy.json()["messages"] == {
        "es": "Hay mucha demanda, inténtalo en un momento.",
        "pt": "Há muita demanda, tente novamente em um momento.",
    }
    stored = api.get("/api/me/conversations/busy-then-fine", headers=headers).json()["messages"]
    not_answered = "Hay mucha demanda y no pudimos responder este mensaje. Envíalo de nuevo en un momento."
    assert [(m["role"], m["content"]) for m in stored] == [
        ("customer", "¿cómo van mis cuentas?"),  # a message sent is never lost, even when it is not answered
        ("system", not_answered),
    ]
    again = api.post("/api/chat", headers=headers, json=turn)
    assert again.status_code == 200 and "12,000.00 MXN" in again.json()["reply"] and again.json()["handoff"] is None
    messages = api.get("/api/me/conversations/busy-then-fine", headers=headers).json()["messages"]
    assert [(m["role"], m["content"]) for m in messages][2:] == [
        ("customer", "¿cómo van mis cuentas?"),
        ("assistant", again.json()["reply"]),
    ]


def test_a_busy_reading_is_not_turned_into_a_hand_off(make_client):
    model = ScriptedModel([ModelBusy("deadline")])  # the model's reading itself is refused
    api = make_client(model=model, reader="model")
    answer = api.post(
        "/api/chat", headers=sign_in(api, "DEMO-BR-PORTUGUESE"), json={"message": "oi, como estão minhas contas?"}
    )
    assert answer.status_code == 503 and "retry-after" in answer.headers


def test_a_customer_past_the_chat_limit_gets_429_under_concurrent_requests_and_others_still_chat(
    make_client, admin, clock
):
    api = make_client(model=ScriptedModel(), chat_rate_per_minute=3)
    camilo, ana = sign_in(api, "DEMO-CO-AMBIGUOUS"), sign_in(api, "DEMO-BR-PORTUGUESE")
    window = clock().replace(second=0, microsecond=0)
    row = admin.execute(
        "SELECT hits FROM ops.rate_limits WHERE bucket = 'chat:DEMO-CO-AMBIGUOUS' AND window_start = %s", (window,)
    ).fetchone()
    allowed = max(0, 3 - (row[0] if row else 0))  # other tests of this minute may have chatted as Camilo

    def send(_):
        return api.post("/api/chat", headers=camilo, json={"message": "¿y mi saldo?"})

    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(send, range(6)))
    refused = [a for a in answers if a.status_code == 429 and a.json()["error"] == "too_many_messages"]
    # within the limit, simultaneous turns of one customer also wait for each other (one turn in flight)
    one_at_a_time = [a for a in answers if a.status_code == 429 and a.json()["error"] == "turn_in_flight"]
    assert len(refused) == 6 - allowed and sum(a.status_code == 200 for a in answers) + len(one_at_a_time) == allowed
    assert all(int(a.headers["retry-after"]) >= 1 for a in refused + one_at_a_time)
    admin.execute("DELETE FROM ops.rate_limits WHERE bucket = 'chat:DEMO-BR-PORTUGUESE'")  # earlier tests' turns
    assert api.post("/api/chat", headers=ana, json={"message": "qual meu saldo?"}).status_code == 200


def test_metrics_count_turns_by_skill_and_outcome_and_show_the_pools(make_client):
    api = make_client(model=balances_model())
    api.post("/api/chat", headers=sign_in(api, "DEMO-MX-DUPLICATE"), json={"message": "¿cuánto tengo?"})
    text = api.get("/metrics").text
    assert 'quipu_turns_total{handoff="none",outcome="answered",skill="balance_inquiry"}' in text
    assert 'quipu_db_pool_connections{pool="app",state="max"} 10.0' in text
    assert "quipu_model_queue_depth" in text and "quipu_turn_seconds_bucket" in text


def test_every_log_line_is_one_json_object_with_the_request_id_also_on_the_trace(make_client):
    exporter = InMemorySpanExporter()
    api = make_client(model=balances_model())
    api.app.state.services.tracer = Tracer(exporter)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logging.getLogger("quipu").addHandler(handler)
    previous = logging.getLogger("quipu").level
    logging.getLogger("quipu").setLevel(logging.INFO)
    try:
        headers = {**sign_in(api, "DEMO-MX-DUPLICATE"), "X-Request-ID": "req-load-0001"}
        answer = api.post("/api/chat", headers=headers, json={"message": "¿cuánto tengo?"})
    finally:
        logging.getLogger("quipu").removeHandler(handler)
        logging.getLogger("quipu").setLevel(previous)
    assert answer.headers["x-request-id"] == "req-load-0001"
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    request_line = next(line for line in lines if line["message"] == "request" and line["path"] == "/api/chat")
    assert request_line["request_id"] == "req-load-0001" and request_line["status"] == 200
    spans = exporter.get_finished_spans()
    assert spans and all(s.attributes.get("quipu.request_id") == "req-load-0001" for s in spans)
