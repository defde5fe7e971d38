"""The bank's vocabularies said in the customer's language: product types, statuses, categories."""

from quipu.domain.texts import by_language, words

WORDS: dict[str, dict[str, str]] = by_language(words.WORDS)
AND = words.AND


def word(value: str | None, language: str) -> str:
    """The customer's word for a value of the records; an unknown value is shown as the records write it."""
    return WORDS.get(language, WORDS["es"]).get(value or "", value or "")


def listing(parts: list[str], language: str) -> str:
    """`a, b y c` / `a, b e c`."""
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + AND.get(language, AND["es"]) + parts[-1]
