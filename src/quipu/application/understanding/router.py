"""One generic router: a reading becomes typed commands, one per clause, by priorities written down here (the
first rule that fits a clause wins). No skill is named in a rule: skills declare their intents, and whether
each acts, in their folders.

The safety rule lives in one place, rules.py's `act_or_not`: a proposal (a card, a transfer, a payment, a case for a
person to act) comes only from a clause that asks for it: a request, not negated or put off, in the customer's
own voice. A question about an action gets code's explanation and an offer; a reported instruction to move
money or share a code gets a scam warning and a person."""

from dataclasses import replace

from quipu.application.understanding.answered_as import PAID_AFTER, pays_what_it_looked_up
from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.commands import Command, Step
from quipu.application.understanding.conversation import (
    MONEY_INTENTS,
    NEW_REQUEST,
    Conversation,
    details_named,
    sure,
)
from quipu.application.understanding.corrected_here import corrected_here
from quipu.application.understanding.meant import as_it_may_be_meant
from quipu.application.understanding.rules import IN_DOUBT, RULES
from quipu.application.understanding.terms import asked_about_its_terms
from quipu.application.understanding.to_a_person import scam_across, scam_marked
from quipu.application.understanding.told import FILLERS, decision_told, told_beside_a_request, told_of_what_came_before
from quipu.application.understanding.withdrawing import bills_refused_beside, taken_back
from quipu.domain.reading.model import Clause, Mood, Polarity, Reading

__all__ = ["Conversation", "route"]

HOLD = "hold"  # "espera", "peraí": the customer holds the turn
CLOSINGS = frozenset({"thanks", "bye"})  # said to close, they answer what was said before
# beside these, words code cannot place are not asked about
RESPONDED = (Step.ANSWER, Step.REFUSE, Step.ACKNOWLEDGE, Step.EXPLAIN, Step.CANCEL_PENDING)


def route(reading: Reading, conversation: Conversation, catalog: Catalog) -> list[Command]:
    """The commands for the reading's clauses, in order. A greeting or thanks said before a request asks nothing
    of its own; the same request said twice is answered once."""
    commands: list[Command] = []
    for i, said in enumerate(reading.clauses):
        clause = as_it_may_be_meant(said, conversation, catalog)
        before = commands[-1] if commands else None
        if before is not None and told_of_what_came_before(clause, before):
            continue
        others = reading.clauses[:i] + reading.clauses[i + 1 :]
        if told_beside_a_request(clause, others, catalog) or decision_told(clause, others, conversation, catalog):
            continue
        if _opens_what_follows(clause, reading.clauses[i + 1 :]):
            continue
        if _opens_an_action(clause, reading.clauses[i + 1 :], catalog) or _only_heard(clause, reading.clauses[i + 1 :]):
            commands.append(Command(Step.SMALL_TALK, clause, intent=clause.intent, rule="said before a request"))
            continue
        continued = pays_what_it_looked_up(clause, before, catalog) or _continues_the_message(clause, before)
        commands.append(continued or _first_rule(clause, conversation, catalog))
    commands = taken_back(corrected_here(commands, catalog), catalog)
    commands = _reason_before_its_request(scam_across(commands, catalog, reading.clauses))
    commands = asked_about_its_terms(commands, reading.clauses, catalog)
    commands = bills_refused_beside(commands, conversation, catalog)
    meaningful = [c for c in commands if not (c.step == Step.SMALL_TALK and c.intent in FILLERS)]
    # "no se los di. ¿pero sí me cobraron dos veces?": words code cannot place, beside words it answers, ask nothing
    # "ahh la heladera nueva, listo gracias": beside thanks, words code cannot place are not asked about either
    closings = [c for c in commands if c.step == Step.SMALL_TALK and c.intent in CLOSINGS]
    if closings or any(c.step in RESPONDED for c in meaningful):
        meaningful = [c for c in meaningful if not (c.step == Step.CLARIFY and not c.options)]
    # "aah ya me acordé, fue mi esposa desde mi cel. gracias eh": what code only guessed is not looked up; nor is it
    # beside a scam warning ("…me depositan y yo reenvío el dinero…, ¿lo reenvío?"): the story is the scam's
    warned = any(c.step == Step.SCAM for c in commands)
    if closings or warned:
        meaningful = [c for c in meaningful if not (c.step == Step.ANSWER and c.rule == IN_DOUBT)]
    if warned:  # the warning goes to a person with its case: said, never replaced
        meaningful = [c for c in meaningful if c.step != Step.PERSON]
    # "viste el partido de anoche? qué sufrimiento": beside words of no bank matter, words that name nothing are no
    # lookup either
    if any(c.step == Step.OUT_OF_SCOPE for c in commands):
        meaningful = [c for c in meaningful if not (c.step == Step.ANSWER and not c.acts and _names_nothing(c))]
    answered = {c.intent for c in meaningful if c.step == Step.ANSWER}
    # "y si pago solo el mínimo, ¿de cuánto sería?": a payment supposed to ask what it would be is answered by the
    # figure shown, not explained as well
    supposed = {PAID_AFTER[i] for i in answered if i in PAID_AFTER}
    meaningful = [
        c
        for c in meaningful
        if not (c.step in (Step.OFFER, Step.EXPLAIN) and c.intent in answered)
        and not (c.step == Step.EXPLAIN and c.reason == Mood.HYPOTHETICAL.value and c.intent in supposed)
    ]
    kept = meaningful or (closings or commands)[:1]
    unique: list[Command] = []
    for command in kept:
        seen = next((i for i, s in enumerate(unique) if _same(command, s, catalog)), None)
        if seen is None:
            unique.append(command)
        elif unique[seen].options == ("explain",) and not command.options:
            # "mi tarjeta está bloqueada… ¿me la desbloquean?": told, then asked: the request is what is answered
            unique[seen] = command
    return unique


