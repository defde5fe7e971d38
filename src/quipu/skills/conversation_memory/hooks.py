"""The memory skill answers with the summary code wrote from the records (its figures checked against its notes)."""

from quipu.skills.answering import ToolOutcome, Voice


def answer(outcomes: list[ToolOutcome], voice: Voice) -> str:
    last = outcomes[-1]
    if last.result.get("error") or not last.result.get("summary"):
        return voice.say("unavailable")
    return str(last.result["summary"])
