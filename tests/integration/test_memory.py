"""Memory across conversations (QUIPU_CHAT_MEMORY=on): a new conversation starts with code's summary of what is
still going on (open disputes, waiting proposals, cases with a person, last findings), never earlier messages,
every figure grounded; off by default, where nothing of it shows. On a bank of this module's own."""

import json

from fastmcp import Client
from starlette.testclient import TestClient
from test_disputes import LUCIA, lucia_disputed

from quipu.adapters.mcp.hub import hub
from quipu.adapters.mcp.session import meta_of
from quipu.application.caller import Caller
from quipu.domain.grounding import ungrounded
from quipu.service import create_app
from quipu.settings import Settings
from stack import TEST_HOME
from story_model import StoryModel
from support import TEST_SECRET, sign_in


def app_client(bank_db, clock, **settings):
    app = create_app(
        Settings(home=TEST_HOME, jwt_secret=TEST_SECRET, **settings), clock=clock, urls=bank_db, model=StoryModel()
    )
    return TestClient(app)


def chat(api, headers, words, thread):
    answered = api.post("/api/chat", headers=headers, json={"message": words, "thread_id": thread})
    assert answered.status_code == 200, answered.text
    return answered.json()


def messages(api, headers, thread):
    return api.get(f"/api/me/conversations/{thread}", headers=headers).json()["messages"]


def test_a_new_conversation_starts_with_what_is_still_going_on_and_never_earlier_words(bank_db, clock):
    with app_client(bank_db, clock, chat_memory="on") as api:
        api.portal.call(lucia_disputed, api.app.state.services.gateway)
        headers = sign_in(api, LUCIA)
        chat(api, headers, "no reconozco estos cargos de Uber", "memory-earlier")
        chat(api, headers, "hola", "memory-later")
        first, customer, _ = messages(api, headers, "memory-later")[:3]
        assert (first["role"], customer["role"]) == ("system", "customer")
        summary = first["content"]
        assert summary.startswith("Lo que tengo de tus conversaciones anteriores:")
        assert "Tu aclaración Q-" in summary and "312.40 MXN" in summary and "te prometimos respuesta" in summary
        assert "revisé el cargo de “Uber Trip” de 312.40 MXN del 11 de junio, 09:00" in summary
        assert "parecía un cobro duplicado" in summary
        assert "no reconozco" not in summary  # never the earlier raw messages
        recalled = api.portal.call(
            api.app.state.services.tools.memory.recall, LUCIA
        )  # the same notes a tool answers with
        assert recalled.recalled and not ungrounded(recalled.summary, [json.dumps(recalled.notes, default=str)])
        earlier = [m["role"] for m in messages(api, headers, "memory-earlier")]
        assert earlier == ["system", "customer", "assistant"]  # it started with the open dispute, nothing added since
        chat(api, headers, "gracias", "memory-later")
        assert [m["role"] for m in messages(api, headers, "memory-later")].count("system") == 1  # once, at the start


async def recall_over_mcp(tools, *, memory: bool):
    session = meta_of(Caller(LUCIA, True, "pt", thread_id="t"))
    async with Client(hub(lambda: tools, actions_enabled=True, memory=memory)) as client:
        names = {t.name for t in await client.list_tools()}
        if "memory_recall_earlier_conversations" not in names:
            return None
        return (await client.call_tool("memory_recall_earlier_conversations", {}, meta=session)).structured_content


def test_the_recall_tool_answers_over_mcp_only_when_memory_is_on(bank_db, clock):
    with app_client(bank_db, clock, chat_memory="on") as api:
        api.portal.call(lucia_disputed, api.app.state.services.gateway)
        tools = api.app.state.services.tools
        found = api.portal.call(lambda: recall_over_mcp(tools, memory=True))
        assert found["recalled"] is True and found["summary"].startswith("O que tenho das suas conversas anteriores:")
        assert "Sua contestação Q-" in found["summary"] and "312.40 MXN" in found["summary"]  # Mexico's convention
        assert api.portal.call(lambda: recall_over_mcp(tools, memory=False)) is None  # off: not built nor listed


def test_memory_is_off_by_default_and_a_new_conversation_starts_with_the_customers_words(bank_db, clock):
    with app_client(bank_db, clock) as api:
        assert api.app.state.services.settings.memory_on is False
        headers = sign_in(api, LUCIA)
        chat(api, headers, "hola", "memory-off")
        assert [m["role"] for m in messages(api, headers, "memory-off")] == ["customer", "assistant"]
