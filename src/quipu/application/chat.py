"""Use case: one chat turn. The conversation belongs to (customer, thread); while a person holds it the agent
stays out; the graph's state lives in PostgreSQL, so any API process can serve the next turn."""

import contextvars
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from quipu.application.action_view import ActionCard
from quipu.application.agent.state import PHOTO_PLACEHOLDER, Handoff, TurnInputs, TurnRecord
from quipu.application.caller import Caller
from quipu.application.memory import Memory, Recalled
from quipu.application.ports import Conversations, Customers, ModelBusy, StatementReader
from quipu.application.transfer_results import Confirmation
from quipu.domain.agent_text import say
from quipu.domain.language import detect_language
from quipu.domain.statement import statement_note

log = logging.getLogger("quipu.chat")
MAX_MESSAGE_CHARS = 2000
MAX_QUICK_REPLIES = 4
# The step the customer is told about once a node finishes: the router understood, the skill looked things up.
NEXT_STEP = {"understand": "looking_up", "respond": "writing", "claims_check": "writing", "handoff": "writing"}
CUSTOMER_NAMES: contextvars.ContextVar[tuple[str, ...]] = contextvars.ContextVar("customer_names", default=())


@dataclass(frozen=True)
class ChatTurn:
    """What the customer's turn gets back: the reply, the cards, the hand-off, and what was done to write it."""

    reply: str | None
    thread_id: str
    language: str
    skill: str | None = None
    tools_used: list[str] = field(default_factory=list)
    handoff: Handoff | None = None
    actions: ActionCard | None = None  # the actions card, with the customer's button
    confirmations: list[Confirmation] = field(default_factory=list)  # the transfer cards, in order
    model_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    status: str = "bot"
    outcome: str | None = None
    # {tool, arguments, result}: what the reply was written from
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    # short answers the customer can tap (a question offering its two likeliest readings); each is sent as the
    # customer's next message, exactly as written
    quick_replies: list[str] = field(default_factory=list)

    @property
    def confirmation(self) -> Confirmation | None:
        """The last transfer card of the turn."""
        return self.confirmations[-1] if self.confirmations else None

    @classmethod
    def of(cls, turn: TurnRecord, *, reply: str, thread_id: str, language: str, status: str) -> "ChatTurn":
        """The turn the graph recorded, as the customer gets it (the reply as the thread stores it)."""
        return cls(
            reply=reply,
            thread_id=thread_id,
            language=language,
            skill=turn.skill,
            tools_used=list(turn.tools_used),
            handoff=turn.handoff,
            actions=turn.actions,
            confirmations=list(turn.confirmations),
            model_calls=turn.model_calls,
            tokens_in=turn.tokens_in,
            tokens_out=turn.tokens_out,
            status=status,
            outcome=turn.outcome,
            tool_calls=list(turn.tool_calls),
            quick_replies=[str(r) for r in turn.quick_replies][:MAX_QUICK_REPLIES],
        )


