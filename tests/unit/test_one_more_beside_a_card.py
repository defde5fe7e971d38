"""One more asked "also" while the skill's card waits ("y también cuando haya un cobro repetido") goes on the new
card beside what waited, since the new card replaces the one waiting; asked with nothing waiting, or without
"also", the card carries only what is asked now."""

import asyncio

import pytest

from quipu.application.action_results import MyCards
from quipu.application.skills.loader import load_hooks
from quipu.application.skills.manifest import discover
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.turn import SkillTurn
from quipu.domain.reading.model import ReadingContext
from quipu.domain.reading.reader import read

PAYMENT_DUE = {"action": "set_alert", "params": {"kind": "payment_due", "enabled": True}}


class Tools:
    def __init__(self):
        self.proposed: list[dict] = []

    async def call(self, tool, arguments, **_):
        self.proposed = list(arguments["actions"])
        return ToolOutcome(tool, arguments, MyCards(cards=[]))


def proposed(message: str, language: str, *, waits: bool) -> list[str]:
    reading = read(message, ReadingContext(language=language, region="BR" if language == "pt" else "MX"))
    clause = reading.clauses[-1]
    tools = Tools()
    hooks = load_hooks(next(s for s in discover() if s.name == "account_actions"))
    turn = SkillTurn(
        intent="alert_on",
        clause=clause,
        latest=clause,
        language=language,
        tools=tools,
        earlier={"actions": [PAYMENT_DUE]},
        follow_up=True,
        waits=waits,
    )
    asyncio.run(hooks.act(turn))
    return [a["params"]["kind"] for a in tools.proposed]


@pytest.mark.parametrize(
    ("message", "language"),
    [("y también cuando me cobren algo repetido", "es"), ("e também quando tiver cobrança duplicada", "pt")],
)
def test_one_more_asked_also_keeps_what_waits_on_the_new_card(message, language):
    assert proposed(message, language, waits=True) == ["payment_due", "duplicate_charge"]


def test_with_nothing_waiting_the_card_carries_what_is_asked_now():
    assert proposed("y también cuando me cobren algo repetido", "es", waits=False) == ["duplicate_charge"]


def test_without_also_the_card_carries_what_is_asked_now():
    assert proposed("mejor la de cobros repetidos", "es", waits=True) == ["duplicate_charge"]
