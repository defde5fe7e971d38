"""Pure: more kinds of customer words code reads itself: amounts said with "mil" or "k", follow-ups that correct
the last request, charges named by amount or by another merchant, lookups by place and by several categories.
Each test uses phrasings of its own, so a rule written for one message would not pass them."""

from decimal import Decimal

import pytest

from quipu.domain.money import amounts_said
from quipu.skills.money_movement.words import amount_corrected, plain_transfer


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("mueve 3 mil a la de cheques", Decimal("3000")),
        ("manda 15k pro meu cartão", Decimal("15000")),
        ("pásale 1,5 mil al ahorro", Decimal("1500")),
        ("transfiere 2 millones a mi corriente", Decimal("2000000")),
        ("quero mandar 5 mil reais", Decimal("5000")),
        ("pasa 4mil", Decimal("4000")),
    ],
)
def test_an_amount_said_with_mil_k_or_millones_reads_as_its_whole_value(text, value):
    assert [a.values for a in amounts_said(text)] == [(value,)]


def test_mil_without_a_figure_is_no_amount():
    assert amounts_said("mil gracias, eso era todo") == []


def test_a_transfer_in_thousands_said_with_mil_proposes_the_whole_amount():
    found = plain_transfer("échale 3 mil a mi cuenta de ahorro desde la corriente")
    assert found is not None and found["amount"] == "3000" and found["kind"] == "own_accounts"


def test_a_correction_in_thousands_replaces_the_amount_of_the_request():
    earlier = "pasa 1 mil de la corriente a la de ahorro"
    assert "7000" in amount_corrected(f"{earlier} mejor 7 mil", "mejor 7 mil")
