"""The turn's typed state: the page gets the hand-off as it was set, the conversation keeps the model's window, and
the chat turn is built from the record in one call. (Its round trip through the checkpoint is the graph's seam:
`tests/integration/test_tool_results.py`.)"""

from quipu.application.agent.state import MAX_HISTORY, Conversation, Handoff, Said, Usage
from quipu.application.chat import MAX_QUICK_REPLIES, ChatTurn
from turn_samples import CARD, CONVERSATION, RECORD


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
