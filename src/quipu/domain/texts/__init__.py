"""Every sentence and word quipu says or writes, in Spanish and Portuguese, by key. Pure data and lookups.

Each area module holds tables of the form {key: {"es": text, "pt": text}} (or one {"es", "pt"} pair);
`by_language` turns a table into the {"es": {key: text}, "pt": {key: text}} shape the writers read. The skills'
own answers stay in each skill's answers.yaml, in the same per-key shape.
"""

LANGUAGES = ("es", "pt")


def by_language(table: dict) -> dict:  # type: ignore[type-arg]  # pure data: no typing import (test_texts)
    """{key: {"es": a, "pt": b}} → {"es": {key: a}, "pt": {key: b}}."""
    return {language: {key: texts[language] for key, texts in table.items()} for language in LANGUAGES}
