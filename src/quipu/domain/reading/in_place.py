"""A thing said, taken back in the same words and another of its kind said instead: "a la cuenta 4000001006 no pará
me equivoqué es la 4000001003", "sacalos de la de ahorro no perdón de la de cheques", "paga a de luz, não pera, a de
água". The one said after the correction takes the place of the one before it, so that the slots read what the
customer meant and never the thing taken back. (Amounts corrected in place are the numbers' own: `numbers_cued`.)"""

from collections.abc import Callable

from quipu.domain.reading.draft import ACCOUNT_DIGITS, digits_of
from quipu.domain.reading.lexicon import compiled_table, lexicon

REACH = 4  # at most this many words between the thing taken back and the correction, and after it to the new one
Span = tuple[int, int]  # word indices, end excluded


def said_in_place(words: tuple[str, ...], language: str) -> tuple[str, ...]:
    """The words with each thing taken back replaced by the one said after its correction (and said once)."""
    cue = lexicon(language).cue("corrected_in_place")
    kinds: tuple[Callable[[tuple[str, ...]], list[Span]], ...] = (
        _account_numbers,
        lambda w: _named(w, language, "products"),
        lambda w: _named(w, language, "services"),
    )
    for _ in range(len(words)):  # each move removes one correction's pair; the words end it
        joined = " ".join(words)
        moved = _one_moved(words, [_word_span(joined, m.start(), m.end()) for m in cue.find(joined)], kinds)
        if moved is None:
            return words
        words = moved
    return words


def _one_moved(
    words: tuple[str, ...], corrections: list[Span], kinds: tuple[Callable[[tuple[str, ...]], list[Span]], ...]
) -> tuple[str, ...] | None:
    for start, end in corrections:
        for spans_of in kinds:
            spans = spans_of(words)
            before = [s for s in spans if s[1] <= start and start - s[1] <= REACH]
            after = [s for s in spans if s[0] >= end and s[0] - end <= REACH]
            if before and after:
                (b0, b1), (a0, a1) = before[-1], after[0]
                return (*words[:b0], *words[a0:a1], *words[b1:a0], *words[a1:])
    return None


def _word_span(joined: str, begin: int, finish: int) -> Span:
    """The word indices of a character span of words joined by single spaces."""
    return len(joined[:begin].split()), len(joined[:finish].split())


def _account_numbers(words: tuple[str, ...]) -> list[Span]:
    return [(i, i + 1) for i, w in enumerate(words) if len(digits_of(w)) >= ACCOUNT_DIGITS]


def _named(words: tuple[str, ...], language: str, section: str) -> list[Span]:
    joined = " ".join(words)
    found = [m for _, phrases in compiled_table(language, section) for m in phrases.find(joined)]
    return sorted(_word_span(joined, m.start(), m.end()) for m in found)
