"""What one chat turn carries through the graph, and what the conversation keeps between turns.

The graph's state is `TurnState`: what the turn is given (the words, the photo's reading, who asks), the
`Conversation` it continues, the `TurnRecord` of what this turn did, and what the words were read as
(`Understood`). The conversation and the record are checkpointed (once, at the end of the turn); the
reading is never.

Checkpoints written before these models kept the same things as loose keys (`history`, `awaiting_skill`,
`last`, `offered_intent`, `memory`, and each per-turn value on its own). They are not converted: the graph
reads only its own channels, so a thread whose last turn ran before the change starts its next turn with an
empty `Conversation` (no window for the model, nothing awaited, no last request). Its messages, its cards
and their buttons are untouched (they live in ops, not in the checkpoint); a "cancélalo" in that first turn
finds no pending proposal to withdraw, and memory recalls no findings from such a conversation.

Two histories, on purpose. `Conversation.history` is the model's window: only the exchanges the agent
answered, each ending in the reply that passed the claims check, the photo's words replaced by a placeholder,
at most `MAX_HISTORY` lines, written with the rest of the conversation in the turn's one checkpoint (a turn
that failed leaves no half exchange behind). `ops.messages` (the `Conversations` port) is the thread's record,
what the customer and the operators read: appended before a turn runs (a message sent is in the thread even
if the turn fails), never rewritten, and holding what the model's window does not: the messages sent while a
person held the conversation, the person's own words, the system notes (what memory recalled, a turn that
failed or was refused as busy), and the reply with the note that a person still has the case. Reading the
window from ops.messages would add a query to every turn and a filter over all of that."""

from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypedDict, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, InstanceOf, SerializerFunctionWrapHandler, model_serializer

from quipu.application.action_view import ActionCard
from quipu.application.caller import Caller
from quipu.application.memory import Recalled
from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.tool_results import PendingProposal
from quipu.application.transfer_results import Confirmation
from quipu.application.understanding.commands import Command
from quipu.domain.reading.model import Reading, ReadingContext

PHOTO_PLACEHOLDER = "[foto]"
MAX_HISTORY = 20
HISTORY_IN_PROMPT = 6
REPLY_IN_PROMPT = 160  # the model needs the gist of earlier replies, not their lists of figures
QUESTION_STATUSES = frozenset({"needs_clarification", "unknown_period", "unknown_currency"})
FROZEN = ConfigDict(frozen=True)


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


# --- what the conversation keeps -----------------------------------------------------------------------


class Said(BaseModel):
    """One line of the model's window: the customer's words, or the assistant's reply."""

    model_config = FROZEN
    role: Literal["user", "assistant"]
    content: str

    def message(self, cut: int | None = None) -> dict[str, str]:
        """As the model reads it; an assistant's reply cut to `cut` characters when given."""
        content = self.content[:cut] if cut is not None and self.role == "assistant" else self.content
        return {"role": self.role, "content": content}


class LastRequest(BaseModel):
    """What the conversation's last request was, for the next turn to lean on: its skill and intent, its
    words, its last tool call and where it stood, the proposal still waiting for the button, and the words
    that found the charge the bank last looked at ("ese cobro")."""

    model_config = FROZEN
    skill: str | None = None
    intent: str | None = None
    tool: str | None = None
    arguments: dict[str, Any] = Field(default_factory=dict)  # the tool's own arguments, as it was called
    text: str | None = None
    status: str | None = None
    proposal: PendingProposal | None = None
    # every card shown in this conversation and not withdrawn, replaced or superseded since (the button's presses
    # are the bank's to know: withdrawing one already carried out says so): "no espera, mejor no pagues nada" after
    # a lookup withdraws the two bills still waiting
    waiting: tuple[PendingProposal, ...] = ()
    looked_at: str | None = None


class Conversation(BaseModel):
    """What the conversation keeps between turns (checkpointed per thread): the model's window on the
    exchanges, what code is waiting for (an answer to its question, or a yes to what it offered), and the
    last request."""

    model_config = FROZEN
    history: tuple[Said, ...] = ()
    awaiting_skill: str | None = None  # the skill whose question the customer is answering
    offered_intent: str | None = None  # what code offered to prepare in its last reply
    last: LastRequest | None = None
    # QUIPU_CHAT_MEMORY=on: what the bank recalled when the conversation started (code's summary and its typed
    # notes: disputes, waiting proposals, cases with a person, last findings); never earlier raw messages
    memory: Recalled | None = None

    def exchanged(self, said: str, reply: str, *, asked: bool, offered: str | None) -> "Conversation":
        """After a turn: its exchange in the window, and what the reply waits for."""
        history = (*self.history, Said(role="user", content=said), Said(role="assistant", content=reply))
        awaiting = self.last.skill if asked and self.last else None
        return self.model_copy(
            update={"history": history[-MAX_HISTORY:], "awaiting_skill": awaiting, "offered_intent": offered}
        )


