"""The memory skill recalls from the records and answers with the summary code wrote from the records (its figures
checked against its notes)."""

from quipu.application.memory import Recalled
from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.turn import SkillTurn
from quipu.application.skills.voice import Voice


async def act(turn: SkillTurn) -> list[ToolOutcome[Result]]:
    """ "¿en qué quedamos la otra vez?": what is still going on from earlier conversations, from the records."""
    return [await turn.tools.call("recall_earlier_conversations", {})]


def answer(outcomes: list[ToolOutcome[Result]], voice: Voice) -> str:
    recalled = outcomes[-1].result
    if not isinstance(recalled, Recalled) or not recalled.summary:
        return voice.say("unavailable")
    return recalled.summary
