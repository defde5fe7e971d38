"""A bill's word right before a service's name ("a fatura da luz", "la factura del internet") names that service's
bill and no card of the customer's; the card's own bill ("a fatura do cartão") is still the card."""

import pytest

from quipu.domain.reading.model import ReadingContext
from quipu.domain.reading.reader import read


def _read(message: str, language: str):
    return read(message, ReadingContext(language=language)).clauses[0].slots


@pytest.mark.parametrize(
    ("message", "language", "service"),
    [
        ("paga a fatura da água com a poupança", "pt", "agua"),
        ("Pague a fatura da internet de 585 com a minha conta", "pt", "internet"),
        ("págame la factura de la luz desde el ahorro", "es", "luz"),
    ],
)
def test_a_bills_word_before_a_service_names_that_bill_and_no_card(message, language, service):
    slots = _read(message, language)
    assert service in slots.services
    assert "credit_card" not in [p.kind for p in slots.products]


def test_the_cards_own_bill_is_still_the_card():
    assert "credit_card" in [p.kind for p in _read("paga a fatura do cartão com a poupança", "pt").products]
