"""How a skill answers a command: its `act` hook reads the clause (on a follow-up, with the words it continues)
and calls the skill's tools; its `answer` hook writes the reply. Several actions asked in one message are one
proposal; a correction's card replaces the one it corrects."""

from dataclasses import dataclass, field, replace
from typing import Any

from quipu.application.action_results import ActionProposal
from quipu.application.agent.deps import AgentDeps
from quipu.application.agent.held_proposals import HeldProposals
from quipu.application.agent.state import Handoff, LastRequest, TurnState, asks_back, status_of
from quipu.application.agent.tool_caller import SkillTools
from quipu.application.agent.waiting_cards import of_the_same_thing, proposal_of, proposals_of, still_waiting
from quipu.application.investigation_results import Report
from quipu.application.results import Result
from quipu.application.skills.loader import load_hooks
from quipu.application.skills.manifest import Skill
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.turn import SkillTurn
from quipu.application.skills.voice import Voice
from quipu.application.tool_results import PendingProposal
from quipu.application.understanding.commands import Command
from quipu.domain import understanding_text as words
from quipu.domain.agent_text import say
from quipu.domain.reading.model import Clause, Product

# an action about the charge the conversation just looked at reads the words that found it ("ese cobro")
LOOKED_AT_CHARGES = "charge_investigation"
ACTIONS_ON_A_CHARGE = ("dispute_charge", "block_card", "cancel_card")
# a claim refused because the records already settled its charge (reversed, declined, still pending)
CLAIM, LOOK = "dispute_charge", "unrecognized_charge"
SETTLED_BY_THE_RECORDS = frozenset({"already_reversed", "was_declined", "still_pending"})


@dataclass
class Turn:
    """What the turn has said and done so far, clause by clause."""

    parts: list[str] = field(default_factory=list)
    outcomes: list[ToolOutcome[Result]] = field(default_factory=list)
    quick: list[str] = field(default_factory=list)
    asked: bool = False
    last: LastRequest | None = None  # the conversation's last request, as this turn leaves it
    offered: str | None = None
    skill: str | None = None
    route: str | None = None  # what answered when no skill did (a refusal is code's)
    outcome: str | None = None  # how the turn ended, when a step said so (refused, handed off)
    handoff: Handoff | None = None


CARRIED_OUT = frozenset({"confirmed", "executing", "verified"})  # an action's statuses once its button was pressed


