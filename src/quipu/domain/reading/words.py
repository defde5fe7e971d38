"""A message as normalised words: folded, spelled as the lexicon spells them, repeated letters collapsed, the
speller's corrections made; and the small constants the clauses (clauses.py) and the cues share."""

import re
from dataclasses import dataclass
from functools import cache

import simplemma

from quipu.domain.reading.lexicon import common, common_words, lexicon
from quipu.domain.reading.phrases import Phrases
from quipu.domain.reading.text import Speller, collapse_repeats, fold, tokens

ENDS = frozenset({".", "?", "!", ";", "\n"})
PUNCTUATION = frozenset({*ENDS, "¿", "¡", ",", ":"})
SCALE_LETTERS = frozenset({"k"})  # "5k" is five thousand; "k" alone is chat for "que"
AND = frozenset({"y", "e"})  # the word that joins a second request or a follow-up ("y que me llamen", "e o mínimo?")


@dataclass(frozen=True)
class Words:
    """Normalised words in order; `asked` when the customer ended them with a question mark."""

    words: tuple[str, ...]
    said: str
    asked: bool = False

    @property
    def text(self) -> str:
        return " ".join(w for w in self.words if w not in PUNCTUATION)

    @property
    def content(self) -> tuple[str, ...]:
        return tuple(w for w in self.words if w not in PUNCTUATION)


@cache
def speller(language: str) -> Speller:
    lex = lexicon(language)
    return Speller(
        lex.known,
        lex.stems,
        lambda word: simplemma.is_known(word, lang=language),
        diminutives=lex.diminutives,
        sounds=lex.sounds,
        alike=tuple((str(a), str(b)) for a, b in common().get("sound_alike") or ()),
    )


def _split_money(token: str) -> list[str]:
    return ["$", token[1:]] if token.startswith("$") and len(token) > 1 else [token]


def _written_right(piece: str, folded: str, language: str) -> bool:
    """A word written with its accents, as the dictionary has it ("esqueço"), is no typo: folding it must not
    turn it into another word the lexicon knows ("esquece")."""
    return piece.lower() != folded and simplemma.is_known(piece.lower(), lang=language)


def _a_name(piece: str, before: list[str]) -> bool:
    """ "pro Diego Ramírez, conta…": a word written with a capital inside a sentence is a name, never a typo of
    another word ("Diego" is no "digo", a correction)."""
    capital = len(piece) > 1 and piece[0].isupper() and piece[1:].islower()
    return capital and bool(before) and before[-1] not in ENDS


def normalise(text: str, language: str) -> tuple[list[str], list[str]]:
    """(normalised words, the customer's own words): spellings replaced, repeats collapsed, typos corrected."""
    lex = lexicon(language)
    spellings, spell = lex.spellings(), speller(language)
    found: list[str] = []
    said: list[str] = []
    for raw in tokens(_unhyphenated(collapse_repeats(text or ""))):
        for piece in _split_money(raw):
            folded = fold(piece)
            after_a_number = bool(found) and found[-1][:1].isdigit()
            if folded in spellings and not (after_a_number and folded in SCALE_LETTERS):
                replaced = spellings[folded].split()
            elif folded.isalpha() and not _written_right(piece, folded, language) and not _a_name(piece, found):
                replaced = [spell.correct(folded)]
            elif folded.isalpha():
                replaced = [folded]
            else:
                replaced = [folded]
            found += replaced
            said += [piece] * len(replaced)
    return found, said


def _unhyphenated(text: str) -> str:
    """The words written with a hyphen that are one word, joined ("e-mail" → "email")."""
    return _hyphenated().sub(lambda m: m.group(0).replace("-", ""), text)


@cache
def _hyphenated() -> re.Pattern[str]:
    return re.compile("|".join(re.escape(w) for w in sorted(common_words("hyphenated"))), re.IGNORECASE)


def said_only(words: list[str], groups: list[Phrases]) -> bool:
    """Every word said (punctuation aside) belongs to a phrase of these groups."""
    said = " ".join(w for w in words if w not in PUNCTUATION)
    found = [m for group in groups for m in group.find(said)]
    # each word counted once, however many phrases of the groups cover it ("y de paso" and "de paso")
    covered = {len(said[: m.start()].split()) + i for m in found for i in range(len(m.group(0).split()))}
    return bool(found) and len(covered) >= len(said.split())
