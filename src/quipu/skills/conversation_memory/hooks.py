"""The memory skill recalls from the records and answers with the summary code wrote from the records (its figures checked against its notes)."""

from quipu.skills.answering import SkillTurn, ToolOutcome, Voice


async def act(turn: SkillTurn) -> list[ToolOutcome]:
    """ "¿en qué quedamos la otra vez?": what is still going on from earlier conversations, from the records."""
    return [await turn.tools.call("recall_earlier_conversations", {})]


def answer(outcomes: list[ToolOutcome], voice: Voice) -> str:
    last = outcomes[-1]
    if last.result.get("error") or not last.result.get("summary"):
        return voice.say("unavailable")
    return str(last.result["summary"])
