"""Spanish or Portuguese, told apart by code from the customer's words: each language's marker words and
letters are the lexicon's (domain/reading/lexicon/)."""

import re
from functools import cache

from quipu.domain.reading.lexicon import LANGUAGES, lexicon
from quipu.domain.reading.text import fold

TOKEN = re.compile(r"[^\W\d_]+")
LETTER_WEIGHT = 2


def _score(raw: list[str], folded: list[str], language: str) -> int:
    lex = lexicon(language)
    letters = [str(letter) for letter in lex.raw.get("letters") or []]
    marked = lex.markers | _own_months(language)
    return sum(w in marked for w in folded) + LETTER_WEIGHT * sum(any(c in w for c in letters) for w in raw)


@cache
def _own_months(language: str) -> frozenset[str]:
    """The month names only this language writes so ("maio", "junho"; "abril" and "agosto" are both's): a marker."""
    others = {fold(str(m)) for other in LANGUAGES if other != language for m in lexicon(other).raw.get("months") or []}
    return frozenset(fold(str(m)) for m in lexicon(language).raw.get("months") or []) - others


SWITCH_MARGIN = 2  # a customer's message leaves their own language only on this much more evidence


def detect_language(text: str, default: str = "es") -> str:
    """The customer's language (the default) unless the other language's marker words (and letters) outnumber
    it by a clear margin: a short "no, mejor no" stays in the language the customer writes in."""
    raw = [w.lower() for w in TOKEN.findall(text or "")]
    raw += [c for c in (text or "") if c in "¿¡"]
    folded = [fold(w) for w in raw]
    scores = {language: _score(raw, folded, language) for language in LANGUAGES}
    home = default if default in scores else "es"
    other = max((language for language in scores if language != home), key=lambda lang: scores[lang])
    return other if scores[other] - scores[home] >= SWITCH_MARGIN else home
