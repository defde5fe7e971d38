"""The account actions' skill run on one message against a fake of its tools: `my_cards` answers from the cards
given; a proposal is only recorded, never made."""

import asyncio

from quipu.application.action_results import CardLine, MyCards
from quipu.application.skills.loader import load_hooks
from quipu.application.skills.manifest import discover
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.turn import SkillTurn
from quipu.domain.reading.model import OwnProduct, ReadingContext
from quipu.domain.reading.reader import read


class CardTools:
    def __init__(self, cards: list[CardLine]):
        self.cards = cards
        self.proposed: list[dict] = []

    async def call(self, tool, arguments, **_):
        if tool == "my_cards":
            return ToolOutcome(tool, arguments, MyCards(cards=self.cards))
        self.proposed += arguments["actions"]
        return ToolOutcome(tool, arguments, MyCards(cards=[]))


def acted(
    intent: str, message: str, cards: list[CardLine], region: str, products: tuple[OwnProduct, ...] = ()
) -> str | list[dict]:
    """What the skill answers to the message's last clause: the question it asks, or the actions it proposes."""
    language = "pt" if region == "BR" else "es"
    clause = read(message, ReadingContext(language=language, region=region, products=products)).clauses[-1]
    tools = CardTools(cards)
    hooks = load_hooks(next(s for s in discover() if s.name == "account_actions"))
    turn = SkillTurn(intent=intent, clause=clause, latest=clause, language=language, tools=tools)
    found = asyncio.run(hooks.act(turn))
    return found if isinstance(found, str) else tools.proposed