class Chat:
    def __init__(
        self,
        graph: Any,  # langgraph's compiled graph (Agent.build)
        conversations: Conversations,
        customers: Customers,
        statements: StatementReader | None = None,
        memory: Memory | None = None,
    ) -> None:
        self.graph = graph
        self.conversations = conversations
        self.customers = customers
        self.statements = statements
        self.memory = memory  # QUIPU_CHAT_MEMORY=on: what is still going on from earlier conversations

    async def _read_photo(self, image: bytes, language: str) -> str:
        """The photo becomes candidate charges for the investigation; the image itself is kept nowhere."""
        try:
            lines = await self.statements.read(image) if self.statements else []
        except Exception as error:  # an OCR failure leaves the chat working, with the photo unread
            log.warning("statement photo unreadable", exc_info=error)
            lines = []
        return statement_note(lines, language)

    async def _answer(
        self,
        caller: Caller,
        text: str,
        image: bytes | None,
        country: str | None,
        progress: Callable[[str], Awaitable[None]] | None,
        recalled: Recalled | None = None,
        case_waiting: bool = False,
    ) -> TurnRecord:
        """The graph's turn, checkpointed once at its end; what it did."""
        language = caller.language
        attachment = await self._read_photo(image, language) if image else None
        config = {"configurable": {"thread_id": caller.conversation_id}}
        # a new conversation's state starts with what the bank recalled (kept by the checkpoint)
        given = TurnInputs(text, language, caller, country, case_waiting, attachment, recalled)
        inputs = given.values()
        step = "understanding"
        if progress:
            await progress(step)
        # one checkpoint per turn ("exit"): the turn is the unit a second process resumes from
        async for update in self.graph.astream(inputs, config=config, stream_mode="updates", durability="exit"):
            following = next((NEXT_STEP[node] for node in update if node in NEXT_STEP), step)
            if progress and following != step:
                await progress(following)
            step = following
        values: dict[str, Any] = (await self.graph.aget_state(config)).values
        return TurnRecord.model_validate(values["turn"])

    async def _remember(self, caller: Caller) -> Recalled | None:
        """A new conversation starts with code's summary of what is still going on from earlier ones (memory on):
        stored as its first message, and handed to the turn as typed notes. Never the earlier messages."""
        if self.memory is None or not caller.signed_in:
            return None
        try:
            recalled = await self.memory.recall(
                caller.customer_id, language=caller.language, other_than=caller.conversation_id
            )
        except Exception as error:  # memory helps; a failed recall leaves the conversation as it would be without
            log.warning("recalling earlier conversations failed", exc_info=error)
            return None
        if not recalled.recalled:
            return None
        await self.conversations.append(caller.customer_id, caller.thread_id or "", "system", recalled.summary)
        return recalled

    async def turn(
        self,
        *,
        customer_id: str,
        signed_in: bool,
        message: str,
        thread_id: str | None = None,
        channel: str = "web",
        image: bytes | None = None,
        progress: Callable[[str], Awaitable[None]] | None = None,
    ) -> ChatTurn:
        text = message.strip()[:MAX_MESSAGE_CHARS]
        thread = thread_id or uuid.uuid4().hex[:16]
        preferred, names = await self.customers.language_and_names(customer_id)
        country = await self.customers.country(customer_id)
        CUSTOMER_NAMES.set(names)
        # a short "y el otro?" stays in the language the customer has been writing in this thread, which may not be
        # their profile's (a Brazilian customer of a Mexican bank)
        spoken = await self.conversations.language(customer_id, thread)
        language = detect_language(text, default=spoken or preferred)
        conversation_id = await self.conversations.ensure(customer_id, thread, language=language, channel=channel)
        status = await self.conversations.status(customer_id, thread)
        stored = f"{text} {PHOTO_PLACEHOLDER}".strip() if image else text
        if status == "human":  # a person holds the conversation: they answer, code stays quiet
            await self.conversations.append(customer_id, thread, "customer", stored)
            return ChatTurn(reply=None, thread_id=thread, language=language, status=status)
        # while the case waits for a person, code still answers what the records can ("¿pero sí es cierto lo del
        # cobro doble?", "bloquéame la tarjeta ya"); the person reads the whole thread when they take it
        waiting = status == "waiting"
        caller = Caller(customer_id, signed_in, language, thread_id=thread, conversation_id=conversation_id)
        last = await self.conversations.last_message(customer_id, thread)
        recalled = await self._remember(caller) if last is None else None
        # stored before anything runs: a message sent is in the thread after any reload, answered or not (the same
        # words sent again after a turn that never finished are that message, not a second one)
        if last != ("customer", stored[:4000]):
            await self.conversations.append(customer_id, thread, "customer", stored)
        try:
            turn = await self._answer(caller, text, image, country, progress, recalled, waiting)
        except ModelBusy:  # the note says so in the thread; the edge answers 503 and the turn can be sent again
            await self.conversations.append(customer_id, thread, "system", say("turn_busy", language))
            raise
        except Exception:
            await self.conversations.append(customer_id, thread, "system", say("turn_failed", language))
            raise
        reply = turn.reply or say("unsafe_reply", language)
        handoff = turn.handoff
        if waiting and not handoff:
            reply = f"{reply}\n\n{say('still_with_a_person', language)}"
        await self.conversations.append(customer_id, thread, "assistant", reply, skill=turn.skill)
        await self.conversations.record(
            customer_id,
            thread,
            skill=turn.skill,
            outcome=turn.outcome,
            title=(text or PHOTO_PLACEHOLDER)[:80],
            status="waiting" if handoff else None,
        )
        status = "waiting" if handoff or waiting else "bot"
        return ChatTurn.of(turn, reply=reply, thread_id=thread, language=language, status=status)