class SkillAnswers:
    """The part of a turn's response a skill writes (mixed into the Responder, which holds the turn)."""

    deps: AgentDeps
    state: TurnState
    language: str
    turn: Turn

    def _say(self, text: str, *, asks: bool = False) -> None:
        self.turn.parts.append(text)
        self.turn.asked = self.turn.asked or asks

    async def _withdraw(self, proposal: PendingProposal) -> bool:
        """The proposal waiting for the button is withdrawn (a no-op if it already ran or expired); the turn keeps
        what it withdrew, the figures the reply names among them. Says whether it had already been carried out (the
        button pressed before these words): the reply then says so, never "nothing was done"."""
        customer = self.state.caller.customer_id
        done = False
        if proposal.id is None:  # a card with no rows stored: nothing waits for the button
            pass
        elif proposal.kind == "transfer":
            done = (await self.deps.transfers.cancel(customer, proposal.id)).status == "executed"
        else:
            card = await self.deps.gateway.cancel(customer, proposal.id)
            done = any(i.status in CARRIED_OUT for i in card.items)
        self.turn.outcomes.append(ToolOutcome("withdraw_proposal", {"id": proposal.id}, proposal))
        return done

    async def _answer(self, command: Command) -> None:
        skill = next(s for s in self.deps.skills if s.name == command.skill)
        hooks = load_hooks(skill)
        clause, joined = self._clauses(command, skill)
        heard = self._with_the_same(joined.text, [command])
        async with self.deps.mcp() as client:
            tools = await self._tools(client, skill, heard)
            found = await hooks.act(self._skill_turn(command, skill, clause, joined, tools))
        # "mándele 200 mil… desde ahí mismo" after a balance: the words that named the account pointed at are the
        # request's own, so a correction after it ("eran 250 mil, no 200") still stands on them
        joined = replace(joined, text=heard)
        self.turn.outcomes += tools.outcomes
        if isinstance(found, list) and await self._looked_at_instead(command, found):
            return
        self.turn.skill = self.turn.skill or skill.name
        if isinstance(found, str):
            self._say(found, asks=True)
            self._remember(skill, command, joined, tools.outcomes[-1] if tools.outcomes else None, asked=True)
            return
        if not found:
            self._say(say("clarify", self.language), asks=True)
            return
        voice = Voice(skill.name, self.language, self.state.country)
        reply = hooks.answer(found, voice)
        replaced = await self._replaced(found, command)
        self._say(f"{replaced}\n{reply}" if replaced else reply, asks=asks_back(reply, found[-1].result))
        self._remember(skill, command, joined, found[-1], asked=asks_back(reply, found[-1].result), shown=found)

    async def _answer_together(self, commands: list[Command]) -> None:
        """Several actions asked in one message ("bloquea la tarjeta y mándame un resumen") are one proposal: one
        card, one button, as the gateway batches them (a second card would replace the first)."""
        skill = next(s for s in self.deps.skills if s.name == commands[0].skill)
        hooks = load_hooks(skill)
        questions: list[str] = []
        async with self.deps.mcp() as client:
            said = self._with_the_same(" ".join(c.clause.text for c in commands if c.clause), commands)
            tools = await self._tools(client, skill, said)
            held = HeldProposals(tools, skill.flags["batch"])
            for command in commands:
                clause, joined = self._clauses(command, skill)
                found = await hooks.act(self._skill_turn(command, skill, clause, joined, held))
                if isinstance(found, str):
                    questions.append(found)
            proposed = await held.propose()
        self.turn.outcomes += tools.outcomes
        only = commands[0] if len(commands) == 1 and commands[0].clause is not None else None
        if only and proposed is not None and not questions and await self._looked_at_instead(only, [proposed]):
            return
        self.turn.skill = self.turn.skill or skill.name
        if proposed is not None:
            reply = hooks.answer([proposed], Voice(skill.name, self.language, self.state.country))
            self._say(reply)
            self._remember(skill, commands[-1], commands[-1].clause or commands[0].clause, proposed, asked=False)  # type: ignore[arg-type]
        for question in questions:
            self._say(question, asks=True)

    async def _looked_at_instead(self, command: Command, found: list[ToolOutcome[Result]]) -> bool:
        """A claim the records already settled, asked by disowning the charge: the look is the answer."""
        if not _settled_already(found, command):
            return False
        await self._answer(replace(command, skill=LOOKED_AT_CHARGES, intent=LOOK))
        return True

    def _skill_turn(self, command: Command, skill: Skill, clause: Clause, joined: Clause, tools: Any) -> SkillTurn:
        """What the skill's `act` hook sees: the intent, the words (joined with the earlier ones on a follow-up), this
        turn's clause alone, its tools, and the arguments of its last call."""
        return SkillTurn(
            intent=command.intent or clause.intent,
            clause=joined,
            latest=clause,
            language=self.language,
            tools=tools,
            earlier=self._earlier(skill),
            follow_up=command.follow_up,
            country=self.state.country,
            waits=bool(self.turn.last and self.turn.last.skill == skill.name and self.turn.last.proposal),
            pointed_at=self._pointed_at(clause),
        )

    def _clauses(self, command: Command, skill: Skill) -> tuple[Clause, Clause]:
        """This turn's clause, and the clause the skill reads: on a follow-up, the earlier words with these."""
        clause = command.clause
        assert clause is not None  # the router gives every ANSWER its clause
        last = self.turn.last or LastRequest()
        understanding = self.deps.understanding
        context = self.state.understood.context if self.state.understood else None
        intent = command.intent or clause.intent
        # a follow-up continues the last request's words whichever skill answered them: "págale 20 lucas" after what
        # the card owes was shown pays that card
        continues = command.follow_up
        # "abre la aclaración de ese cargo", "abre uma contestação disso": the charge the bank last looked at, even a
        # turn or two back
        pointed = clause.slots.points_back or clause.slots.that_one
        found_words = last.looked_at if last.skill == LOOKED_AT_CHARGES or pointed else None
        about_what_was_found = intent in ACTIONS_ON_A_CHARGE and bool(found_words)
        earlier_words = found_words if about_what_was_found and not continues else last.text
        if (continues or about_what_was_found) and earlier_words and context is not None:
            joined = understanding.read_together(earlier_words, clause.text, context, intent).clauses[0]
            # "…el que no reconozco es el de amazon, ábrame la reclamación de ese": the merchant named here is meant
            another = set(joined.slots.merchants) - set(clause.slots.merchants)
            return clause, clause if about_what_was_found and clause.slots.merchants and another else joined
        if intent != clause.intent and context is not None:
            return clause, understanding.read_together("", clause.text, context, intent).clauses[0]
        return clause, clause

    def _pointed_at(self, clause: Clause) -> tuple[Product, ...]:
        """ "desde esa cuenta", "de ahí" after a lookup: what the last request's words named, whichever skill."""
        last, context = self.turn.last, self.state.understood.context if self.state.understood else None
        if not clause.slots.same_one or not last or not last.text or context is None:
            return ()
        read = self.deps.understanding.read_together("", last.text, context, last.intent or clause.intent)
        return tuple(p for c in read.clauses for p in c.slots.products)

    def _earlier(self, skill: Skill) -> dict[str, Any]:
        last = self.turn.last
        return dict(last.arguments) if last and last.skill == skill.name else {}

    def _with_the_same(self, said: str, commands: list[Command]) -> str:
        """ "paga el agua desde esa misma cuenta": the words that named the one meant, in the request before, are the
        customer's too (code keeps only what the customer said)."""
        last = self.turn.last
        same = any(c.clause is not None and c.clause.slots.same_one for c in commands)
        return f"{last.text} {said}" if same and last and last.text else said

    async def _tools(self, client: Any, skill: Skill, said: str) -> SkillTools:
        listed = [t for t in await client.list_tools() if t.name.startswith(f"{skill.mcp}_")]
        schemas = {t.name.split("_", 1)[1]: t.input_schema or {} for t in listed}
        caller = self.state.caller.speaking(self.language, said)
        return SkillTools(client, skill.mcp, schemas, caller, self.deps.trace)

    async def _replaced(self, found: list[ToolOutcome[Result]], command: Command) -> str | None:
        """A correction's new card replaces the one it corrects: the old proposal is withdrawn and the reply says
        so ("ese mismo pero 200")."""
        earlier = self.turn.last.proposal if self.turn.last else None
        made = proposal_of(found)
        if not earlier or not made or not command.follow_up or earlier.id == made.id:
            return None
        said = command.clause.slots if command.clause else None
        if said is not None and said.adds and not said.correction:  # "y de paso el agua": one card more
            return None
        # "só a de água" after the bills were listed, while the card's payment waits: another thing's card, which
        # corrects nothing (a correction is of the same thing, or says so)
        if not of_the_same_thing(earlier, made) and not (said is not None and said.correction):
            return None
        done = await self._withdraw(earlier)
        self._forget(earlier)
        if done:  # it ran before these words: nothing was undone; the new card stands alone
            return words.say("pending_already_done", self.language)
        return words.say("replaced", self.language, what=earlier.summary or "")

    def _forget(self, *withdrawn: PendingProposal) -> None:
        """Cards withdrawn no longer wait: later words that refuse can not withdraw them again."""
        last = self.turn.last
        if last is None:
            return
        gone = {p.id for p in withdrawn}
        kept = tuple(p for p in last.waiting if p.id not in gone)
        proposal = None if last.proposal and last.proposal.id in gone else last.proposal
        self.turn.last = last.model_copy(update={"waiting": kept, "proposal": proposal})

    def _remember(
        self,
        skill: Skill,
        command: Command,
        joined: Clause,
        outcome: ToolOutcome[Result] | None,
        *,
        asked: bool,
        shown: list[ToolOutcome[Result]] | None = None,
    ) -> None:
        """What the next turn may lean on: the request's skill, intent, words, last call and proposal."""
        previous = self.turn.last or LastRequest()
        proposal = proposal_of([outcome], skill.name) if outcome else None
        # the words that named the charge last looked at: a later question about it that names none ("e já foi
        # estornado?") keeps them
        looked_at = previous.looked_at
        if skill.name == LOOKED_AT_CHARGES and (_names_a_charge(joined) or looked_at is None):
            looked_at = joined.text[:400]
        if skill.name == LOOKED_AT_CHARGES and outcome is not None:
            looked_at = _the_one_found(outcome.result) or looked_at
        waiting = previous.proposal if asked and previous.skill == skill.name else None
        self.turn.last = LastRequest(
            looked_at=looked_at,
            skill=skill.name,
            intent=command.intent,
            tool=outcome.tool if outcome else None,
            arguments=outcome.arguments if outcome else {},
            text=joined.text[:400],
            status=status_of(outcome.result) if outcome else None,
            proposal=proposal or waiting,
            waiting=still_waiting(previous.waiting, proposals_of(shown or ([outcome] if outcome else []), skill.name)),
        )


