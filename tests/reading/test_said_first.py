"""What follows "but first" ("pero antes", "mas primeiro") is answered before the words it follows; a "primero"
that only orders two things said in turn changes nothing (round 45's class)."""

import pytest
from reading_support import CATALOG, learned_reader
from test_readings import SIGNED_IN, _context

from quipu.application.understanding.router import Conversation, route
from quipu.domain.reading.reader import read


def _answered(says: str, customer: str) -> list[str | None]:
    reading = read(says, _context({"says": says, "customer": customer}), learned_reader())
    commands = route(reading, Conversation(True, SIGNED_IN), CATALOG)
    return [c.intent for c in commands if c.step.value in ("answer", "explain", "offer")]


@pytest.mark.parametrize(
    ("says", "customer", "first"),
    [
        (
            "pasa mil de la de ahorro a la de cheques pero primero dime cuánto tengo en la de ahorro",
            "valeria",
            "balance",
        ),
        ("paga a conta de luz mas antes me diz quanto tenho na poupança", "ana", "balance"),
        ("mi mamá dice que pague la tarjeta pero antes dime cuánto debo", "valeria", "debt"),
    ],
)
def test_what_is_asked_first_is_answered_first(says: str, customer: str, first: str):
    assert _answered(says, customer)[0] == first


def test_a_first_that_only_orders_two_bills_keeps_their_order():
    assert _answered("págame la luz primero y después el agua desde la de cheques", "valeria")[0] == "pay_bill"