def _opens_an_action(clause: Clause, after: tuple[Clause, ...], catalog: Catalog) -> bool:
    """ "tá. paga minha conta de água": an "ok" said before another action asked outright is how that request
    opens; it takes up nothing offered before ("sí. ¿y cuánto debo?" still takes the offer up)."""
    return clause.intent in FILLERS and any(sure(c, NEW_REQUEST) and catalog.acts(c.intent) for c in after)


def _opens_what_follows(clause: Clause, after: tuple[Clause, ...]) -> bool:
    """ "no espera, mejor no pagues nada", "uy no, perdón, que sean 250": holding the turn, or a "no" before the
    correction it opens, asks nothing of its own; what follows is answered. A hold that names what it corrects ("não
    pera, a de água") is that correction. Words that only conclude from the bank's answer ("o sea que todavía no me
    lo han cobrado. ¿y cuánto debo?") open the question after them."""
    held = clause.intent == HOLD and bool(after) and not (clause.slots.correction and details_named(clause))
    concluded = clause.slots.concludes and not clause.asked and any(sure(c, NEW_REQUEST) for c in after)
    # "oye ando checando mis movimientos y uber me cobró dos veces…": what the customer was looking over when they
    # noticed what follows opens it
    concluded = concluded or (clause.slots.looks_over and any(sure(c, NEW_REQUEST) for c in after))
    # "ay no, me equivoqué, eran 250 mil": owning up to a slip names nothing; the correction after it is what is said
    slipped = clause.slots.correction and not details_named(clause) and any(details_named(c) for c in after)
    return held or concluded or slipped or (clause.intent == "deny" and any(c.slots.correction for c in after))


