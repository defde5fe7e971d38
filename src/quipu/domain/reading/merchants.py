"""Merchants the customer names, matched against their own merchants (as the records write them) and the
brands everyone knows. A merchant is named by a word of its own, never by a common word ("No reconozco este
cargo…" as a merchant's name is not named by "no"); a typo or a spelling of the customer's still names it."""

import re
from difflib import SequenceMatcher
from functools import cache

from quipu.domain.reading.lexicon import brand_names, brands, lexicon
from quipu.domain.reading.text import fold

CLOSE = 0.85  # how alike a word must be to a merchant's own word to name it ("liverpol", "mercadolivre")
MIN_OWN_WORD = 3
MIN_FUZZY = 5


def _compact(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", fold(text))


@cache
def _common_words() -> frozenset[str]:
    """Words of either language the lexicon knows (a brand's own name aside): never, alone, a merchant's name."""
    one_word_brands = {b for b in brand_names() if " " not in b}  # "uber", "ifood": names, even where a list has them
    return (lexicon("es").vocabulary() | lexicon("pt").vocabulary()) - one_word_brands


def own_words(merchant: str) -> tuple[str, ...]:
    """The words of a merchant's name that are its own (not a common word, not a number)."""
    common = _common_words()
    words = re.findall(r"[a-z0-9]+", fold(merchant))
    return tuple(w for w in words if len(w) >= MIN_OWN_WORD and not w.isdigit() and w not in common)


def _close(word: str, name: str) -> bool:
    if len(name) < MIN_FUZZY or len(word) < MIN_FUZZY - 1:
        return False
    matcher = SequenceMatcher(None, word, name)  # the cheap upper bounds first: most words are far from any name
    return matcher.real_quick_ratio() >= CLOSE and matcher.quick_ratio() >= CLOSE and matcher.ratio() >= CLOSE


def _names(text: str, merchant: str) -> bool:
    words = text.split()
    pairs = [a + b for a, b in zip(words, words[1:], strict=False)]
    whole = _compact(merchant)
    if len(whole) >= MIN_FUZZY and whole in _compact(text):
        return True
    own = own_words(merchant)
    if own and own[0] in words:
        return True
    return any(_close(w, name) for name in (whole, *own[:1]) for w in words + pairs)


def merchants_named(text: str, own: tuple[str, ...], language: str = "es") -> tuple[str, ...]:
    """The customer's own merchants the words name (the longest name first), else the brands they name."""
    found = [m for m in sorted(own, key=len, reverse=True) if _names(text, m)]
    if found:
        return tuple(dict.fromkeys(found))
    said = [(match.start(), match.group(0)) for match in brands().find(text)]
    said += [(text.find(w), _glued_brands()[w]) for w in text.split() if w in _glued_brands()]  # "magazineluiza"
    known = brand_names()
    return tuple(dict.fromkeys(b for _, b in sorted(said) if b in known and b not in _plain_words()))


@cache
def _glued_brands() -> dict[str, str]:
    """A brand of several words, written as one ("mercadolibre", "magazineluiza")."""
    return {b.replace(" ", ""): b for b in brand_names() if " " in b}


@cache
def _plain_words() -> frozenset[str]:
    """The languages' own small words ("dia", "claro", "oi"): a brand by that name is named only by its records."""
    found: set[str] = set()
    for language in ("es", "pt"):
        lex = lexicon(language)
        found |= lex.markers
        for name in ("affirm", "deny", "question_words", "request", "negation", "to_words", "from_words"):
            found |= {w for p in lex.cue_words(name) for w in str(p).split()}
    return frozenset(found)
