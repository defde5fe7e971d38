"""What the voice says: markdown stripped, amounts and card endings written out the way a person reads them."""

import re

from quipu.domain.texts import by_language, words

CURRENCY_WORDS: dict[str, dict[str, tuple[str, ...]]] = by_language(words.CURRENCY_WORDS)
AND = words.SPOKEN_AND
MARKDOWN = re.compile(r"(\*\*|__|`+|^#+\s*|^\s*[-*]\s+|~~)", re.MULTILINE)
LINK = re.compile(r"\[([^\]]+)\]\([^)]+\)")
AMOUNT = re.compile(r"(?<![\w.,])(\d{1,3}(?:[.,]\d{3})+|\d+)(?:[.,](\d{2}))?\s*(MXN|COP|ARS|USD)\b")
CARD_ENDING = re.compile(
    r"\b(terminada en|terminación|final|terminado em|com final|que termina en|que termina em)\s+(\d{4})\b",
    re.IGNORECASE,
)


def _amount(match: re.Match[str], language: str) -> str:
    whole = re.sub(r"[.,]", "", match.group(1))
    cents = match.group(2)
    unit, small = CURRENCY_WORDS[language][match.group(3)]
    spoken = f"{int(whole)} {unit}"
    if cents and int(cents):
        spoken += f" {AND[language]} {int(cents)} {small}"
    return spoken


def speakable(text: str, language: str) -> str:
    """Plain sentences for a speech engine: no markdown, amounts in words of the currency, card digits one by one."""
    language = language if language in CURRENCY_WORDS else "es"
    plain = LINK.sub(r"\1", text or "")
    plain = MARKDOWN.sub("", plain)
    plain = AMOUNT.sub(lambda m: _amount(m, language), plain)
    plain = CARD_ENDING.sub(lambda m: f"{m.group(1)} {' '.join(m.group(2))}", plain)
    return re.sub(r"\s+", " ", plain).strip()