def _only_heard(clause: Clause, after: tuple[Clause, ...]) -> bool:
    """ "beleza. qual é o limite do meu cartão?" after code offered to cancel it: words that only say the customer
    heard, before a question of another matter or a closing, take up no offer ("sí. ¿y cuánto debo?" still does)."""
    # "ah tá, obrigada, é só isso" after an offer: an "ok" before words that say there is nothing more takes nothing up
    closed = clause.intent in FILLERS and any(c.slots.closes for c in after)
    return closed or (clause.slots.noted and any(c.intent not in FILLERS and sure(c, NEW_REQUEST) for c in after))


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
    # "…en el súper este mes y cuánto se me fue en mayo": words that name the same lookup again still continue it
    if before is None or before.step != Step.ANSWER or before.acts or set(clause.anchors) - {before.intent}:
        return None
    if clause.polarity != Polarity.ASKS:  # "…, pero ya a fin de mes": words that put off ask nothing again
        return None
    if clause.mood == Mood.REPORT and clause.intent in MONEY_INTENTS:  # "…dime cuánto debo, mi esposo dice que la
        return None  # liquide": money someone else said to move is theirs to say, no lookup asked again
    # "…um empréstimo com juros baixinho, mas antes tenho que pagar 300 de seguro pra liberar": a scam's mark is read
    # on its own, never as the lookup asked again
    if scam_marked(clause):
        return None
    if sure(clause, NEW_REQUEST) and clause.intent != before.intent:
        return None
    return Command(Step.ANSWER, clause, before.skill, before.intent, follow_up=True, rule="continues the message")


def _reason_before_its_request(commands: list[Command]) -> list[Command]:
    """ "no quiero la tarjeta de débito, cancélala": a thing refused, then the action on it asked in the same message,
    was the reason for the request; the request is answered, nothing is acknowledged as refused."""
    asked_after = [{c.intent for c in commands[i + 1 :] if c.acts} for i in range(len(commands))]
    return [c for i, c in enumerate(commands) if not (c.step == Step.ACKNOWLEDGE and c.intent in asked_after[i])]


def _names_nothing(command: Command) -> bool:
    return command.clause is not None and not (command.clause.anchors or details_named(command.clause))


SPENDING, GROUPINGS = "spending", {"merchant", "category"}  # where the money went, grouped one way or the other


def _same(later: Command, seen: Command, catalog: Catalog) -> bool:
    """The same step for the same intent, said twice. Two lookups of one intent differ by what each names ("cuánto
    en abril y cuánto en mayo"); a later one that names nothing new ("me llegó un aviso de Liverpool, pero no me
    acuerdo de haber comprado nada", or only what the one before named: "…por lo de mercado libre, ¿en qué habíamos
    quedado?") is the same lookup."""
    if later.step != seen.step or later.intent != seen.intent:
        return False
    # "¿me pueden bloquear…? ¿o si la bloqueo ya es definitivo…?": how an action goes is explained once
    if later.step != Step.ANSWER:
        return True
    if later.acts or later.clause is None:
        return False
    # "¿cuánto gasté en mayo y en qué comercio se me fue más?": the total, then where it went: two answers; so are
    # two groupings of one period (by category, then by merchant)
    grouped = (later.clause.slots.group_by, seen.clause.slots.group_by if seen.clause is not None else None)
    if later.intent == SPENDING and set(grouped) & GROUPINGS and grouped[0] != grouped[1]:
        return False
    # "¿cuánto debo de la tarjeta, de cuánto es el mínimo?": what the lookup does not take (how much is settled) is a
    # figure of the same answer, nothing new
    taken = {k: v for k, v in _details(later.clause).items() if catalog.narrowed_by(later.intent or "", frozenset({k}))}
    if not taken:
        return True
    named_before = _details(seen.clause) if seen.clause is not None else {}
    return all(named_before.get(name) == value for name, value in taken.items())


def _details(clause: Clause) -> dict[str, object]:
    """What the clause names; a word that might be a merchant no list knows counts only where no merchant is named
    ("…de best buy?? yo no compro en el gabacho" names Best Buy twice, whatever follows "en")."""
    named = {name: getattr(clause.slots, name) for name in details_named(clause)}
    if clause.slots.merchants:
        named.pop("places", None)
    return named


def _first_rule(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command:
    for name, rule in RULES:
        found = rule(clause, conversation, catalog)
        if found is not None:
            return Command(**{**found.__dict__, "rule": name})
    return Command(Step.CLARIFY, clause, rule="nothing fits")
