"""An alert of the customer's purchases: each one, or each above the amount they say, in the currency they say or
their cards' own; purchases named by their size with no amount ask it; alerts the bank does not have are said so."""

import asyncio
from decimal import Decimal

import pytest

from quipu.application.action_results import CardLine, MyCards
from quipu.application.skills.loader import load_hooks
from quipu.application.skills.manifest import discover
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.turn import SkillTurn
from quipu.domain.actions import AlertParams
from quipu.domain.reading.model import ReadingContext
from quipu.domain.reading.reader import read

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


class Tools:
    def __init__(self):
        self.proposed: list[dict] = []

    async def call(self, tool, arguments, **_):
        if tool == "my_cards":
            return ToolOutcome(tool, arguments, MyCards(cards=CARDS))
        self.proposed += arguments["actions"]
        return ToolOutcome(tool, arguments, MyCards(cards=[]))


def alerted(message: str, language: str = "es") -> list[dict] | str:
    reading = read(message, ReadingContext(language=language, region="CO" if language == "es" else "BR"))
    clause = reading.clauses[-1]
    tools = Tools()
    hooks = load_hooks(next(s for s in discover() if s.name == "account_actions"))
    turn = SkillTurn(intent="alert_on", clause=clause, latest=clause, language=language, tools=tools)
    found = asyncio.run(hooks.act(turn))
    return found if isinstance(found, str) else [a["params"] for a in tools.proposed]


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
