"""A claim asked of a charge the records already settled (reversed, declined) is told so from the charges looked at:
no claim's card is drawn for it; a charge still standing gets its card."""

import asyncio
from datetime import datetime
from decimal import Decimal

import pytest

from quipu.application.action_results import RecentCharges
from quipu.application.investigation_results import ListedCharge
from quipu.application.skills.loader import load_hooks
from quipu.application.skills.manifest import discover
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.turn import SkillTurn
from quipu.application.skills.voice import Voice
from quipu.domain.reading.model import ReadingContext
from quipu.domain.reading.reader import read


def _charge(merchant: str, amount: str, status: str, transaction_id: str) -> ListedCharge:
    return ListedCharge(
        label="#1",
        date=datetime(2026, 6, 13, 14, 5),
        merchant=merchant,
        amount=Decimal(amount),
        currency="ARS",
        status=status,
        transaction_id=transaction_id,
    )


CHARGES = [
    _charge("Mercado Libre", "54000", "Reversed", "T-REVERSED"),
    _charge("Carrefour", "23500", "Approved", "T-APPROVED"),
    _charge("YPF", "18000", "Declined", "T-DECLINED"),
]


class ChargeTools:
    def __init__(self) -> None:
        self.proposed: list[dict] = []

    async def call(self, tool, arguments, **_):
        if tool == "recent_charges":
            return ToolOutcome(tool, arguments, RecentCharges(charges=CHARGES))
        self.proposed += arguments["actions"]
        return ToolOutcome(tool, arguments, RecentCharges(charges=[]))


def _claimed(message: str, language: str = "es") -> tuple[ChargeTools, str]:
    region = "AR" if language == "es" else "BR"
    context = ReadingContext(language=language, region=region, merchants=tuple(c.merchant or "" for c in CHARGES))
    clause = read(message, context).clauses[-1]
    skill = next(s for s in discover() if s.name == "account_actions")
    hooks, tools = load_hooks(skill), ChargeTools()
    turn = SkillTurn(intent="dispute_charge", clause=clause, latest=clause, language=language, tools=tools)
    found = asyncio.run(hooks.act(turn))
    reply = found if isinstance(found, str) else hooks.answer(found, Voice(skill.name, language, region))
    return tools, reply


@pytest.mark.parametrize(
    ("message", "language", "told"),
    [
        ("quiero desconocer el consumo de Mercado Libre de 54 mil", "es", "ya fue revertido"),
        ("abrime un reclamo por lo de YPF", "es", "fue rechazado"),
        ("quero contestar a compra do Mercado Libre", "pt", "já foi estornada"),
    ],
)
def test_a_charge_the_records_settled_draws_no_card_and_is_told_so(message, language, told):
    tools, reply = _claimed(message, language)
    assert tools.proposed == []
    assert told in reply


def test_a_charge_still_standing_gets_its_claim_card():
    tools, _ = _claimed("desconocé el consumo de Carrefour de 23.500")
    assert tools.proposed == [{"action": "open_payment_inquiry", "params": {"transaction_id": "T-APPROVED"}}]
