"""Cards named together ("las dos", "ambas", two endings) are each proposed, on one card with one button; one card
named, or none, is as before (the one named, or a question of which)."""

from decimal import Decimal

import pytest

from card_actions import acted
from quipu.application.action_results import CardLine
from quipu.domain.reading.model import OwnProduct

CARDS = [
    CardLine(product_id="P-CREDIT", product_type="Tarjeta Crédito", last4="1430", balance=Decimal(10), status="Active"),
    CardLine(product_id="P-DEBIT", product_type="Tarjeta Débito", last4="5410", balance=None, status="Active"),
]
OWN = (OwnProduct("credit_card", "1430"), OwnProduct("debit_card", "5410"))


def blocked(message: str, region: str = "MX") -> list[str] | str:
    found = acted("block_card", message, CARDS, region, OWN)
    return found if isinstance(found, str) else [a["params"]["product_id"] for a in found]


@pytest.mark.parametrize(
    ("message", "region"),
    [
        ("me robaron la mochila con las dos tarjetas adentro, bloquéenmelas ya", "MX"),
        ("bloquea ambas tarjetas porfa", "MX"),
        ("perdi a carteira, bloqueia os dois cartões", "BR"),
        ("bloquea la 1430 y la 5410", "MX"),
        ("se me perdieron todas mis tarjetas, me las bloquean?", "MX"),
    ],
)
def test_cards_named_together_are_each_proposed(message, region):
    assert blocked(message, region) == ["P-CREDIT", "P-DEBIT"]


@pytest.mark.parametrize(("message", "card"), [("bloquea la de débito", "P-DEBIT"), ("bloquea la 1430", "P-CREDIT")])
def test_one_card_named_is_that_card(message, card):
    assert blocked(message) == [card]


def test_no_card_named_of_two_asks_which():
    assert isinstance(blocked("bloquea mi tarjeta"), str)


@pytest.mark.parametrize(
    ("message", "region", "said"),
    [
        ("frena mi tarjeta 9921 porfa", "MX", "No tienes una tarjeta terminada en 9921"),
        ("bloquea la terminada en 3307", "MX", "No tienes una tarjeta terminada en 3307"),
        ("trava o cartão 8812 urgente", "BR", "Você não tem um cartão com final 8812"),
    ],
)
def test_an_ending_none_of_the_cards_has_is_said_plainly_and_no_card_is_swapped_in(message, region, said):
    found = blocked(message, region)
    assert isinstance(found, str) and found.startswith(said) and "1430" in found and "5410" in found


def test_an_ending_of_theirs_written_alone_after_the_card_is_that_card():
    assert blocked("frena mi tarjeta 5410 porfa") == ["P-DEBIT"]
