"""One chat turn as a LangGraph graph: understand (code: the message read once into a typed reading, the
router's commands) → respond (code carries out each command in order: a skill's lookup or proposal, an
explanation, a question, a warning) → claims check (code) → hand-off when a person is needed → finish. The
graph knows no tool and no word: skills act from the reading, and every reply is written by code."""

import logging
from dataclasses import replace
from typing import Annotated, Any

from langgraph.channels.untracked_value import UntrackedValue
from langgraph.graph import END, START, StateGraph
from pydantic import InstanceOf

from quipu.application.agent.model_calls import ModelCalls
from quipu.application.agent.model_reading import read_in_doubt
from quipu.application.agent.respond import Responder
from quipu.application.agent.state import (
    CHECKPOINTED,
    PHOTO_PLACEHOLDER,
    Handoff,
    TurnRecord,
    TurnState,
    Understood,
    Update,
)
from quipu.application.turn_case import finding_kinds
from quipu.application.understanding.commands import Step
from quipu.application.understanding.conversation import Conversation as RoutingContext
from quipu.application.understanding.router import held_for_a_person, route
from quipu.domain.agent_text import say
from quipu.domain.claims import claims
from quipu.domain.reading.model import Clause, Guess, Mood, Polarity, Reading, Slots, Speaker
from quipu.domain.signals import Signal

log = logging.getLogger("quipu.agent")
STATEMENT_INTENT = "unrecognized_charge"  # a statement photo is a question about its charges


# hand-offs a waiting case already answers; a new signal (a scam, possible fraud) still opens its own, at its priority
ASKED_AGAIN = frozenset({"customer_asked", "model_requested"})


class Channels(TurnState):
    """The state as the graph holds it: the photo's reading and the words' reading are this turn's only, so the
    checkpoint never keeps them (declared here, where langgraph is, so the state's model needs no framework)."""

    attachment: Annotated[str | None, UntrackedValue(str)] = None
    understood: Annotated[InstanceOf[Understood] | None, UntrackedValue(object)] = None


