"""One generic router: a reading becomes typed commands, one per clause, by priorities written down here (the
first rule that fits a clause wins). No skill is named in a rule: skills declare their intents, and whether
each acts, in their folders.

The safety rule lives in one place, rules.py's `act_or_not`: a proposal (a card, a transfer, a payment, a case for a
person to act) comes only from a clause that asks for it: a request, not negated or put off, in the customer's
own voice. A question about an action gets code's explanation and an offer; a reported instruction to move
money or share a code gets a scam warning and a person."""

from dataclasses import replace

from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.commands import Command, Step
from quipu.application.understanding.conversation import MONEY_INTENTS, NEW_REQUEST, Conversation, refines, sure
from quipu.application.understanding.rules import RULES
from quipu.domain.reading.model import Clause, Guess, Mood, Polarity, Reading

__all__ = ["Conversation", "route"]

FILLERS = frozenset({"greeting", "thanks", "affirm"})  # said before a request, they ask nothing of their own
WITHDRAW = Step.CANCEL_PENDING.value  # the intent of withdrawing the proposal that waits for the button


def route(reading: Reading, conversation: Conversation, catalog: Catalog) -> list[Command]:
    """The commands for the reading's clauses, in order. A greeting or thanks said before a request asks nothing
    of its own; the same request said twice is answered once."""
    commands: list[Command] = []
    for i, said in enumerate(reading.clauses):
        clause = _possible(said, conversation)
        before = commands[-1] if commands else None
        if _opens_an_action(clause, reading.clauses[i + 1 :], catalog):
            commands.append(Command(Step.SMALL_TALK, clause, intent=clause.intent, rule="said before a request"))
            continue
        commands.append(_continues_the_message(clause, before) or _first_rule(clause, conversation, catalog))
    commands = _scam_across(_taken_back(commands, catalog))
    meaningful = [c for c in commands if not (c.step == Step.SMALL_TALK and c.intent in FILLERS)]
    # "no se los di. ¿pero sí me cobraron dos veces?": words code cannot place, beside words it answers, are not
    # asked about
    if any(c.step == Step.ANSWER for c in meaningful):
        meaningful = [c for c in meaningful if not (c.step == Step.CLARIFY and not c.options)]
    answered = {c.intent for c in meaningful if c.step == Step.ANSWER}
    meaningful = [c for c in meaningful if not (c.step in (Step.OFFER, Step.EXPLAIN) and c.intent in answered)]
    kept = meaningful or commands[:1]
    unique: list[Command] = []
    for command in kept:
        if not any(_same(command, seen) for seen in unique):
            unique.append(command)
    return unique


def _opens_an_action(clause: Clause, after: tuple[Clause, ...], catalog: Catalog) -> bool:
    """ "tá. paga minha conta de água": an "ok" said before another action asked outright is how that request
    opens; it takes up nothing offered before ("sí. ¿y cuánto debo?" still takes the offer up)."""
    return clause.intent in FILLERS and any(sure(c, NEW_REQUEST) and catalog.acts(c.intent) for c in after)


def _possible(clause: Clause, conversation: Conversation) -> Clause:
    """ "se me perdió, cancélamela" with no card waiting for the button: withdrawing a proposal is impossible, so
    its weight goes to the reading it lost to. It never lifts a reading the reader did not already put first."""
    if conversation.pending or len(clause.intents) < 2 or clause.intent == WITHDRAW:
        return clause
    impossible = sum(g.confidence for g in clause.intents if g.label == WITHDRAW)
    if not impossible:
        return clause
    first, *rest = clause.intents
    kept = (Guess(first.label, round(first.confidence + impossible, 4)), *(g for g in rest if g.label != WITHDRAW))
    return replace(clause, intents=kept)


def held_for_a_person(commands: list[Command]) -> list[Command]:
    """While the conversation's case waits for a person (a scam reported, a fraud flagged, a person asked for),
    code still answers from the records and may protect a card, but moving money waits for that person."""
    return [
        replace(c, step=Step.PERSON, reason="customer_asked", rule="money waits for the person")
        if c.step == Step.ANSWER and c.intent in MONEY_INTENTS
        else c
        for c in commands
    ]


def _continues_the_message(clause: Clause, before: Command | None) -> Command | None:
    """ "cuánto gasté en abril y cuánto en mayo": a clause that names nothing of its own after a lookup in the same
    message asks the same again, changed by what it says."""
    if before is None or before.step != Step.ANSWER or before.acts or clause.anchors:
        return None
    if sure(clause, NEW_REQUEST) and clause.intent != before.intent:
        return None
    return Command(Step.ANSWER, clause, before.skill, before.intent, follow_up=True, rule="continues the message")


def _taken_back(commands: list[Command], catalog: Catalog) -> list[Command]:
    """ "pasa 5 lucas a la corriente, déjalo así", "bloquéala… pero todavía no": a refusal or a delay said after a
    request, about nothing else the bank does, takes that request back; nothing is prepared."""
    kept = list(commands)
    for later in commands:
        clause = later.clause
        if clause is None or clause.polarity == Polarity.ASKS or later.acts:
            continue
        for i, earlier in enumerate(kept):
            if earlier is later:
                break
            about_it = later.intent in (None, earlier.intent) or not catalog.acts(later.intent or "")
            if earlier.acts and about_it:
                kept[i] = Command(
                    Step.ACKNOWLEDGE, earlier.clause, earlier.skill, earlier.intent, reason=clause.polarity.value
                )
    return kept


def _scam_across(commands: list[Command]) -> list[Command]:
    """ "me llamaron de la Superintendencia… primero debo consignar 90 mil, ¿le consigno desde mi cuenta?": a report or
    a scam's purpose in one clause makes money moved (or a code shared) in another clause of the message part of it."""
    clauses = [c.clause for c in commands if c.clause is not None]
    told = any(c.mood == Mood.REPORT or c.slots.scam_purpose for c in clauses) or any(
        c.step == Step.SCAM for c in commands
    )
    if not told:
        return commands
    return [
        Command(Step.SCAM, c.clause, reason="scam_report") if c.clause is not None and _moves_or_shares(c.clause) else c
        for c in commands
    ]


def _moves_or_shares(clause: Clause) -> bool:
    """Money moved or a code shared, as the words ask it (a refusal, "no hagan nada", moves nothing)."""
    s = clause.slots
    return clause.polarity == Polarity.ASKS and (clause.intent in MONEY_INTENTS or bool(s.accounts) or s.secret)


def _same(later: Command, seen: Command) -> bool:
    """The same step for the same intent, said twice. Two lookups of one intent differ by what each names ("cuánto
    en abril y cuánto en mayo"); a later one that names nothing new ("me llegó un aviso de Liverpool, pero no me
    acuerdo de haber comprado nada") is the same lookup."""
    if later.step != seen.step or later.intent != seen.intent:
        return False
    if later.step not in (Step.ANSWER, Step.EXPLAIN):
        return True
    return later.step == Step.ANSWER and not later.acts and later.clause is not None and not refines(later.clause)


def _first_rule(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command:
    for name, rule in RULES:
        found = rule(clause, conversation, catalog)
        if found is not None:
            return Command(**{**found.__dict__, "rule": name})
    return Command(Step.CLARIFY, clause, rule="nothing fits")
