"""Words that only react to what the bank said ("uy", "no manches", "nossa", a laugh): they ask nothing, so the
clauses read past them at their edges, and a clause of them alone beside others is dropped."""

from quipu.domain.reading.lexicon import common, lexicon
from quipu.domain.reading.words import PUNCTUATION

Piece = tuple[list[str], list[str], bool]


def _reaction_at(words: list[str], start: int, language: str) -> int:
    """How many words from `start` only react ("uy", "no manches", "jajaja", "kkk", "nossa"): 0 if none."""
    lex = lexicon(language)
    phrases = {tuple(str(p).split()) for p in lex.cue_words("reactions")}
    for size in range(max((len(p) for p in phrases), default=1), 0, -1):
        if start + size <= len(words) and tuple(words[start : start + size]) in phrases:
            return size
    return 1 if start < len(words) and _laughs(words[start]) else 0


def _laughs(word: str) -> bool:
    """ "jajaja", "jsjs", "rsrs", "hahaha": a word made of a laugh's syllables, said twice or more."""
    syllables = sorted((str(s) for s in common().get("laughter") or []), key=len, reverse=True)
    rest, said = word, 0
    while rest:
        found = next((s for s in syllables if rest.startswith(s)), None)
        if found is None:
            return False
        rest, said = rest[len(found) :], said + 1
    return said >= 2


def past_reactions(piece: Piece, language: str) -> Piece:
    """The clause without the reactions at its edges ("uy y en los últimos tres meses", "… este mes jaja"); a clause
    of reactions only stays as it is."""
    words, said, asked = piece
    start, end = 0, len(words)
    while start < end and (
        size := _reaction_at(words, start, language) or int(start > 0 and words[start] in PUNCTUATION)
    ):
        start += size
    while end > start and (_reaction_at(words, end - 1, language) == 1 or words[end - 1] in PUNCTUATION):
        end -= 1
    if start >= end:
        return piece
    return words[start:end], said[start:end], asked


def _stop_after(words: list[str], at: int) -> int:
    """A comma or a stop after a reaction ("no manches, …") goes with it."""
    return int(at > 0 and words[at] in PUNCTUATION)


def reacts_only(words: list[str], language: str) -> bool:
    content = [w for w in words if w not in PUNCTUATION]
    at = 0
    while at < len(content) and (size := _reaction_at(content, at, language)):
        at += size
    return bool(content) and at == len(content)
