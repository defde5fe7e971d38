"""Carries out the router's commands, one per clause, in order: each gets its answer, its card, its question
or its warning, and the reply holds them all. Every sentence is code's."""

import logging
from typing import Any

from quipu.application.action_results import ActionProposal
from quipu.application.agent.held_proposals import grouped
from quipu.application.agent.refusal import refuse_by_code
from quipu.application.agent.rephrase import checked_rephrasing
from quipu.application.agent.skill_answers import SkillAnswers, Turn
from quipu.application.agent.state import Handoff, LastRequest, TurnRecord, TurnState, Update
from quipu.application.agent.waiting_cards import cards_of, listed
from quipu.application.ports import ModelBusy
from quipu.application.transfer_results import Proposed
from quipu.application.understanding.commands import ITS_TERMS, ON_A_SCHEDULE, Command, Step
from quipu.domain import understanding_text as words
from quipu.domain.agent_text import say

log = logging.getLogger("quipu.agent")
REFUSED = "refuse"  # the route of what the bank never automates, as turns and the evaluation name it
SMALL_TALK_KEYS = {
    "greeting": "greeting",
    "thanks": "thanks",
    "bye": "bye",
    "who_are_you": "who_are_you",
    "hold": "hold",
    "about_the_button": "about_the_button",
}


