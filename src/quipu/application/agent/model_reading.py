"""The model in its place: it reads only the clauses the configured reader leaves to it (in doubt, or every
clause for the comparison), and returns the same typed reading: intent, mood, polarity, who speaks. Slots stay
the lexicon's; what to do with the reading stays the router's."""

import logging
from dataclasses import dataclass, replace
from typing import Any

from quipu.application.agent import prompts
from quipu.application.agent.state import Handoff, TurnState, Usage
from quipu.application.ports import ModelBusy
from quipu.application.understanding.conversation import CONFIDENT
from quipu.application.understanding.understanding import ReaderMode
from quipu.domain.reading.model import Clause, Guess, Mood, Polarity, Reading, Speaker

log = logging.getLogger("quipu.agent")
MODEL_CONFIDENCE = 0.9  # the model gives no probability; its reading is taken as sure, above the router's bar


def reading_schema(intents: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["intent", "mood", "polarity", "speaker"],
        "properties": {
            "intent": {"type": "string", "enum": [*intents, "none"]},
            "mood": {"type": "string", "enum": [m.value for m in Mood]},
            "polarity": {"type": "string", "enum": [p.value for p in Polarity]},
            "speaker": {"type": "string", "enum": [s.value for s in Speaker]},
        },
    }


def parsed(data: dict[str, Any], clause: Clause, intents: list[str]) -> Clause:
    """The clause as the model read it; anything outside the schema leaves the clause as it was."""
    try:
        intent, mood = str(data["intent"]), Mood(data["mood"])
        polarity, speaker = Polarity(data["polarity"]), Speaker(data["speaker"])
    except (KeyError, ValueError):
        return clause
    if intent not in intents:
        intent = "out_of_scope" if "out_of_scope" in intents else clause.intent
    others = tuple(g for g in clause.intents if g.label != intent)
    return replace(
        clause,
        intents=(Guess(intent, MODEL_CONFIDENCE), *others),
        mood=mood,
        polarity=polarity,
        speaker=speaker,
    )


@dataclass(frozen=True)
class ModelReading:
    """The reading once the model read its share: what those calls cost, and the hand-off when it failed."""

    reading: Reading
    usage: Usage = Usage()
    handoff: Handoff | None = None


async def read_in_doubt(agent: Any, state: TurnState, reading: Reading) -> ModelReading:
    """Each clause the mode leaves to the model, read by it. A model that fails where it was needed is an outage:
    the turn gets the fixed reply and a person (never a guess, never a bare 500)."""
    mode = agent.deps.understanding.mode
    if mode not in (ReaderMode.LEARNED_AND_MODEL, ReaderMode.MODEL):
        return ModelReading(reading)
    intents = sorted(agent.deps.catalog.intents)
    schema = reading_schema(intents)
    clauses = []
    usage = Usage()
    for clause in reading.clauses:
        if mode == ReaderMode.LEARNED_AND_MODEL and clause.confidence >= CONFIDENT:
            clauses.append(clause)
            continue
        try:
            call, used = await agent._model("read", state, prompts.read_instruction(clause.text), schema)
        except ModelBusy:  # back-pressure, not an outage: the HTTP edge answers 503 and stores nothing
            raise
        except Exception as error:  # an outage where the model was needed: the fixed reply and a person
            log.warning("model reading failed", exc_info=error)
            return ModelReading(reading, usage, Handoff(reason="assistant_error"))
        usage += used
        clauses.append(parsed(call.data, clause, intents))
    return ModelReading(replace(reading, clauses=tuple(clauses)), usage)
