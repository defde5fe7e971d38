"""Carries out the router's commands, one per clause, in order: each gets its answer, its card, its question
or its warning, and the reply holds them all. Every sentence is code's."""

import logging
from dataclasses import dataclass, field
from typing import Any

from quipu.application.agent.refusal import refuse_by_code
from quipu.application.agent.rephrase import checked_rephrasing
from quipu.application.agent.state import TurnState, asks_back
from quipu.application.agent.tool_caller import SkillTools
from quipu.application.ports import ModelBusy
from quipu.application.understanding.commands import Command, Step
from quipu.domain import understanding_text as words
from quipu.domain.agent_text import say
from quipu.domain.reading.model import Clause
from quipu.skills.answering import SkillTurn, ToolOutcome, Voice
from quipu.skills.registry import Skill

log = logging.getLogger("quipu.agent")
SMALL_TALK_KEYS = {"greeting": "greeting", "thanks": "thanks", "bye": "bye"}
PROPOSING = ("propose_actions", "propose_transfer", "propose_service_payment")
# an action about the charge the conversation just looked at reads the words that found it ("ese cobro")
LOOKED_AT_CHARGES = "charge_investigation"
ACTIONS_ON_A_CHARGE = ("dispute_charge", "block_card", "cancel_card")


@dataclass
class Turn:
    """What the turn has said and done so far, clause by clause."""

    parts: list[str] = field(default_factory=list)
    outcomes: list[ToolOutcome] = field(default_factory=list)
    quick: list[str] = field(default_factory=list)
    update: dict[str, Any] = field(default_factory=dict)
    asked: bool = False
    last: dict[str, Any] | None = None
    offered: str | None = None
    skill: str | None = None


