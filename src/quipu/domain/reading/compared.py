"""Whether spending is compared: two periods weighed against each other ("¿gasté más en mayo o en junio?",
"gastei mais em maio ou em junho?") are a comparison; where the most went in one period is the spending grouped."""

from quipu.domain.reading.lexicon import common_words, lexicon
from quipu.domain.reading.model import Guess, Slots
from quipu.domain.reading.words import Words

SPENT = ("compare_spending", "spending")
WEIGHED = ("spending", "largest_purchase", "movements")  # what "more… than" between two periods compares
THAN = "que"  # "than", in either language ("do que" ends in it)


def compared_or_grouped(intents: tuple[Guess, ...], slots: Slots, words: Words, language: str) -> tuple[Guess, ...]:
    if _grouped(intents, slots):
        return _as(intents, "spending")
    if _weighed(intents, slots, words, language):
        return _as(intents, "compare_spending", SPENT + WEIGHED)
    return intents


def _grouped(intents: tuple[Guess, ...], slots: Slots) -> bool:
    """ "¿en qué almacén me gasté más ese mes?": where the most went, by merchant or category, in one period, is the
    spending grouped, with whatever share the reader gave to comparing; a comparison needs two periods to compare."""
    grouped = slots.group_by in ("merchant", "category") and len(slots.periods) < 2
    return bool(intents) and intents[0].label in SPENT and grouped


def _weighed(intents: tuple[Guess, ...], slots: Slots, words: Words, language: str) -> bool:
    """Two periods with "more" or "less" and an "or" between them: which of the two, a comparison; or one period
    said "more… than" the other ("¿junio me viene saliendo más caro que mayo?", "junho tá mais barato que maio?"),
    which compares them even where "más caro" alone would ask for the dearest purchase."""
    if not intents or len(slots.periods) < 2:
        return False
    lex = lexicon(language)
    said = set(words.content)
    weighs = bool(said & set(lex.cue_words("comparatives"))) and bool(said & set(lex.cue_words("alternative")))
    return (intents[0].label == "spending" and weighs) or (intents[0].label in WEIGHED and _than(words, language))


def _than(words: Words, language: str) -> bool:
    """ "más que", "más caro que", "mais salgado do que": a comparative, at most one word that says how (no figure:
    "más de 100 que…" is an amount), and "than"."""
    comparatives = set(lexicon(language).cue_words("comparatives"))
    content = list(words.content)
    for i, word in enumerate(content):
        if word not in comparatives:
            continue
        rest = content[i + 1 : i + 4]
        of = common_words("noun_links")  # "más de 100": a figure follows, no "than"; "mais caro do que"
        how = rest[:1] if rest[:1] and rest[0] != THAN and not rest[0].isdigit() and rest[0] not in of else []
        rest = rest[len(how) :]
        rest = rest[1:] if rest[:1] and rest[0] in of else rest
        if rest[:1] == [THAN]:
            return True
    return False


def _as(intents: tuple[Guess, ...], label: str, taken: tuple[str, ...] = SPENT) -> tuple[Guess, ...]:
    """The spending read as `label`, with the confidence the readings it takes had."""
    merged = sum(g.confidence for g in intents if g.label in taken)
    rest = tuple(g for g in intents if g.label not in taken)
    return (Guess(label, round(min(1.0, merged), 3)), *rest)