# --- what one turn did ---------------------------------------------------------------------------------


class Handoff(BaseModel):
    """A person takes the conversation: why, and the case filed for them (sent to the page as it is set)."""

    model_config = FROZEN
    reason: str
    case_id: str | None = None
    already_open: bool = False  # a person already has the case: no second one is opened
    keep_reply: bool = False  # what the records show is said first, then who takes it

    @model_serializer(mode="wrap")
    def _as_set(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        # no return annotation: the published (serialization) schema stays the model's own
        data: dict[str, Any] = handler(self)
        return {k: v for k, v in data.items() if v is not None and v is not False}


@dataclass(frozen=True)
class Usage:
    """What the turn's model calls cost."""

    model_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0

    def __add__(self, other: "Usage") -> "Usage":
        return Usage(
            self.model_calls + other.model_calls, self.tokens_in + other.tokens_in, self.tokens_out + other.tokens_out
        )


class TurnRecord(BaseModel):
    """What one turn did: the skill that answered, every tool call (tool, arguments, result, as stored), the
    reply, how it ended, the hand-off, the card the customer confirms, what the model calls cost, the
    problems the claims check found, and the quick replies offered. Checkpointed as the conversation's last
    turn: the chat use case answers from it, and memory reads its findings."""

    model_config = FROZEN
    skill: str | None = None
    tool_calls: tuple[dict[str, Any], ...] = ()  # ToolOutcome.stored(): JSON, typed again by ToolOutcome.from_stored
    tools_used: tuple[str, ...] = ()
    reply: str | None = None
    outcome: str | None = None
    handoff: Handoff | None = None
    actions: ActionCard | None = None  # the actions card, with the customer's button
    confirmations: tuple[Confirmation, ...] = ()  # the transfer cards, in the order they were proposed
    model_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    problems: tuple[str, ...] = ()
    quick_replies: tuple[str, ...] = ()  # short answers the web chat offers as buttons
    offered: str | None = None  # what this turn's reply offers to prepare
    rephrased: bool = False

    @property
    def confirmation(self) -> Confirmation | None:
        """The turn's last transfer card (one turn may propose several: "paga la luz y el agua")."""
        return self.confirmations[-1] if self.confirmations else None

    @property
    def outcomes(self) -> list[ToolOutcome[Result]]:
        """The turn's tool calls, each result typed again by its tool's result model."""
        return [ToolOutcome.from_stored(entry) for entry in self.tool_calls]

    @property
    def usage(self) -> Usage:
        return Usage(self.model_calls, self.tokens_in, self.tokens_out)

    def used(self, usage: Usage) -> "TurnRecord":
        total = self.usage + usage
        return self.model_copy(
            update={"model_calls": total.model_calls, "tokens_in": total.tokens_in, "tokens_out": total.tokens_out}
        )


# --- the graph's state ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Understood:
    """The turn's message read once: the reading, the router's commands for its clauses, and the context the
    words were read against. Rebuilt each turn, never checkpointed."""

    reading: Reading
    commands: tuple[Command, ...] = ()
    context: ReadingContext | None = None


class TurnState(BaseModel):
    """The graph's state. Each field is a channel; a node returns only the fields it changes (`Update`).
    `attachment` and `understood` are this turn's only: the graph declares them untracked (`graph.Channels`)."""

    text: str  # what the customer typed (or said) this turn
    language: str
    caller: Caller  # who asks (customer, signed in, conversation): set by code, never by the model
    country: str | None = None  # for the customer's number convention
    case_waiting: bool = False  # the conversation's case waits for a person: code answers, opens no second case
    attachment: str | None = None  # candidate charges read from a statement photo
    conversation: Conversation = Conversation()
    turn: TurnRecord = TurnRecord()
    understood: InstanceOf[Understood] | None = None


class Update(TypedDict, total=False):
    """What a node changes."""

    conversation: Conversation
    turn: TurnRecord
    understood: Understood


# the types the checkpoint rebuilds (the graph adds them to the checkpointer's allowlist); any other type in
# the state would come back as a plain dict of its fields
CHECKPOINTED = (
    ("quipu.application.caller", "Caller"),
    ("quipu.application.agent.state", "Conversation"),
    ("quipu.application.agent.state", "TurnRecord"),
)


@dataclass(frozen=True)
class TurnInputs:
    """What the chat use case gives the graph each turn (and, on a conversation's first turn, what memory
    recalled)."""

    text: str
    language: str
    caller: Caller
    country: str | None = None
    case_waiting: bool = False
    attachment: str | None = None
    recalled: Recalled | None = None

    def values(self) -> dict[str, object]:
        values: dict[str, object] = {
            "text": self.text,
            "language": self.language,
            "caller": self.caller,
            "country": self.country,
            "case_waiting": self.case_waiting,
            "attachment": self.attachment,
        }
        if self.recalled is not None:  # a new conversation starts with what the bank recalled
            values["conversation"] = Conversation(memory=self.recalled)
        return values
