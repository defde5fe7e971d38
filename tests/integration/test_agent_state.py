"""Conversation state lives in PostgreSQL: two API processes continue one thread; traces leave masked."""

import functools
import json
from typing import Any, TypedDict

from langgraph.graph import END, START, StateGraph
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from starlette.testclient import TestClient

from quipu.adapters.llm.scripted import ScriptedModel
from quipu.adapters.tracing import Tracer
from quipu.application.caller import Caller
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


# a turn's state as checkpoints kept it before the typed turn: loose keys, the per-turn values among them
OLD_SHAPE = {
    "history": [{"role": "user", "content": "antes"}, {"role": "assistant", "content": "respuesta de antes"}],
    "awaiting_skill": "balance_inquiry",
    "offered_intent": "set_alert",
    "last": {"skill": "account_actions", "proposal": {"kind": "actions", "id": "b-old", "summary": "bloquear"}},
    "memory": {"summary": "lo de antes"},
    "handoff": {"reason": "customer_asked"},
    "tool_calls": [{"tool": "get_balances", "arguments": {}, "result": {}}],
    "reply": "respuesta de antes",
    "attachment": "cargos de una foto de antes",
    "reading": None,
}


class OldTurnState(TypedDict, total=False):
    text: str
    language: str
    caller: Caller
    history: list[dict[str, Any]]
    awaiting_skill: str | None
    offered_intent: str | None
    last: dict[str, Any] | None
    memory: dict[str, Any] | None
    handoff: dict[str, Any] | None
    tool_calls: list[dict[str, Any]]
    reply: str | None
    attachment: str | None
    reading: Any


def old_graph(checkpointer):
    """The graph's nodes as they were, writing the state's old shape."""

    async def understand(state):
        return dict(OLD_SHAPE)

    async def nothing(state):
        return {}

    graph = StateGraph(OldTurnState)
    graph.add_node("understand", understand)
    for name in ("respond", "claims_check", "handoff", "finish"):
        graph.add_node(name, nothing)
    graph.add_edge(START, "understand")
    graph.add_edge("understand", "respond")
    graph.add_edge("respond", "claims_check")
    graph.add_conditional_edges("claims_check", lambda s: "finish", ["handoff", "finish"])
    graph.add_edge("handoff", "finish")
    graph.add_edge("finish", END)
    return graph.compile(checkpointer=checkpointer)


def test_a_thread_checkpointed_before_the_typed_turn_goes_on_with_a_fresh_conversation(make_client):
    """Old checkpoints are not converted: the graph reads only its own channels, so the next turn answers as the
    first of its conversation (nothing awaited, no proposal to withdraw, an empty window for the model)."""
    api = make_client()
    headers = sign_in(api, "DEMO-MX-KHIPU")
    services = api.app.state.services
    conversation = api.portal.call(functools.partial(services.chat.conversations.ensure, "DEMO-MX-KHIPU", "old-shape"))
    config = {"configurable": {"thread_id": conversation}}
    caller = Caller("DEMO-MX-KHIPU", True, "es", thread_id="old-shape", conversation_id=conversation)
    given = {"text": "antes", "language": "es", "caller": caller}
    old = old_graph(services.chat.graph.checkpointer)
    api.portal.call(functools.partial(old.ainvoke, given, config=config, durability="exit"))
    body = api.post("/api/chat", headers=headers, json={"message": "cancélalo", "thread_id": "old-shape"}).json()
    assert body["reply"] and body["handoff"] is None and body["tools_used"] == []  # nothing pending to withdraw
    state = api.portal.call(services.chat.graph.aget_state, config).values
    assert [m.content for m in state["conversation"].history] == ["cancélalo", body["reply"]]
    assert state["conversation"].last is None or state["conversation"].last.proposal is None


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