class Responder:
    def __init__(self, agent: Any, state: TurnState):
        self.agent, self.deps, self.state = agent, agent.deps, state
        self.language: str = state["language"]
        self.turn = Turn(last=state.get("last"))

    async def run(self) -> dict[str, Any]:
        try:
            batching = {s.name for s in self.deps.skills if s.flags.get("batch")}
            for group in _grouped(list(self.state.get("commands") or []), batching):
                if len(group) > 1:
                    await self._answer_together(group)
                else:
                    await self._carry_out(group[0])
                if (self.turn.update.get("handoff") or {}).get("already_open"):
                    break  # a person already has the case: nothing more is prepared
        except ModelBusy:
            raise
        except Exception as error:  # a model or tool outage: a fixed reply and a person, never a 500
            log.warning("the turn failed", exc_info=error)
            return {**self._recorded(), "handoff": {"reason": "assistant_error"}}
        reply = "\n\n".join(p for p in self.turn.parts if p) or say("clarify", self.language)
        update = {
            **self._recorded(),
            **self.turn.update,
            "reply": reply,
            "skill": self.turn.skill or self.turn.update.get("skill"),
            "outcome": self.turn.update.get("outcome") or ("question" if self.turn.asked else "answered"),
            "quick_replies": self.turn.quick,
            "last": self.turn.last,
            "offered": self.turn.offered,
        }
        if self.deps.rephrase and not update.get("handoff"):
            update |= await checked_rephrasing(self.agent, {**self.state, **update}, reply)
        return update

    # --- each step -------------------------------------------------------------------------------------

    async def _carry_out(self, command: Command) -> None:
        step = command.step
        if step == Step.ANSWER:
            await self._answer(command)
        elif step == Step.SCAM:
            self._say(words.say("scam_warning", self.language))
            self.turn.update["handoff"] = {"reason": "scam_report", "keep_reply": True}
        elif step == Step.REFUSE:
            await self._refuse(command)
        elif step == Step.CANCEL_PENDING:
            await self._cancel_pending()
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
            self.turn.update["outcome"] = "refused"

    def _say(self, text: str, *, asks: bool = False) -> None:
        self.turn.parts.append(text)
        self.turn.asked = self.turn.asked or asks

    def _small_talk(self, command: Command) -> str:
        key = SMALL_TALK_KEYS.get(command.intent or "")
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
            self._say(words.say("reported", self.language, choice=self._choice(intent)), asks=True)
        elif command.step == Step.OFFER:
            self._say(words.say("statement_offer", self.language, choice=self._choice(intent)), asks=True)
        else:
            how = words.how_it_works(intent or "", self.language)
            offer = words.say("offer", self.language)
            self._say(f"{how} {offer}" if how else words.say("offer_intent", self.language, choice=self._choice(intent)), asks=True)
        self._offer(intent)
        self.turn.skill = self.turn.skill or command.skill

    def _acknowledge(self, command: Command) -> None:
        key = "postponed" if command.reason == "postpones" else "acknowledged"
        self._say(words.say(key, self.language, choice=self._choice(command.intent)))

    def _clarify(self, command: Command) -> None:
        if len(command.options) == 2:
            first, second = (self._choice(o) for o in command.options)
            self._say(words.say("clarify_two", self.language, first=first, second=second), asks=True)
            self.turn.quick += [_capitalized(first), _capitalized(second)]
        else:
            self._say(words.say("clarify_open", self.language), asks=True)

    async def _refuse(self, command: Command) -> None:
        found = await refuse_by_code(self.deps, self.state, command.reason or "refund", explain=bool(command.options))
        self._say(found["reply"])
        if found.get("handoff"):
            self.turn.update["handoff"] = found["handoff"]
        self.turn.update["outcome"] = found["outcome"]

    async def _cancel_pending(self) -> None:
        proposal = (self.turn.last or {}).get("proposal")
        if not proposal:
            self._say(words.say("nothing_pending", self.language))
            return
        await self._withdraw(proposal)
        self.turn.last = {**(self.turn.last or {}), "proposal": None}
        self._say(words.say("pending_cancelled", self.language))

    async def _withdraw(self, proposal: dict[str, Any]) -> None:
        """The proposal waiting for the button is withdrawn (a no-op if it already ran or expired); the turn keeps
        what it withdrew, the figures the reply names among them."""
        customer = self.state["caller"].customer_id
        if proposal.get("kind") == "transfer":
            await self.deps.transfers.cancel(customer, proposal["id"])
        else:
            await self.deps.gateway.cancel(customer, proposal["id"])
        self.turn.outcomes.append(ToolOutcome("withdraw_proposal", {"id": proposal.get("id")}, dict(proposal)))

    # --- a skill answers -----------------------------------------------------------------------------------

    async def _answer(self, command: Command) -> None:
        skill = next(s for s in self.deps.skills if s.name == command.skill)
        hooks = skill.hooks()
        clause, joined = self._clauses(command, skill)
        earlier = self._earlier(skill)
        async with self.deps.mcp() as client:
            tools = await self._tools(client, skill, joined.text)
            turn = SkillTurn(
                intent=command.intent or clause.intent,
                clause=joined,
                latest=clause,
                language=self.language,
                tools=tools,
                earlier=earlier,
                follow_up=command.follow_up,
                country=self.state.get("country"),
            )
            found = await hooks["act"](turn)
        self.turn.outcomes += tools.outcomes
        self.turn.skill = self.turn.skill or skill.name
        if isinstance(found, str):
            self._say(found, asks=True)
            self._remember(skill, command, joined, tools.outcomes[-1] if tools.outcomes else None, asked=True)
            return
        if not found:
            self._say(say("clarify", self.language), asks=True)
            return
        voice = Voice(skill.name, self.language, self.state.get("country"))
        reply = hooks["answer"](found, voice)
        replaced = await self._replaced(found, command)
        self._say(f"{replaced}\n{reply}" if replaced else reply, asks=asks_back(reply, found[-1].result))
        self._remember(skill, command, joined, found[-1], asked=asks_back(reply, found[-1].result))

    async def _answer_together(self, commands: list[Command]) -> None:
        """Several actions asked in one message ("bloquea la tarjeta y mándame un resumen") are one proposal: one
        card, one button, as the gateway batches them (a second card would replace the first)."""
        skill = next(s for s in self.deps.skills if s.name == commands[0].skill)
        hooks = skill.hooks()
        questions: list[str] = []
        async with self.deps.mcp() as client:
            said = " ".join(c.clause.text for c in commands if c.clause)
            tools = await self._tools(client, skill, said)
            held = HeldProposals(tools, skill.flags["batch"])
            for command in commands:
                clause, joined = self._clauses(command, skill)
                turn = SkillTurn(
                    intent=command.intent or clause.intent,
                    clause=joined,
                    latest=clause,
                    language=self.language,
                    tools=held,
                    earlier=self._earlier(skill),
                    follow_up=command.follow_up,
                    country=self.state.get("country"),
                )
                found = await hooks["act"](turn)
                if isinstance(found, str):
                    questions.append(found)
            proposed = await held.propose()
        self.turn.outcomes += tools.outcomes
        self.turn.skill = self.turn.skill or skill.name
        if proposed is not None:
            reply = hooks["answer"]([proposed], Voice(skill.name, self.language, self.state.get("country")))
            self._say(reply)
            self._remember(skill, commands[-1], commands[-1].clause or commands[0].clause, proposed, asked=False)  # type: ignore[arg-type]
        for question in questions:
            self._say(question, asks=True)

    def _clauses(self, command: Command, skill: Skill) -> tuple[Clause, Clause]:
        """This turn's clause, and the clause the skill reads: on a follow-up, the earlier words with these."""
        clause = command.clause
        assert clause is not None  # the router gives every ANSWER its clause
        last = self.turn.last or {}
        understanding, context = self.deps.understanding, self.state.get("context")
        intent = command.intent or clause.intent
        continues = command.follow_up and last.get("skill") == skill.name
        about_what_was_found = last.get("skill") == LOOKED_AT_CHARGES and intent in ACTIONS_ON_A_CHARGE
        if (continues or about_what_was_found) and last.get("text") and context is not None:
            joined = understanding.read_together(last["text"], clause.text, context, intent).clauses[0]
            return clause, joined
        if intent != clause.intent and context is not None:
            return clause, understanding.read_together("", clause.text, context, intent).clauses[0]
        return clause, clause

    def _earlier(self, skill: Skill) -> dict[str, Any]:
        last = self.turn.last or {}
        return dict(last.get("arguments") or {}) if last.get("skill") == skill.name else {}

    async def _tools(self, client: Any, skill: Skill, said: str) -> SkillTools:
        listed = [t for t in await client.list_tools() if t.name.startswith(f"{skill.mcp}_")]
        schemas = {t.name.split("_", 1)[1]: t.input_schema or {} for t in listed}
        caller = self.state["caller"].speaking(self.language, said)
        return SkillTools(client, skill.mcp, schemas, caller, self.deps.trace)

    async def _replaced(self, found: list[ToolOutcome], command: Command) -> str | None:
        """A correction's new card replaces the one it corrects: the old proposal is withdrawn and the reply says
        so ("ese mismo pero 200")."""
        earlier = (self.turn.last or {}).get("proposal")
        made = _proposal_of(found)
        if not earlier or not made or not command.follow_up or earlier.get("id") == made.get("id"):
            return None
        await self._withdraw(earlier)
        return words.say("replaced", self.language, what=earlier.get("summary") or "")

    def _remember(self, skill: Skill, command: Command, joined: Clause, outcome: ToolOutcome | None, *, asked: bool) -> None:
        """What the next turn may lean on: the request's skill, intent, words, last call and proposal."""
        previous = self.turn.last or {}
        proposal = _proposal_of([outcome]) if outcome else None
        self.turn.last = {
            "skill": skill.name,
            "intent": command.intent,
            "tool": outcome.tool if outcome else None,
            "arguments": outcome.arguments if outcome else {},
            "text": joined.text[:400],
            "status": outcome.result.get("status") if outcome else None,
            "proposal": proposal or (previous.get("proposal") if asked and previous.get("skill") == skill.name else None),
        }

    def _recorded(self) -> dict[str, Any]:
        """The turn's tool calls, and the proposal a tool stored (shown as a card with the customer's button)."""
        outcomes = self.turn.outcomes
        update: dict[str, Any] = {
            "tool_calls": [
                {
                    "tool": o.tool,
                    "arguments": o.arguments,
                    "result": o.result,
                    **({"also": True} if o.also else {}),
                    **({"note": o.note} if o.note else {}),
                }
                for o in outcomes
            ],
            "tools_used": [o.tool for o in outcomes],
        }
        for o in outcomes:
            if isinstance(o.result.get("proposal"), dict):
                update["actions"] = o.result["proposal"]
            if o.result.get("status") == "proposed" and isinstance(o.result.get("confirmation"), dict):
                update["confirmation"] = o.result["confirmation"]
        return update