class Responder(SkillAnswers):
    def __init__(self, agent: Any, state: TurnState):
        self.agent, self.deps, self.state = agent, agent.deps, state
        self.language: str = state.language
        self.turn = Turn(last=state.conversation.last)

    async def run(self) -> Update:
        """The turn's record with what each command said and did, and the conversation's last request."""
        try:
            batching = {s.name for s in self.deps.skills if s.flags.get("batch")}
            commands = self.state.understood.commands if self.state.understood else ()
            for group in grouped(list(commands), batching):
                if len(group) > 1:
                    await self._answer_together(group)
                else:
                    await self._carry_out(group[0])
                if self.turn.handoff and self.turn.handoff.already_open:
                    break  # a person already has the case: nothing more is prepared
        except ModelBusy:
            raise
        except Exception as error:  # a model or tool outage: a fixed reply and a person, never a 500
            log.warning("the turn failed", exc_info=error)
            return {
                "turn": self._recorded(self.state.turn).model_copy(
                    update={"handoff": Handoff(reason="assistant_error")}
                )
            }
        reply = "\n\n".join(p for p in self.turn.parts if p) or say("clarify", self.language)
        turn = self._recorded(self.state.turn).model_copy(
            update={
                "handoff": self.turn.handoff or self.state.turn.handoff,
                "reply": reply,
                "skill": self.turn.skill or self.turn.route,
                "outcome": self.turn.outcome or ("question" if self.turn.asked else "answered"),
                "quick_replies": tuple(self.turn.quick),
                "offered": self.turn.offered,
            }
        )
        conversation = self.state.conversation.model_copy(update={"last": self.turn.last})
        if self.deps.rephrase and not turn.handoff:
            rephrasing = await checked_rephrasing(self.agent, self.state, reply)
            if rephrasing is not None:
                turn = turn.used(rephrasing.usage).model_copy(
                    update={"reply": rephrasing.reply or reply, "rephrased": rephrasing.reply is not None}
                )
        return {"turn": turn, "conversation": conversation}

    # --- each step -------------------------------------------------------------------------------------

    async def _carry_out(self, command: Command) -> None:
        step = command.step
        if step == Step.ANSWER:
            await self._answer(command)
        elif step == Step.SCAM:
            self._say(words.say("scam_warning", self.language))
            self.turn.handoff = Handoff(reason="scam_report", keep_reply=True)
        elif step == Step.REFUSE:
            await self._refuse(command)
        elif step == Step.CANCEL_PENDING:
            await self._cancel_pending(command.skill, command.clause.slots.services if command.clause else ())
        elif step == Step.SMALL_TALK:
            self._say(self._small_talk(command))
        elif step == Step.OUT_OF_SCOPE:
            self._say(say("out_of_scope", self.language))
        elif step == Step.NOT_IN_RECORDS:
            self._say(words.say("not_in_records", self.language))
        elif step in (Step.EXPLAIN, Step.OFFER):
            self._explain(command)
        elif step == Step.ACKNOWLEDGE:
            self._acknowledge(command)
        elif step == Step.CLARIFY:
            self._clarify(command)
        elif step == Step.SIGN_IN:
            self._say(say("sign_in", self.language))
            self.turn.outcome = "refused"

    def _small_talk(self, command: Command) -> str:
        key = SMALL_TALK_KEYS.get(command.intent or "")
        if key == "hold" and cards_of(self.turn.last, None):  # held, the cards shown still wait for the button
            return say("hold_card_waits", self.language)
        if command.intent == "affirm" and cards_of(self.turn.last, None):  # "sí dale" to a card: its button does it
            return say("affirm_card_waits", self.language)
        if key:
            return say(key, self.language)
        if command.intent == "deny":
            return words.say("okay", self.language)
        return say("greeting", self.language)

    def _choice(self, intent: str | None) -> str:
        return words.choice(intent or "", self.language)

    def _offer(self, intent: str | None) -> None:
        """Quick replies to take up or decline what code offered."""
        if intent:
            self.turn.offered = intent
            yes = words.say("yes_choice", self.language, choice=self._choice(intent))
            self.turn.quick += [yes, words.say("no_thanks", self.language)]

    def _explain(self, command: Command) -> None:
        """How the action works, and an offer; a reported request is offered to the customer themself."""
        intent = command.intent
        if command.reason == "reported":
            # advice about the customer's own things ("según mi contador conviene pagar el total") is met with how it
            # works; a transfer someone else asked for is a scam's shape, and its how-to is not what they need
            how = words.how_it_works(intent or "", self.language) if intent != "transfer" else None
            if how:
                self._say(f"{how} {words.say('reported_advice', self.language)}", asks=True)
            else:
                self._say(words.say("reported", self.language, choice=self._choice(intent)), asks=True)
        elif command.step == Step.OFFER:
            self._say(words.say("statement_offer", self.language, choice=self._choice(intent)), asks=True)
        elif command.reason == ON_A_SCHEDULE:  # "en automático cada mes": plainly not, and this one offered
            how = words.how_it_works(intent or "", self.language) or ""
            offer = words.say("offer", self.language)
            self._say(f"{words.say('not_on_a_schedule', self.language)} {how} {offer}", asks=True)
        elif command.reason == ITS_TERMS:  # "¿tiene algún costo?": how it works, and plainly what is not held
            how = words.how_it_works(intent or "", self.language) or ""
            waiting = bool(cards_of(self.turn.last, command.skill))
            then = words.say("terms_waiting" if waiting else "offer", self.language)
            self._say(f"{how} {words.say('terms_not_held', self.language)} {then}".strip(), asks=not waiting)
            if waiting:  # its card is shown already: nothing more is offered
                self.turn.skill = self.turn.skill or command.skill
                return
        else:
            how = words.how_it_works(intent or "", self.language)
            offer = words.say("offer", self.language)
            self._say(
                f"{how} {offer}" if how else words.say("offer_intent", self.language, choice=self._choice(intent)),
                asks=True,
            )
        self._offer(intent)
        self._remember_offered_words(command)
        self.turn.skill = self.turn.skill or command.skill

    def _remember_offered_words(self, command: Command) -> None:
        """ "¿cómo activo el aviso de vencimiento?" then "actívalo entonces": the words that were explained are the
        request the taking-up completes (the alert's kind, the card, the window are in them)."""
        if command.clause is None or command.skill is None or command.reason == "reported":
            return
        previous = self.turn.last or LastRequest()
        self.turn.last = LastRequest(
            looked_at=previous.looked_at,
            proposal=previous.proposal,
            waiting=previous.waiting,
            skill=command.skill,
            intent=command.intent,
            text=command.clause.text[:400],
        )

    def _acknowledge(self, command: Command) -> None:
        key = {"postpones": "postponed", "recognised": "recognised"}.get(command.reason or "", "acknowledged")
        choice = self._choice(command.intent)
        if len(command.options) == 2:  # refused, and which action it was the reader could not tell: both named
            first, second = (self._choice(o) for o in command.options)
            choice = words.say("either", self.language, first=first, second=second)
        self._say(words.say(key, self.language, choice=choice))

    def _clarify(self, command: Command) -> None:
        if len(command.options) == 2:
            first, second = (self._choice(o) for o in command.options)
            self._say(words.say("clarify_two", self.language, first=first, second=second), asks=True)
            self.turn.quick += [_capitalized(first), _capitalized(second)]
        else:
            self._say(words.say("clarify_open", self.language), asks=True)

    async def _refuse(self, command: Command) -> None:
        found = await refuse_by_code(self.deps, self.state, command.reason or "refund", explain=bool(command.options))
        self._say(found.reply)
        if found.handoff:
            self.turn.handoff = found.handoff
        self.turn.outcome = found.outcome
        self.turn.route = REFUSED  # code answers it; no skill does
        if found.offers_a_person:
            self._offer(command.intent)  # passed to a person when taken up
        # "bueno subímelo a 2 palos entonces" next: the matter just spoken of is what the next words may ask (no skill
        # answers it, so none is remembered; the cards still waiting are kept)
        last = self.turn.last or LastRequest()
        forgotten: dict[str, Any] = {"skill": None, "tool": None, "arguments": {}, "text": None, "status": None}
        self.turn.last = last.model_copy(update={"intent": command.intent, **forgotten})

    async def _cancel_pending(self, skill: str | None, bills: tuple[str, ...] = ()) -> None:
        """The cards the words withdraw: those of the skill whose action they refuse, else those of the card just
        shown ("no, mejor no" after two bills in one message withdraws both). The reply tells apart what was undone
        from what the button had already carried out."""
        cards = cards_of(self.turn.last, skill, bills)
        still = cards_of(self.turn.last, None) if bills and not cards else []
        if still:  # "el agua no, esa la pago la semana que viene": a bill no card pays; the cards shown still wait
            # (their figures are on the cards themselves, read when they were prepared, not from this turn's records)
            self._say(words.say("bill_not_prepared", self.language, what=", ".join(bills)))
            return
        if not cards:
            self._say(words.say("nothing_pending", self.language))
            return
        done = [card for card in cards if await self._withdraw(card)]
        self._forget(*cards)
        undone = [card for card in cards if card not in done]
        if not undone:
            self._say(words.say("pending_already_done", self.language))
        elif done:
            named = {"done": listed(done), "undone": listed(undone)}
            self._say(words.say("pending_partly_done", self.language, **named))
        elif len(undone) > 1:
            self._say(words.say("pending_cancelled_these", self.language, what=listed(undone)))
        else:
            self._say(words.say("pending_cancelled", self.language))

    def _recorded(self, record: TurnRecord) -> TurnRecord:
        """The turn's tool calls, and the proposal a tool stored (shown as a card with the customer's button)."""
        outcomes = self.turn.outcomes
        update: dict[str, object] = {
            "tool_calls": tuple(o.stored() for o in outcomes),
            "tools_used": tuple(o.tool for o in outcomes),
        }
        for o in outcomes:
            if isinstance(o.result, ActionProposal):
                update["actions"] = o.result.proposal
        update["confirmations"] = tuple(o.result.confirmation for o in outcomes if isinstance(o.result, Proposed))
        return record.model_copy(update=update)


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]
