"""Clauses that only tell: beside a request, or right after what the bank just answered, they say why or what the
customer supposes, and ask nothing of their own."""

from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.commands import Command, Step
from quipu.application.understanding.conversation import (
    MONEY_INTENTS,
    NEW_REQUEST,
    SURE_TO_CASE,
    UNRECOGNIZED,
    Conversation,
    asked_for,
    details_named,
    moves_money,
    named_or_sure,
    refines,
    sure,
)
from quipu.application.understanding.to_a_person import scam_marked
from quipu.domain.reading.model import Clause, Mood, Polarity

FILLERS = frozenset({"greeting", "thanks", "affirm"})  # said before a request, they ask nothing of their own
CLAIM = "dispute_charge"
# what names a charge: its merchant, sum, day, and where it was made ("nunca estuve en Estados Unidos")
CHARGE_DETAILS = frozenset({"merchants", "amounts", "periods", "places"})


def told_of_what_came_before(clause: Clause, before: Command) -> bool:
    """A supposition of what was just asked, why a question the bank does not serve was asked, or a question of
    what the records do not hold: nothing of its own."""
    told = _only_supposes(clause) or _tells_why(clause, before) or _of_what_is_not_held(clause, before)
    return told or _only_to_know(clause, before)


def _only_to_know(clause: Clause, before: Command) -> bool:
    """ "…todavía no lo pagues, nomás quiero saber": after what was asked, words that say it was only to know ask
    nothing of their own."""
    return before.step != Step.SMALL_TALK and clause.slots.only_to_know


def told_beside_a_request(clause: Clause, others: tuple[Clause, ...], catalog: Catalog) -> bool:
    """ "bloqueei meu cartão sem querer no app, desbloqueia pra mim", "¿me la reactivan? la congelaron por error":
    what the customer or someone else did to a card, told beside another request, is why they ask: it asks nothing
    of its own (a payment they made is looked up instead)."""
    told = clause.done and catalog.acts(clause.intent) and clause.intent not in MONEY_INTENTS
    asks_more = [c for c in others if c.intent not in FILLERS]  # "reclamei de uma cobrança, e aí?" asks nothing more
    if told and any((sure(c, NEW_REQUEST) or asked_for(c)) and c.intent != clause.intent for c in asks_more):
        return True
    return (
        _why_a_person_is_asked(clause, asks_more, catalog)
        or _disowned_for_an_action(clause, asks_more, catalog)
        or _a_state_told(clause, asks_more)
        or _a_report_told(clause, asks_more, catalog)
        or _a_consequence_told(clause, asks_more, catalog)
        or _another_product_left_alone(clause, asks_more)
    )


def _another_product_left_alone(clause: Clause, others: list[Clause]) -> bool:
    """ "mejor sácalo de la de cheques, el ahorro no lo quiero tocar": a product named only to be refused, beside words
    that name the one meant ("bloquea la de débito, la de crédito no la toques"), takes nothing back."""
    s = clause.slots
    alone = s.refused_product and not (s.products or s.amounts or s.services or s.accounts or s.last4)
    return alone and any(c.slots.products or c.slots.last4 for c in others)


ASKED = (Mood.REQUEST, Mood.QUESTION, Mood.ACTION_QUESTION)
IF_ONLY = frozenset({"affirm"})  # the "si" of a supposition is all a consequence names ("si no la pago hoy…")
WHEN_ONLY = frozenset({"periods"})  # and when ("…hoy me cobran recargo")


def _a_consequence_told(clause: Clause, others: list[Clause], catalog: Catalog) -> bool:
    """ "paga el agua porfa, si no la pago hoy me cobran recargo": what happens unless it is done, supposed beside an
    action asked outright and naming nothing of its own, is why the customer asks it."""
    plain = clause.mood == Mood.HYPOTHETICAL and set(clause.anchors) <= IF_ONLY and details_named(clause) <= WHEN_ONLY
    if not plain or scam_marked(clause) or clause.slots.demanded:
        return False
    return any(c.mood == Mood.REQUEST and catalog.acts(c.intent) and asked_for(c) for c in others)


def _a_report_told(clause: Clause, others: list[Clause], catalog: Catalog) -> bool:
    """ "mi amiga Valeria dice que ya me depositó, ¿me dices cuánto tengo en mis cuentas?": what someone else said,
    naming nothing the lexicon knows and no detail, beside another question plainly asked, is why the customer asks;
    it is not looked up on its own. A report that marks a scam (a caller from the bank, a code, a stranger, money
    asked for) or that names money to move is never set aside here."""
    marked = scam_marked(clause) or clause.slots.demanded
    plain = clause.mood == Mood.REPORT and not clause.anchors and not details_named(clause) and not marked
    if not plain or catalog.acts(clause.intent) or clause.intent in MONEY_INTENTS:
        return False
    return any(c.mood in ASKED and sure(c, NEW_REQUEST) and c.intent != clause.intent for c in others)