class HeldProposals:
    """A skill's tools with its proposals held back, to be proposed together as one batch."""

    MOST = 3  # the gateway's batch

    def __init__(self, tools: SkillTools, batched: str):
        self.tools, self.batched = tools, batched  # the tool that takes a batch (SKILL.md `batch:`)
        self.actions: list[dict[str, Any]] = []

    async def call(
        self, tool: str, arguments: dict[str, Any], *, also: bool = False, note: dict[str, Any] | None = None
    ) -> ToolOutcome:
        if tool == self.batched:
            self.actions += list(arguments.get("actions") or [])
            return ToolOutcome(tool, arguments, {"held": True})
        return await self.tools.call(tool, arguments, also=also, note=note)

    async def propose(self) -> ToolOutcome | None:
        if not self.actions:
            return None
        return await self.tools.call(self.batched, {"actions": self.actions[: self.MOST]})


def _grouped(commands: list[Command], batching: set[str]) -> list[list[Command]]:
    """Consecutive requests for the actions of a skill that batches them (SKILL.md `batch:`) go together; money
    moves one proposal at a time; everything else alone."""
    groups: list[list[Command]] = []
    for command in commands:
        last = groups[-1][-1] if groups else None
        together = last is not None and command.acts and last.acts and command.skill == last.skill
        if together and command.skill in batching:
            groups[-1].append(command)
        else:
            groups.append([command])
    return groups


def _proposal_of(outcomes: list[ToolOutcome]) -> dict[str, Any] | None:
    """The proposal a tool call stored, as the conversation remembers it (its id and what it said)."""
    for o in reversed(outcomes):
        if o.tool not in PROPOSING:
            continue
        batch = o.result.get("proposal")
        if isinstance(batch, dict) and batch.get("needs_confirmation"):
            items = [str(i.get("text", "")).rstrip(".") for i in batch.get("items", [])]
            return {"kind": "actions", "id": batch.get("batch_id"), "summary": "; ".join(items)[:160]}
        card = o.result.get("confirmation")
        if o.result.get("status") == "proposed" and isinstance(card, dict):
            summary = f"{card.get('amount')} {card.get('currency')} → {card.get('destination')}"
            return {"kind": "transfer", "id": card.get("transfer_id"), "summary": summary[:160]}
    return None


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]
