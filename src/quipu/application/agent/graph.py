"""One chat turn as a LangGraph graph: understand (code: the message read once into a typed reading, the
router's commands) → respond (code carries out each command in order: a skill's lookup or proposal, an
explanation, a question, a warning) → claims check (code) → hand-off when a person is needed → finish. The
graph knows no tool and no word: skills act from the reading, and every reply is written by code."""

import logging
from dataclasses import replace
from typing import Any

from langgraph.graph import END, START, StateGraph

from quipu.application.agent.model_calls import ModelCalls
from quipu.application.agent.model_reading import read_in_doubt
from quipu.application.agent.respond import Responder
from quipu.application.agent.state import MAX_HISTORY, PER_TURN, PHOTO_PLACEHOLDER, TRANSIENT, TurnState
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.turn_case import finding_kinds
from quipu.application.understanding.commands import Step
from quipu.application.understanding.router import Conversation, held_for_a_person, route
from quipu.domain.agent_text import say
from quipu.domain.claims import claims
from quipu.domain.reading.model import Clause, Guess, Mood, Polarity, Reading, Slots, Speaker
from quipu.domain.signals import Signal

log = logging.getLogger("quipu.agent")
STATEMENT_INTENT = "unrecognized_charge"  # a statement photo is a question about its charges


# hand-offs a waiting case already answers; a new signal (a scam, possible fraud) still opens its own, at its priority
ASKED_AGAIN = frozenset({"customer_asked", "model_requested"})


class Agent(ModelCalls):
    def build(self, checkpointer: Any = None) -> Any:  # langgraph's compiled graph
        graph = StateGraph(TurnState)
        for name in ("understand", "respond", "claims_check", "handoff", "finish"):
            graph.add_node(name, getattr(self, name))
        graph.add_edge(START, "understand")
        graph.add_conditional_edges("understand", self._after_understanding, ["respond", "handoff"])
        graph.add_edge("respond", "claims_check")
        graph.add_conditional_edges("claims_check", lambda s: "handoff" if s.get("handoff") else "finish")
        graph.add_edge("handoff", "finish")
        graph.add_edge("finish", END)
        return graph.compile(checkpointer=checkpointer)

    # --- nodes -------------------------------------------------------------------------------------------

    async def understand(self, state: TurnState) -> dict[str, Any]:
        """The message read once, and what code makes of each clause."""
        with self.deps.trace("node.understand") as span:
            caller, language = state["caller"], state["language"]
            update: dict[str, Any] = {**PER_TURN}
            understanding = self.deps.understanding
            context = await understanding.context(caller.customer_id if caller.signed_in else None, language)
            reading = understanding.read(state["text"], context)
            reading = await read_in_doubt(self, state, reading, update)
            if state.get("attachment"):
                reading = _with_statement(reading)
            commands = route(reading, self._conversation(state), self.deps.catalog)
            if state.get("case_waiting"):
                commands = held_for_a_person(commands)
            span.set(
                input=state["text"],
                language=language,
                clauses=len(reading.clauses),
                intents=",".join(c.intent for c in reading.clauses),
                steps=",".join(c.step.value for c in commands),
            )
            handoff = next((c for c in commands if c.step == Step.PERSON), None)
            if handoff is not None:
                update["handoff"] = {"reason": handoff.reason}
            return {**update, "reading": reading, "commands": commands, "context": context}

    async def respond(self, state: TurnState) -> dict[str, Any]:
        with self.deps.trace("node.respond"):
            return await Responder(self, state).run()

    async def claims_check(self, state: TurnState) -> dict[str, Any]:
        with self.deps.trace("node.claims"):
            actions, confirmation = state.get("actions"), state.get("confirmation")
            has_proposal = bool(confirmation) or bool(actions and actions.get("needs_confirmation"))
            done = bool(actions and any(i["status"] == "verified" for i in actions["items"]))
            problems = claims(state.get("reply") or "", has_proposal=has_proposal, done_allowed=done)
            if actions and actions.get("escalate") and not state.get("handoff"):
                return {"problems": problems, "handoff": {"reason": "action_escalated", "already_open": True}}
            outcomes = [ToolOutcome.from_stored(entry) for entry in state.get("tool_calls") or []]
            if Signal.POSSIBLE_FRAUD in finding_kinds(outcomes) and not state.get("handoff"):
                # the bank's own records flag possible fraud: a person takes the case, whatever was asked
                return {"problems": problems, "handoff": {"reason": Signal.POSSIBLE_FRAUD.value, "keep_reply": True}}
            if problems:  # code-written replies never claim; a rephrasing that does is replaced by code's words
                return {"problems": problems, "reply": say("unsafe_reply", state["language"])}
            return {"problems": []}

    async def handoff(self, state: TurnState) -> dict[str, Any]:
        with self.deps.trace("node.handoff"):
            handoff = dict(state.get("handoff") or {"reason": "model_requested"})
            if state.get("case_waiting") and handoff["reason"] in ASKED_AGAIN:
                handoff["already_open"] = True  # the conversation's case already waits for a person: no second one
            if not handoff.get("already_open"):
                handoff["case_id"] = await self.deps.open_case(state, handoff["reason"])
            key = "outage" if handoff["reason"] == "assistant_error" else "handoff"
            if state.get("case_waiting") and key == "handoff":
                key = "still_with_a_person"
            reply = say(key, state["language"])
            if handoff.get("already_open") and state.get("reply"):
                reply = state.get("reply") or reply  # the refusal or escalation already says a person has the case
            elif handoff.get("keep_reply") and state.get("reply"):
                reply = f"{state['reply']}\n\n{reply}"  # what the records show, then who takes it
            return {"handoff": handoff, "reply": reply, "outcome": "handed_off", "quick_replies": []}

    async def finish(self, state: TurnState) -> dict[str, Any]:
        history = list(state.get("history") or [])
        said = f"{state['text']} {PHOTO_PLACEHOLDER}".strip() if state.get("attachment") else state["text"]
        history += [{"role": "user", "content": said}, {"role": "assistant", "content": state.get("reply") or ""}]
        asked = state.get("outcome") == "question"
        return {
            "history": history[-MAX_HISTORY:],
            "awaiting_skill": (state.get("last") or {}).get("skill") if asked else None,
            "offered_intent": state.get("offered"),
            "attachment": None,  # what was read from a photo lives for one turn only
            **{key: None for key in TRANSIENT},  # the reading is rebuilt each turn, never stored
        }

    # --- edges and helpers -------------------------------------------------------------------------------

    @staticmethod
    def _after_understanding(state: TurnState) -> str:
        return "handoff" if state.get("handoff") else "respond"

    def _conversation(self, state: TurnState) -> Conversation:
        last = state.get("last") or {}
        offered = {s.name for s in self.deps.skills if state["caller"].signed_in or not s.sign_in}
        return Conversation(
            signed_in=state["caller"].signed_in,
            offered=frozenset(offered),
            last_skill=last.get("skill"),
            last_intent=last.get("intent"),
            awaiting=bool(state.get("awaiting_skill")),
            offered_intent=state.get("offered_intent"),
            pending=bool(last.get("proposal")),
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
