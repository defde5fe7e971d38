"""Every word the pages show, from the text package, in the customer's language (their preference picks)."""

from quipu.domain.texts import LANGUAGES, by_language, console, demo, finances, pages, words
from quipu.domain.vocabulary import PRODUCT_TYPES


def _capitalised(table: dict) -> dict:
    return {key: {lang: text[:1].upper() + text[1:] for lang, text in texts.items()} for key, texts in table.items()}


TEXTS: dict[str, dict[str, str]] = by_language(
    {
        **pages.PAGES,
        **finances.FINANCES_PAGE,
        **console.CONSOLE,
        **demo.DEMO,
        **{f"type_{kind}": texts for kind, texts in _capitalised(words.WORDS).items() if kind in PRODUCT_TYPES},
    }
)


def texts_for(language: str | None) -> dict[str, str]:
    return TEXTS[language if language in LANGUAGES else "es"]
