"""One more bill to pay, said after money was asked to move ("e a conta de luz tbm", "y la luz también que vence
la semana que viene"): its verb is the request before's."""

from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.conversation import MONEY_INTENTS, SHORT_FOLLOW_UP, Conversation
from quipu.domain.reading.model import Clause, Mood, Polarity, Speaker

BILL = "pay_bill"
RELATIVE = frozenset({"que", "q"})  # "la luz, que vence el viernes": what follows tells of what was named


def one_more_to_pay(clause: Clause, conversation: Conversation, catalog: Catalog) -> bool:
    """ "e a conta de luz tbm" right after money was asked to move, or while its card waits (a lookup asked beside it:
    "…y de paso dime cuánta lana tengo", then "y el recibo del agua también"): one more bill, its verb left to the
    request before ("paga o mínimo da fatura", "pasame 3 mil a la de cheques"). Only words that name a bill and
    nothing else of their own: a question of how much, a supposition, a refusal or someone else's words ask nothing
    to be paid."""
    s = clause.slots
    moving = conversation.last_intent in MONEY_INTENTS or catalog.skill_of(BILL) in conversation.waiting
    return bool(
        moving
        and s.adds
        and s.services
        and not (s.how_much or s.deadline or s.amounts)
        and clause.mood not in (Mood.HYPOTHETICAL, Mood.REPORT)
        and clause.polarity == Polarity.ASKS
        and clause.speaker == Speaker.CUSTOMER
        and len(_before_its_due_date(clause)) <= SHORT_FOLLOW_UP
        and set(clause.anchors) <= {BILL, "list_bills"}
    )


def _before_its_due_date(clause: Clause) -> tuple[str, ...]:
    """ "y la luz también | que vence la semana que viene": the words that name the bill, before the "que" that only
    tells when it is due (any other "que" may tell more: "…que me llegó carísima, ¿por qué?")."""
    words = clause.words
    if not clause.slots.falls_due:
        return words
    at = next((i for i, w in enumerate(words) if w in RELATIVE and i > 0), len(words))
    return words[:at]