def _a_state_told(clause: Clause, others: list[Clause]) -> bool:
    """ "Uh, estoy re atrasado. Dale, pagame una cuota…", "me espero a ver si se cae. ¿Y cuánto debo…?": a statement
    that names nothing and that neither the lexicon nor the reader is sure of, beside what is plainly asked, tells the
    customer's state; it asks nothing of its own."""
    named = set(clause.anchors) - FILLERS  # "bueno, entonces me espero…": an "ok" names nothing
    # "uff, estoy hasta el cuello este mes": a time said with the state still names nothing asked
    names = details_named(clause) - {"periods"}
    plain = clause.mood == Mood.STATEMENT and clause.polarity == Polarity.ASKS and not named and not names
    plain = plain and not sure(clause, NEW_REQUEST)  # "lo pago yo en el banco" refuses: it says something
    asked = (Mood.REQUEST, Mood.QUESTION, Mood.ACTION_QUESTION)
    return plain and any(c.mood in asked and sure(c, NEW_REQUEST) for c in others)


def _disowned_for_an_action(clause: Clause, others: list[Clause], catalog: Catalog) -> bool:
    """ "pues yo no fui eh, bloqueen mi tarjeta por si las dudas": a charge disowned with nothing that names it (no
    merchant, sum or day), beside an action asked outright, is why the action is asked."""
    disowned = clause.intent == UNRECOGNIZED and clause.mood == Mood.STATEMENT and not refines(clause)
    if disowned and any(catalog.acts(c.intent) and asked_for(c) and sure(c, NEW_REQUEST) for c in others):
        return True
    # "Yo no he pedido nada en Amazon. Quiero desconocer esa compra": what the customer did not do, told with the
    # charge's details and read as nothing sure, beside a claim of the charge pointed at, is the claim's reason
    denied = clause.mood == Mood.STATEMENT and clause.polarity != Polarity.ASKS and not sure(clause, NEW_REQUEST)
    claimed = [c for c in others if c.intent == CLAIM and asked_for(c) and sure(c, NEW_REQUEST)]
    return denied and details_named(clause) <= CHARGE_DETAILS and any(c.slots.points_back for c in claimed)


def _why_a_person_is_asked(clause: Clause, others: list[Clause], catalog: Catalog) -> bool:
    """ "la compra del 10 llegó dañada, quiero que me reintegren esa plata": a statement beside a request only a person
    takes (a refund, an unblock) is why it is asked; the person gets both."""
    # "nunca llegó" tells, it refuses nothing; "no me acuerdo de haberla hecho" too, once the charge was looked at
    plain = clause.mood == Mood.STATEMENT
    return plain and any(
        catalog.handled(c.intent) == "never_automated" and asked_for(c) and named_or_sure(c, SURE_TO_CASE)
        for c in others
    )


def _only_supposes(clause: Clause) -> bool:
    """ "¿cuándo me toca pagar la tarjeta? creo q es esta semana": what the customer supposes of what they just
    asked asks nothing of its own; a supposition that names a problem ("creo que me clonaron") still does."""
    return clause.slots.guess and not clause.anchors and clause.mood != Mood.REQUEST


def _of_what_is_not_held(clause: Clause, before: Command) -> bool:
    """ "tengo plata en el galicia también, ¿cuánto hay ahí?": a question naming nothing of its own, right after
    what the records here do not hold, asks of that same thing (it is said plainly once). Money moved or a code
    shared after it ("…una página de inversiones me promete duplicarme 500.000, tengo que mandarlos por Nequi") is
    read on its own: it may be a scam's."""
    moves = clause.polarity == Polarity.ASKS and (moves_money(clause) or clause.slots.secret)
    return before.step == Step.NOT_IN_RECORDS and not refines(clause) and not clause.anchors and not moves


def _tells_why(clause: Clause, before: Command) -> bool:
    """ "¿va a llover en Medellín este finde? tengo paseo": a short statement after a question the bank does not
    serve says why it was asked; it names nothing of its own."""
    return (
        before.step == Step.OUT_OF_SCOPE
        and clause.mood == Mood.STATEMENT
        and not clause.anchors
        and not sure(clause, NEW_REQUEST)
    )


def decision_told(clause: Clause, others: tuple[Clause, ...], conversation: Conversation, catalog: Catalog) -> bool:
    """ "si está pendiente entonces no lo voy a reclamar todavía. ¿Y cuánto debo?": an action put off or refused, the
    reader unsure which, while nothing waits to be taken back, beside a lookup plainly asked: the customer's own
    decision, told; nothing to ask back about it. Beside an action asked in the same words ("paga el cable, y la
    luz… no, la luz la dejo"), it takes back what it names, and stays."""
    decided = clause.polarity in (Polarity.POSTPONES, Polarity.REFUSES) and not sure(clause)
    waits = conversation.pending or conversation.waiting or conversation.awaiting
    acting = any(catalog.acts(c.intent) for c in others)
    looked_up = [c for c in others if catalog.skill_of(c.intent) is not None and not catalog.acts(c.intent)]
    return decided and not waits and not acting and any(c.mood in ASKED and sure(c, NEW_REQUEST) for c in looked_up)
