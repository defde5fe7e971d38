"""The words of a clause as its numbers are read: which of them a slot has taken, and the words around a number
that tell what it is."""

import re
from dataclasses import dataclass, field
from functools import cache

from quipu.domain.reading.lexicon import lexicon
from quipu.domain.reading.text import NUMBER, fold

CUE_REACH = 3  # a number belongs to a cue at most this many words after it
ACCOUNT_DIGITS = 10  # an account number is this long or longer; shorter numbers are amounts or endings


@dataclass
class Draft:
    """The clause's words, and which of them a slot has taken."""

    words: list[str]
    taken: set[int] = field(default_factory=set)
    corrected: set[int] = field(default_factory=set)  # sums taken back in the same words: their scale still counts

    @property
    def text(self) -> str:
        return " ".join(self.words)

    def index(self, offset: int) -> int:
        return len(self.text[:offset].split())

    def numbers(self) -> list[int]:
        return [i for i, w in enumerate(self.words) if NUMBER.fullmatch(w) and i not in self.taken]

    def after(self, offset: int, reach: int = CUE_REACH) -> list[int]:
        start = self.index(offset)
        return [i for i in self.numbers() if start <= i < start + reach]


def digits_of(word: str) -> str:
    return re.sub(r"\D", "", word)


@cache
def money_words(language: str) -> frozenset[str]:
    """The words that make the number before them money: the money words, the currencies, the scales."""
    lex = lexicon(language)
    found = {fold(str(w)) for w in lex.words("money_words")} | set(lex.scales_for(None))
    for phrases in lex.table("currencies").values():
        found |= {fold(str(p)).split()[0] for p in phrases if str(p).strip()}
    return frozenset(found)


def money_follows(draft: Draft, i: int) -> bool:
    following = draft.words[i + 1 : i + 2]
    return bool(following) and (following[0] in money_words("es") or following[0] in money_words("pt"))


def word_after(draft: Draft, i: int) -> str:
    return draft.words[i + 1] if i + 1 < len(draft.words) else ""
