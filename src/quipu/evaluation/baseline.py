"""The routing baseline the evaluation compares against: the lexicon's named intents alone, no learned reader
and no model, mapped to the skill that declares the intent (or "refuse" for what the bank never automates)."""

from functools import cache

from quipu.application.skills.manifest import discover, read_intents
from quipu.application.understanding.catalog import Catalog
from quipu.domain.language import detect_language
from quipu.domain.reading.model import ReadingContext
from quipu.domain.reading.reader import rules_only


@cache
def intent_catalog() -> Catalog:
    skills = discover()
    return Catalog.build({s.name: s.intents() for s in skills}, read_intents("_shared"))


def rules_route(text: str) -> str | None:
    """The baseline router: the lexicon's named intents alone, no learned reader and no model."""
    reading = rules_only(text, ReadingContext(language=detect_language(text)))
    intent = reading.clauses[0].intent if reading.clauses else "none"
    found = intent_catalog().get(intent)
    if found is None:
        return None
    return "refuse" if found.handled == "never_automated" else found.skill