class Agent(ModelCalls):
    def build(self, checkpointer: Any = None) -> Any:  # langgraph's compiled graph
        graph = StateGraph(Channels)
        for name in ("understand", "respond", "claims_check", "handoff", "finish"):
            graph.add_node(name, getattr(self, name))
        graph.add_edge(START, "understand")
        graph.add_conditional_edges("understand", self._after_understanding, ["respond", "handoff"])
        graph.add_edge("respond", "claims_check")
        graph.add_conditional_edges("claims_check", self._after_claims, ["handoff", "finish"])
        graph.add_edge("handoff", "finish")
        graph.add_edge("finish", END)
        if checkpointer is not None:  # the conversation and the turn's record read back as themselves
            checkpointer = checkpointer.with_allowlist(CHECKPOINTED)
        return graph.compile(checkpointer=checkpointer)

    # --- nodes -------------------------------------------------------------------------------------------

    async def understand(self, state: TurnState) -> Update:
        """The message read once, and what code makes of each clause. The turn's record starts empty."""
        with self.deps.trace("node.understand") as span:
            caller, language = state.caller, state.language
            understanding = self.deps.understanding
            context = await understanding.context(caller.customer_id if caller.signed_in else None, language)
            reading = understanding.read(state.text, context)
            read = await read_in_doubt(self, state, reading)
            reading = read.reading
            if state.attachment:
                reading = _with_statement(reading)
            commands = route(reading, self._conversation(state), self.deps.catalog)
            if state.case_waiting:
                commands = held_for_a_person(commands)
            span.set(
                input=state.text,
                language=language,
                clauses=len(reading.clauses),
                intents=",".join(c.intent for c in reading.clauses),
                steps=",".join(c.step.value for c in commands),
            )
            handoff = read.handoff
            person = next((c for c in commands if c.step == Step.PERSON), None)
            if person is not None:
                handoff = Handoff(reason=person.reason or "customer_asked")
            turn = TurnRecord(handoff=handoff).used(read.usage)
            return {"turn": turn, "understood": Understood(reading, tuple(commands), context)}

    async def respond(self, state: TurnState) -> Update:
        with self.deps.trace("node.respond"):
            return await Responder(self, state).run()

    async def claims_check(self, state: TurnState) -> Update:
        with self.deps.trace("node.claims"):
            turn = state.turn
            actions, confirmation = turn.actions, turn.confirmation
            has_proposal = confirmation is not None or bool(actions and actions.needs_confirmation)
            done = bool(actions and any(i.status == "verified" for i in actions.items))
            problems = tuple(claims(turn.reply or "", has_proposal=has_proposal, done_allowed=done))
            checked = turn.model_copy(update={"problems": problems})
            if actions and actions.escalate and not turn.handoff:
                handoff = Handoff(reason="action_escalated", already_open=True)
                return {"turn": checked.model_copy(update={"handoff": handoff})}
            if Signal.POSSIBLE_FRAUD in finding_kinds(turn.outcomes) and not turn.handoff:
                # the bank's own records flag possible fraud: a person takes the case, whatever was asked
                handoff = Handoff(reason=Signal.POSSIBLE_FRAUD.value, keep_reply=True)
                return {"turn": checked.model_copy(update={"handoff": handoff})}
            if problems:  # code-written replies never claim; a rephrasing that does is replaced by code's words
                return {"turn": checked.model_copy(update={"reply": say("unsafe_reply", state.language)})}
            return {"turn": checked}

    async def handoff(self, state: TurnState) -> Update:
        with self.deps.trace("node.handoff"):
            turn = state.turn
            handoff = turn.handoff or Handoff(reason="model_requested")
            if state.case_waiting and handoff.reason in ASKED_AGAIN:
                # the conversation's case already waits for a person: no second one
                handoff = handoff.model_copy(update={"already_open": True})
            if not handoff.already_open:
                case_id = await self.deps.open_case(state, handoff.reason)
                handoff = handoff.model_copy(update={"case_id": case_id})
            key = "outage" if handoff.reason == "assistant_error" else "handoff"
            if state.case_waiting and key == "handoff":
                key = "still_with_a_person"
            reply = say(key, state.language)
            if handoff.already_open and turn.reply:
                reply = turn.reply  # the refusal or escalation already says a person has the case
            elif handoff.keep_reply and turn.reply:
                reply = f"{turn.reply}\n\n{reply}"  # what the records show, then who takes it
            update = {"handoff": handoff, "reply": reply, "outcome": "handed_off", "quick_replies": ()}
            return {"turn": turn.model_copy(update=update)}

    async def finish(self, state: TurnState) -> Update:
        said = f"{state.text} {PHOTO_PLACEHOLDER}".strip() if state.attachment else state.text
        turn = state.turn
        asked = turn.outcome == "question"
        return {"conversation": state.conversation.exchanged(said, turn.reply or "", asked=asked, offered=turn.offered)}

    # --- edges and helpers -------------------------------------------------------------------------------

    @staticmethod
    def _after_understanding(state: TurnState) -> str:
        return "handoff" if state.turn.handoff else "respond"

    @staticmethod
    def _after_claims(state: TurnState) -> str:
        return "handoff" if state.turn.handoff else "finish"

    def _conversation(self, state: TurnState) -> RoutingContext:
        """What the router may lean on besides the words."""
        conversation, signed_in = state.conversation, state.caller.signed_in
        last = conversation.last
        offered = {s.name for s in self.deps.skills if signed_in or not s.sign_in}
        return RoutingContext(
            signed_in=signed_in,
            offered=frozenset(offered),
            last_skill=last.skill if last else None,
            last_intent=last.intent if last else None,
            awaiting=bool(conversation.awaiting_skill),
            offered_intent=conversation.offered_intent,
            pending=bool(last and last.proposal),
            waiting=frozenset(p.skill for p in last.waiting if p.skill) if last else frozenset(),
            waiting_actions=frozenset(a for p in last.waiting for a in p.actions) if last else frozenset(),
        )


def _with_statement(reading: Reading) -> Reading:
    """A statement photo is about its charges, whatever words came with it."""
    if any(c.intent == STATEMENT_INTENT for c in reading.clauses):
        return reading
    base = reading.clauses[0] if reading.clauses else None
    photo = Clause(
        text=base.text if base else "",
        words=base.words if base else (),
        intents=(Guess(STATEMENT_INTENT, 1.0),),
        mood=Mood.REQUEST,
        polarity=Polarity.ASKS,
        speaker=Speaker.CUSTOMER,
        slots=base.slots if base else Slots(),
    )
    return replace(reading, clauses=(photo,))
