"""Conversation state lives in PostgreSQL: two API processes continue one thread; traces leave masked."""

import json

from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from starlette.testclient import TestClient

from quipu.adapters.llm.scripted import ScriptedModel
from quipu.adapters.tracing import Tracer
from quipu.service import create_app
from quipu.settings import Settings
from support import TEST_SECRET, sign_in

SEEN: list[list[str]] = []
PROFILE = {"intent": "profile", "mood": "request", "polarity": "asks", "speaker": "customer"}


def remembering(purpose, messages):
    SEEN.append([m["content"] for m in messages if m["role"] == "user"])
    return PROFILE


def test_two_api_processes_continue_the_same_thread_alternately(demo_db, tmp_path):
    # the model reads every clause here, so what it is shown proves the conversation came back from PostgreSQL
    settings = Settings(home=tmp_path, jwt_secret=TEST_SECRET, reader="model")
    first_model = ScriptedModel([remembering, remembering])
    second_model = ScriptedModel([remembering])
    SEEN.clear()
    with (
        TestClient(create_app(settings, urls=demo_db, model=first_model), client=("10.250.0.1", 1)) as one,
        TestClient(create_app(settings, urls=demo_db, model=second_model), client=("10.250.0.2", 1)) as two,
    ):
        headers = sign_in(one, "DEMO-MX-KHIPU")
        for api, text in (
            (one, "primero: mis datos"),
            (two, "segundo: y mi perfil"),
            (one, "tercero: y mis datos otra vez"),
        ):
            body = api.post("/api/chat", headers=headers, json={"message": text, "thread_id": "two-processes"}).json()
            assert body["reply"]
        said = " | ".join(SEEN[-1])
        assert "primero" in said and "segundo" in said and "tercero" in said


def test_exported_spans_carry_no_card_number_email_or_name(make_client):
    exporter = InMemorySpanExporter()
    model = ScriptedModel([PROFILE, PROFILE, PROFILE])
    api = make_client(model=model, reader="model")
    api.app.state.services.tracer = Tracer(exporter)
    message = "Soy Lucía Hernández Soto, mi tarjeta 4152 3134 5678 9010, correo lucia.h@example.com"
    api.post("/api/chat", headers=sign_in(api, "DEMO-MX-DUPLICATE"), json={"message": message})
    exported = json.dumps([dict(s.attributes) for s in exporter.get_finished_spans()], ensure_ascii=False)
    assert {"node.understand", "model.read", "tool.call", "node.respond"} <= {
        s.name for s in exporter.get_finished_spans()
    }
    for secret in ("4152 3134 5678 9010", "4152313456789010", "lucia.h@example.com", "Lucía", "Hernández"):
        assert secret not in exported, secret
    assert "****9010" in exported
