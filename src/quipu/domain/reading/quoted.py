"""Words quoted after a report ("mi esposo me mandó un audio: 'ya no uses la 7788, mejor la cancelamos'", "o gerente
dizia \"Ana, paga a fatura inteira…\""): what someone else said, however the quote is cut into clauses."""

import re

from quipu.domain.reading.kept_together import opens_on_an_imperative
from quipu.domain.reading.lexicon import lexicon
from quipu.domain.reading.polarity import a_verb_of_action
from quipu.domain.reading.text import fold
from quipu.domain.reading.words import PUNCTUATION, Words

INTRODUCED = 5  # "mandó un audio al grupo: '…'": the verb that opens a quote stands this close before it
# a quote opens and closes on these marks; a straight single quote counts only at a word's edge ("McDonald's" is none)
SENTENCE_END = re.compile(r"[.!?\n]")
MARKS = re.compile(r"[\"“”«»]|(?<![^\W\d_])'|'(?![^\W\d_])")


def inside_quotes(text: str, found: list[Words]) -> list[bool]:
    """For each clause, in order: whether it opens inside a quote of the message."""
    spans = _spans(text)
    return [at >= 0 and any(start < at < stop for start, stop in spans) for at, _ in _placed(text, found)]


def quoted_as_said(text: str, found: list[Words], language: str) -> list[bool]:
    """For each clause, in order: whether it opens inside a quote that a verb of saying or writing opens a few words
    before ("ele mandou: 'transfere…'"), or holds one without asking first ("en el grupo mi tía puso 'Martu pasale
    35.000 a Sofi…'"; "pagá la luz, como dijo mi mamá '…'" asks)."""
    lex = lexicon(language)
    verbs = {str(v) for v in lex.cue_words("quote_verbs")}
    opened = [(a, b) for a, b in _spans(text) if verbs & set(fold(text[:a]).replace(":", " ").split()[-INTRODUCED:])]
    opened += _after_a_colon(text, verbs)
    # what is quoted tells an act ("pasale 35.000 a Sofi"), not only a name ("el cargo dice 'MERPAGO*TIENDA'"); its
    # words are read past the opening mark ("disse 'contesta esse…'")
    spans = [(a, b) for a, b in opened if any(a_verb_of_action(w, lex) for w in fold(text[a + 1 : b]).split())]
    said = []
    for words, (at, end) in zip(found, _placed(text, found), strict=True):
        inside = any(start < at < stop for start, stop in spans)
        holds = any(at <= start <= end for start, _ in spans) and not opens_on_an_imperative(
            list(words.content), language
        )
        said.append(at >= 0 and (inside or holds))
    return said


def _after_a_colon(text: str, verbs: set[str]) -> list[tuple[int, int]]:
    """ "meu chefe falou assim: Ana, bloqueia esse seu 4877…", "mi suegro mandó un audio: Lucía, pagá…": with no quote
    marks, a colon a verb of saying or writing opens a few words before opens a quote that runs to the sentence's
    end."""
    spans = []
    for colon in re.finditer(":", text):
        if not verbs & set(fold(text[: colon.start()]).split()[-INTRODUCED:]):
            continue
        end = SENTENCE_END.search(text, colon.end())
        spans.append((colon.start(), end.start() if end else len(text)))
    return spans


def _placed(text: str, found: list[Words]) -> list[tuple[int, int]]:
    """Where each clause opens and where its last word stands in the message (-1 where not found)."""
    folded = fold(text)
    cursor, placed = 0, []
    for words in found:
        said = [w for w in words.said.split() if w not in PUNCTUATION]
        at = _where(folded, said[:1], cursor)
        end = _where(folded, said[-1:], max(cursor, at))  # the clause's last word: where the next one starts after
        cursor = end + len(fold(said[-1])) if end >= 0 and said else cursor
        placed.append((at, end))
    return placed


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