def _settled_already(found: list[ToolOutcome[Result]], command: Command) -> bool:
    """ "quiero reclamar una compra de Mercado Libre… que no hice": a claim said by disowning the charge, with no
    procedure named ("abre una aclaración" is the gateway's to refuse, and its reason is the answer), that the gateway
    refused because the records already settled the charge: what the records show of it is the answer."""
    result = found[-1].result if found else None
    card = result.proposal if isinstance(result, ActionProposal) else None
    if command.intent != CLAIM or not command.clause or command.clause.slots.claim_named or card is None:
        return False
    return bool(card.items) and all(item.reason in SETTLED_BY_THE_RECORDS for item in card.items)


def _the_one_found(result: Result) -> str | None:
    """ "el primero" after a list: the one charge the records found, named by its merchant and amount, is what a
    later "ábreme una disputa por ese cobro" points at (the customer's words named only its place)."""
    charges = result.charges if isinstance(result, Report) else []
    # "por" (the same in both languages) keeps a merchant that is also a word of dates ("Día") from reading the
    # amount as a day
    return f"{charges[0].merchant} por {charges[0].amount}" if len(charges) == 1 else None


def _names_a_charge(clause: Clause) -> bool:
    s = clause.slots
    return bool(s.merchants or s.amounts or s.record_ids or s.duplicate)
