"""Places the customer names that no list knows: perhaps a merchant only the records know ("¿cuánto gasté en
ElectroMax?")."""

from collections.abc import Sequence

from quipu.domain.reading.lexicon import an_infinitive_with_its_pronoun, brand_names, lexicon
from quipu.domain.reading.words import speller

PLACE_WORDS = ("en", "em", "no", "na", "con", "com", "de", "del", "do", "da")


def places_named(words: Sequence[str], language: str) -> tuple[str, ...]:
    """A word after "en", "em", "con"… that the lexicon does not know and no list names: perhaps a merchant
    only the records know ("¿cuánto gasté en ElectroMax?"). A wrong guess costs one lookup that finds nothing."""
    known, lex = speller(language).vocabulary, lexicon(language)
    verbs = lex.cue("action_verbs")  # "no apagues…": a verb after Portuguese "no" is no place
    found = []
    for i, word in enumerate(words[1:], start=1):
        unknown = word.isalpha() and len(word) >= 4 and word not in known and word not in brand_names()
        unknown = unknown and verbs.search(word) is None and not an_infinitive_with_its_pronoun(word, language)
        if words[i - 1] in PLACE_WORDS and unknown:
            found.append(word)
    return tuple(dict.fromkeys(found))[:2]
