"""An alert of the customer's purchases: each one, or each above the amount they say, in the currency they say or
their cards' own; purchases named by their size with no amount ask it; alerts the bank does not have are said so."""

from decimal import Decimal

import pytest

from card_actions import acted
from quipu.application.action_results import CardLine
from quipu.domain.actions import AlertParams

CARDS = [
    CardLine(
        product_id="P-CREDIT",
        product_type="Tarjeta Crédito",
        last4="1430",
        balance=Decimal(10),
        status="Active",
        currency="COP",
    )
]


def alerted(message: str, language: str = "es") -> list[dict] | str:
    found = acted("alert_on", message, CARDS, "CO" if language == "es" else "BR")
    return found if isinstance(found, str) else [a["params"] for a in found]


@pytest.mark.parametrize(
    ("message", "language", "above", "currency"),
    [
        ("avíseme de cada compra de más de 150 mil", "es", "150000", "COP"),
        ("pon una alerta para compras arriba de 80 usd", "es", "80", "USD"),
        ("me avisa das compras acima de 300", "pt", "300", "COP"),
    ],
)
def test_an_alert_of_purchases_above_an_amount_carries_the_amount_and_its_currency(message, language, above, currency):
    (params,) = alerted(message, language)
    assert params == {"kind": "purchases", "enabled": True, "above": above, "currency": currency}
    AlertParams.model_validate(params)  # what the gateway will accept


@pytest.mark.parametrize(
    ("message", "language"), [("activa alertas de todas mis compras", "es"), ("quero alerta de cada compra", "pt")]
)
def test_an_alert_of_every_purchase_takes_no_amount(message, language):
    assert alerted(message, language) == [{"kind": "purchases", "enabled": True}]


def test_purchases_named_by_their_size_with_no_amount_ask_it():
    assert alerted("quiero que me avise de las compras grandes") == (
        "¿A partir de qué monto quieres que te avise de cada compra?"
    )


def test_an_alert_the_bank_does_not_have_is_said_so_whatever_else_it_names():
    assert alerted("avísame de las compras que haga fuera del país").startswith("Esa alerta no la tengo")


def test_a_currency_the_bank_keeps_no_card_in_asks_the_amount_in_the_cards_own():
    assert alerted("me avisa de compras acima de 100 reais", "pt") == (
        "Seus cartões são em COP: a partir de qual valor em COP você quer que eu avise de cada compra?"
    )


@pytest.mark.parametrize(("message", "language"), [("desliga esse alerta", "pt"), ("desactiva esa alerta porfa", "es")])
def test_that_one_alert_switched_off_with_no_kind_asks_which(message, language):
    found = acted("alert_off", message, CARDS, "CO" if language == "es" else "BR")
    assert isinstance(found, str), found


def test_the_alerts_switched_off_with_no_kind_are_all_of_them():
    assert len(acted("alert_off", "apaga las alertas de la tarjeta", CARDS, "CO")) == 3
