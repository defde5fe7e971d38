"""What one chat turn carries through the graph, and what the conversation keeps between turns."""

from typing import Any, Protocol, TypedDict, runtime_checkable

from quipu.application.caller import Caller
from quipu.application.results import Result

PHOTO_PLACEHOLDER = "[foto]"
MAX_HISTORY = 20
HISTORY_IN_PROMPT = 6
REPLY_IN_PROMPT = 160  # the model needs the gist of earlier replies, not their lists of figures
PER_TURN: dict[str, Any] = {
    "skill": None,
    "tool_calls": [],
    "tools_used": [],
    "reply": None,
    "outcome": None,
    "handoff": None,
    "actions": None,
    "confirmation": None,
    "model_calls": 0,
    "tokens_in": 0,
    "tokens_out": 0,
    "problems": [],
    "quick_replies": [],
    "reading": None,
    "commands": [],
    "context": None,
    "offered": None,
}
# what lives for one turn only and is never checkpointed (the reading and the commands are rebuilt each turn)
TRANSIENT = ("reading", "commands", "context")
QUESTION_STATUSES = frozenset({"needs_clarification", "unknown_period", "unknown_currency"})


@runtime_checkable
class SaysStatus(Protocol):
    """A result that says where it stands ("proposed", "needs_clarification", "found", "unknown_period"...)."""

    @property
    def status(self) -> str | None: ...


def status_of(result: Result) -> str | None:
    return result.status if isinstance(result, SaysStatus) else None


def asks_back(reply: str, result: Result) -> bool:
    """The reply waits for the customer: a result that needs one more detail, or words ending in a question
    (a question followed by the options to pick from counts too)."""
    return status_of(result) in QUESTION_STATUSES or reply.rstrip().endswith("?")


class TurnState(TypedDict, total=False):
    history: list[dict[str, Any]]  # the conversation so far, as the customer and the assistant said it
    awaiting_skill: str | None  # the skill whose question the customer is answering
    last: dict[str, Any] | None  # what the last request was: skill, intent, tool, arguments, words, proposal
    offered_intent: str | None  # what code offered to prepare in its last reply
    text: str  # what the customer typed (or said) this turn
    attachment: str | None  # candidate charges read from a statement photo, for this turn only
    language: str
    country: str | None  # for the customer's number convention
    caller: Caller  # who asks (customer, signed in, conversation): set by code, never by the model
    reading: Any  # the turn's Reading (domain.reading.model), built once
    commands: list[Any]  # the router's commands for the reading's clauses
    context: Any  # the ReadingContext the words were read against
    skill: str | None
    tool_calls: list[dict[str, Any]]  # every tool call of the turn: tool, arguments, result
    tools_used: list[str]
    reply: str | None
    outcome: str | None
    handoff: dict[str, Any] | None
    actions: dict[str, Any] | None
    confirmation: dict[str, Any] | None
    model_calls: int
    tokens_in: int
    tokens_out: int
    problems: list[str]
    rephrased: bool
    quick_replies: list[str]  # short answers the web chat offers as buttons
    offered: str | None  # what this turn's reply offers to prepare
    # QUIPU_CHAT_MEMORY=on: what the bank recalled when the conversation started (code's summary and its typed
    # notes: disputes, waiting proposals, cases with a person, last findings), for the reading to resolve
    # "¿ya revisaron lo del uber?" or "lo que te pregunté ayer" against; never earlier raw messages
    memory: dict[str, Any] | None
    case_waiting: bool  # the conversation's case waits for a person: code still answers, and opens no second case
