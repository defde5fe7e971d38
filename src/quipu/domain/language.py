"""Spanish or Portuguese, told apart by code from the customer's words: each language's marker words and
letters are the lexicon's (domain/reading/lexicon/)."""

import re

from quipu.domain.reading.lexicon import LANGUAGES, lexicon
from quipu.domain.reading.text import fold

TOKEN = re.compile(r"[^\W\d_]+")
LETTER_WEIGHT = 2


def _score(raw: list[str], folded: list[str], language: str) -> int:
    lex = lexicon(language)
    letters = [str(letter) for letter in lex.raw.get("letters") or []]
    return sum(w in lex.markers for w in folded) + LETTER_WEIGHT * sum(any(c in w for c in letters) for w in raw)


def detect_language(text: str, default: str = "es") -> str:
    """The language whose marker words (and letters) outnumber the other's; ties keep the default."""
    raw = [w.lower() for w in TOKEN.findall(text or "")]
    raw += [c for c in (text or "") if c in "¿¡"]
    folded = [fold(w) for w in raw]
    scores = {language: _score(raw, folded, language) for language in LANGUAGES}
    best = max(scores.values())
    leaders = [language for language, score in scores.items() if score == best]
    return leaders[0] if len(leaders) == 1 else default
