"""Words quoted after a report ("mi esposo me mandó un audio: 'ya no uses la 7788, mejor la cancelamos'", "o gerente
dizia \"Ana, paga a fatura inteira…\""): what someone else said, however the quote is cut into clauses."""

import re

from quipu.domain.reading.text import fold
from quipu.domain.reading.words import PUNCTUATION, Words

# a quote opens and closes on these marks; a straight single quote counts only at a word's edge ("McDonald's" is none)
MARKS = re.compile(r"[\"“”«»]|(?<![^\W\d_])'|'(?![^\W\d_])")


def inside_quotes(text: str, found: list[Words]) -> list[bool]:
    """For each clause, in order: whether it opens inside a quote of the message."""
    spans = _spans(text)
    folded = fold(text)
    cursor, inside = 0, []
    for words in found:
        said = [w for w in words.said.split() if w not in PUNCTUATION]
        at = _where(folded, said[:1], cursor)
        end = _where(folded, said[-1:], max(cursor, at))  # the clause's last word: where the next one starts after
        cursor = end + len(fold(said[-1])) if end >= 0 and said else cursor
        inside.append(at >= 0 and any(start < at < stop for start, stop in spans))
    return inside


def _where(folded: str, word: list[str], cursor: int) -> int:
    if not word:
        return -1
    found = re.compile(rf"(?<!\w){re.escape(fold(word[0]))}(?!\w)").search(folded, cursor)
    return found.start() if found else -1


def _spans(text: str) -> list[tuple[int, int]]:
    marks = [m.start() for m in MARKS.finditer(text)]
    pairs = list(zip(marks[0::2], marks[1::2], strict=False))
    if len(marks) % 2:  # a quote left open runs to the end of the message
        pairs.append((marks[-1], len(text)))
    return pairs
