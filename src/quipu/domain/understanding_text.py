"""What code says when it reads words without acting on them, in Spanish and Portuguese."""

from quipu.domain.texts import by_language, understanding

TEXT: dict[str, dict[str, str]] = by_language(understanding.UNDERSTANDING)
CHOICES: dict[str, dict[str, str]] = by_language(understanding.INTENT_CHOICES)
HOW: dict[str, dict[str, str]] = by_language(understanding.HOW_IT_WORKS)


def say(key: str, language: str, **values: object) -> str:
    return TEXT.get(language, TEXT["es"])[key].format(**values)


def choice(intent: str, language: str) -> str:
    """The intent in the customer's words, as one side of a question."""
    return CHOICES.get(language, CHOICES["es"]).get(intent, intent)


def how_it_works(intent: str, language: str) -> str | None:
    return HOW.get(language, HOW["es"]).get(intent)
