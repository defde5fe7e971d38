"""The turn's typed state: the conversation and the turn's record come back from the checkpoint as themselves,
the page gets the hand-off as it was set, and the chat turn is built from the record in one call."""

from datetime import UTC, datetime
from decimal import Decimal

from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

from quipu.application.action_view import ActionCard, CardItem
from quipu.application.agent.state import (
    CHECKPOINTED,
    MAX_HISTORY,
    Conversation,
    Handoff,
    LastRequest,
    Said,
    TurnRecord,
    Usage,
)
from quipu.application.chat import MAX_QUICK_REPLIES, ChatTurn
from quipu.application.memory import Recalled
from quipu.application.tool_results import PendingProposal
from quipu.application.transfer_results import Confirmation

CARD = ActionCard(
    batch_id="b-1",
    language="es",
    needs_confirmation=True,
    strong=False,
    items=[
        CardItem(
            action_id="a-1",
            action="block_card",
            status="awaiting_confirmation",
            state="por confirmar",
            tone="waiting",
            text="Bloquear tu tarjeta terminada en 9010.",
            reason=None,
        )
    ],
    expires_at="2025-06-11T09:10:00+00:00",
    escalate=[],
    state="awaiting_confirmation",
)
TRANSFER = Confirmation(
    transfer_id="t-1",
    kind="own_accounts",
    amount=Decimal("150.00"),
    currency="MXN",
    origin="Cuenta 1234",
    destination="Cuenta 5678",
    place="Mexico",
    expires_at=datetime(2025, 6, 11, 9, 10, tzinfo=UTC),
    text="Transferir 150.00 MXN",
)
RECORD = TurnRecord(
    skill="account_actions",
    tool_calls=({"tool": "propose_actions", "arguments": {"actions": []}, "result": {"note": "x"}},),
    tools_used=("propose_actions",),
    reply="Te propongo bloquear tu tarjeta.",
    outcome="answered",
    handoff=Handoff(reason="action_escalated", already_open=True),
    actions=CARD,
    confirmation=TRANSFER,
    model_calls=2,
    tokens_in=30,
    tokens_out=4,
    quick_replies=("Sí", "No", "Otra", "Más", "Una quinta"),
)
CONVERSATION = Conversation(
    history=(Said(role="user", content="bloquea mi tarjeta"), Said(role="assistant", content="¿Cuál?")),
    awaiting_skill="account_actions",
    last=LastRequest(
        skill="account_actions",
        intent="block_card",
        tool="propose_actions",
        arguments={"actions": [{"action": "block_card"}]},
        text="bloquea mi tarjeta",
        proposal=PendingProposal(kind="actions", id="b-1", summary="Bloquear tu tarjeta"),
    ),
    memory=Recalled(recalled=True, summary="Tu aclaración", notes={"disputes": [{"amount": "312.40"}]}),
)


def test_the_conversation_and_the_turns_record_read_back_from_the_checkpoint_as_themselves():
    # the serializer the composition root gives the checkpointer (bootstrap.py), as the graph extends it
    serde = JsonPlusSerializer(allowed_msgpack_modules=[("quipu.application.caller", "Caller")])
    serde = serde.with_msgpack_allowlist(CHECKPOINTED)
    for value in (CONVERSATION, RECORD):
        read = serde.loads_typed(serde.dumps_typed(value))
        assert type(read) is type(value) and read == value


def test_the_hand_off_is_sent_with_only_what_was_set():
    assert Handoff(reason="customer_asked").model_dump(mode="json") == {"reason": "customer_asked"}
    opened = Handoff(reason="possible_fraud", case_id="c-1", keep_reply=True)
    assert opened.model_dump(mode="json") == {"reason": "possible_fraud", "case_id": "c-1", "keep_reply": True}


def test_a_turns_exchange_joins_the_models_window_and_says_what_it_waits_for():
    asked = CONVERSATION.exchanged("la de crédito", "Listo", asked=True, offered=None)
    assert asked.history[-2:] == (Said(role="user", content="la de crédito"), Said(role="assistant", content="Listo"))
    assert asked.awaiting_skill == "account_actions" and asked.last == CONVERSATION.last
    answered = CONVERSATION.exchanged("gracias", "De nada", asked=False, offered="set_alert")
    assert answered.awaiting_skill is None and answered.offered_intent == "set_alert"
    long = Conversation()
    for n in range(MAX_HISTORY):
        long = long.exchanged(f"m{n}", f"r{n}", asked=False, offered=None)
    assert len(long.history) == MAX_HISTORY and long.history[-1].content == f"r{MAX_HISTORY - 1}"
    assert Said(role="assistant", content="x" * 300).message(cut=160)["content"] == "x" * 160


def test_model_calls_add_up_on_the_turns_record():
    assert RECORD.used(Usage(1, 10, 2)).usage == Usage(3, 40, 6)


def test_the_chat_turn_is_built_from_the_record_in_one_call():
    turn = ChatTurn.of(RECORD, reply="Te propongo…", thread_id="t1", language="es", status="waiting")
    assert (turn.skill, turn.tools_used, turn.handoff, turn.actions) == (
        "account_actions",
        ["propose_actions"],
        RECORD.handoff,
        CARD,
    )
    assert turn.quick_replies == list(RECORD.quick_replies[:MAX_QUICK_REPLIES])
    assert turn.tool_calls == list(RECORD.tool_calls) and turn.model_calls == 2
    # what POST /api/chat sends of them (ChatOut nests the same models)
    assert turn.handoff is not None and turn.handoff.model_dump(mode="json") == {
        "reason": "action_escalated",
        "already_open": True,
    }
    assert turn.actions is not None and turn.actions.model_dump(mode="json") == CARD.json_ready()  # nulls kept
    assert turn.confirmation is not None and turn.confirmation.model_dump(mode="json")["amount"] == "150.00"
