"""Places the customer names that no list knows: perhaps a merchant only the records know ("¿cuánto gasté en
ElectroMax?")."""

from collections.abc import Sequence
from functools import cache

from quipu.domain.reading.lexicon import brand_names, lexicon
from quipu.domain.reading.words import speller

PLACE_WORDS = ("en", "em", "no", "na", "con", "com", "de", "del", "do", "da")


def places_named(words: Sequence[str], language: str) -> tuple[str, ...]:
    """A word after "en", "em", "con"… that the lexicon does not know and no list names: perhaps a merchant
    only the records know ("¿cuánto gasté en ElectroMax?"). A wrong guess costs one lookup that finds nothing."""
    known, lex = speller(language).vocabulary, lexicon(language)
    verbs = lex.cue("action_verbs")  # "no apagues…": a verb after Portuguese "no" is no place
    with_pronoun = _infinitives_with_a_pronoun(language)
    found = []
    for i, word in enumerate(words[1:], start=1):
        unknown = word.isalpha() and len(word) >= 4 and word not in known and word not in brand_names()
        unknown = unknown and verbs.search(word) is None and not _a_verb_with_its_pronoun(word, with_pronoun)
        if words[i - 1] in PLACE_WORDS and unknown:
            found.append(word)
    return tuple(dict.fromkeys(found))[:2]


@cache
def _infinitives_with_a_pronoun(language: str) -> tuple[str, ...]:
    """ "no me acuerdo de haberlo hecho": how an infinitive with its pronoun attached ends (a verb, no place)."""
    lex = lexicon(language)
    return tuple(e + c for e in lex.cue_words("infinitive_endings") for c in lex.cue_words("attached_clitics"))


VERB_STEM = 2  # "hab|erlo", "ped|irlo": a stem before the ending ("f|irme" is a word of its own)


def _a_verb_with_its_pronoun(word: str, endings: tuple[str, ...]) -> bool:
    return any(word.endswith(e) and len(word) - len(e) >= VERB_STEM for e in endings)
