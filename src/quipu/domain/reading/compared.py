"""Whether spending is compared: two periods weighed against each other ("¿gasté más en mayo o en junio?",
"gastei mais em maio ou em junho?") are a comparison; where the most went in one period is the spending grouped."""

from quipu.domain.reading.lexicon import lexicon
from quipu.domain.reading.model import Guess, Slots
from quipu.domain.reading.words import Words

SPENT = ("compare_spending", "spending")


def compared_or_grouped(intents: tuple[Guess, ...], slots: Slots, words: Words, language: str) -> tuple[Guess, ...]:
    if _grouped(intents, slots):
        return _as(intents, "spending")
    if _weighed(intents, slots, words, language):
        return _as(intents, "compare_spending")
    return intents


def _grouped(intents: tuple[Guess, ...], slots: Slots) -> bool:
    """ "¿en qué almacén me gasté más ese mes?": where the most went, by merchant or category, in one period, is the
    spending grouped, with whatever share the reader gave to comparing; a comparison needs two periods to compare."""
    grouped = slots.group_by in ("merchant", "category") and len(slots.periods) < 2
    return bool(intents) and intents[0].label in SPENT and grouped


def _weighed(intents: tuple[Guess, ...], slots: Slots, words: Words, language: str) -> bool:
    """Two periods with "more" or "less" and an "or" between them: which of the two, a comparison."""
    lex = lexicon(language)
    said = set(words.content)
    weighs = bool(said & set(lex.cue_words("comparatives"))) and bool(said & set(lex.cue_words("alternative")))
    return bool(intents) and intents[0].label == "spending" and len(slots.periods) >= 2 and weighs


def _as(intents: tuple[Guess, ...], label: str) -> tuple[Guess, ...]:
    """The spending read as `label`, with the confidence both readings of spending had."""
    merged = sum(g.confidence for g in intents if g.label in SPENT)
    rest = tuple(g for g in intents if g.label not in SPENT)
    return (Guess(label, round(min(1.0, merged), 3)), *rest)
