"""What a clause may be meant as in this conversation, before the router's rules read it: a payment to someone
close is money sent to them; money asked for a day to come is put off; withdrawing a card is impossible with none
waiting; "cancela eso" with one waiting withdraws it."""

from dataclasses import replace

from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.commands import Step
from quipu.application.understanding.conversation import ALERTS, MONEY_INTENTS, PAYING, Conversation, pays_own
from quipu.domain.reading.model import Clause, Guess, Polarity

WITHDRAW = Step.CANCEL_PENDING.value  # the intent of withdrawing the proposal that waits for the button
TRANSFER = "transfer"  # money sent to someone
CANCEL_CARD = "cancel_card"  # "cancela eso" with a card waiting is no card cancelled


def as_it_may_be_meant(clause: Clause, conversation: Conversation, catalog: Catalog) -> Clause:
    return _possible(_for_a_day_to_come(_paid_to_a_person(clause), conversation, catalog), conversation)


def _paid_to_a_person(clause: Clause) -> Clause:
    """ "quero pagar 100 pra minha vizinha", "quiero pagarle 100 a mi vecina": a payment to someone close that names
    no bill, card or loan of the customer's is money sent to that person, a transfer (code asks where to), never a
    payment of the customer's own debt."""
    if clause.intent not in PAYING or not clause.slots.close_one or pays_own(clause) or clause.slots.their_money:
        return clause
    return _weight_given_to(clause, TRANSFER, PAYING | {TRANSFER})


def _for_a_day_to_come(clause: Clause, conversation: Conversation, catalog: Catalog) -> Clause:
    """ "no espera, mejor lo pago el viernes que me cae la quincena", "paga a fatura na sexta": money asked to move on
    a day to come is put off (code prepares nothing today, and the bank schedules nothing), and so is the payment
    such words correct; a lookup of that day is still a lookup, and what the customer already did is still looked
    up."""
    if not clause.slots.later_day or clause.done or clause.polarity != Polarity.ASKS:
        return clause
    last = conversation.last_intent
    corrected = clause.slots.correction and last in MONEY_INTENTS
    if corrected and clause.intent not in MONEY_INTENTS and not clause.anchors and last is not None:
        # "no, mejor el viernes que cobro" while a transfer waits: that transfer, put off ("cobro" names no charge)
        return replace(clause, polarity=Polarity.POSTPONES, intents=(Guess(last, 1.0), *clause.intents))
    # "apenas pase una semana y siga pendiente, ahí sí pongo el reclamo": any action waits for a condition to come
    awaited = clause.slots.awaits and catalog.acts(clause.intent) and clause.intent not in ALERTS
    put_off = clause.intent in MONEY_INTENTS or corrected or awaited
    return replace(clause, polarity=Polarity.POSTPONES) if put_off else clause


def _possible(clause: Clause, conversation: Conversation) -> Clause:
    """ "se me perdió, cancélamela" with no card waiting for the button: withdrawing a proposal is impossible, so
    its weight goes to the reading it lost to. It never lifts a reading the reader did not already put first."""
    if conversation.pending or conversation.waiting:
        return _withdrawn_by_its_pronoun(clause)
    if len(clause.intents) < 2 or clause.intent == WITHDRAW:
        return clause
    impossible = sum(g.confidence for g in clause.intents if g.label == WITHDRAW)
    if not impossible:
        return clause
    first, *rest = clause.intents
    kept = (Guess(first.label, round(first.confidence + impossible, 4)), *(g for g in rest if g.label != WITHDRAW))
    return replace(clause, intents=kept)


def _withdrawn_by_its_pronoun(clause: Clause) -> Clause:
    """ "mejor cancele eso" while a card waits for the button: cancelling what is named only by a pronoun is
    withdrawing that card (a card to cancel is named: "cancela la tarjeta")."""
    s = clause.slots
    card_named = s.products or s.last4 or s.record_ids
    if clause.intent != CANCEL_CARD or not s.that_one or card_named:
        return clause
    return _weight_given_to(clause, WITHDRAW, frozenset({CANCEL_CARD, WITHDRAW}))


def _weight_given_to(clause: Clause, label: str, readings: frozenset[str]) -> Clause:
    """The clause read first as `label`, with the weight of every reading of `readings` (the label among them)."""
    weight = sum(g.confidence for g in clause.intents if g.label in readings)
    rest = tuple(g for g in clause.intents if g.label not in readings)
    return replace(clause, intents=(Guess(label, round(weight, 4)), *rest))
