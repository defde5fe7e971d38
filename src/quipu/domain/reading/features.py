"""What the learned reader sees of a clause: its normalised words with numbers as their kind, and tags for what
the lexicon found (the intents it names, the cues of mood, the slots). The corpus is read the same way, so the
vocabulary in the lexicon is also the classifier's training data."""

from functools import lru_cache

import simplemma

from quipu.domain.reading.cues import Cues
from quipu.domain.reading.model import Slots
from quipu.domain.reading.text import NUMBER
from quipu.domain.reading.words import Words

CUE_TAGS = (
    ("report", "report"),
    ("hypothetical", "hypo"),
    ("about_action", "howto"),
    ("polite_request", "polite"),
    ("request", "req"),
    ("question", "q"),
    ("refuses", "neg"),
    ("postpones", "later"),
    ("switch_off", "off"),
)


def features(clause: Words, cues: Cues, slots: Slots, anchors: tuple[str, ...], language: str = "es") -> str:
    words = ["<n>" if NUMBER.fullmatch(w) else w for w in clause.content]
    lemmas = [f"L:{lemma(w, language)}" for w in words if w.isalpha()]
    tags = [f"_{tag}_" for name, tag in CUE_TAGS if getattr(cues, name)]
    tags += [f"_a_{intent}_" for intent in anchors]
    tags += [f"_{name}_" for name in _slot_names(slots)]
    tags += [f"_p_{p.kind}_{p.role or 'x'}_" for p in slots.products]
    return " ".join(words + lemmas + tags)


@lru_cache(maxsize=50_000)
def lemma(word: str, language: str) -> str:
    """The word's dictionary form ("transfiera", "bloqueala" → transferir, bloquear): forms the corpus never
    showed read like those it did."""
    return str(simplemma.lemmatize(word, lang=language if language in ("es", "pt") else "es"))


def _slot_names(slots: Slots) -> list[str]:
    present = {
        "amount": slots.amounts,
        "account": slots.accounts,
        "bare": slots.bare_numbers,
        "ref": slots.references,
        "recordid": slots.record_ids,
        "last4": slots.last4,
        "merchant": slots.merchants,
        "period": slots.periods,
        "category": slots.categories,
        "currency": slots.currencies,
        "service": slots.services,
        "secret": slots.secret,
        "bank": slots.impersonation,
        "scampurpose": slots.scam_purpose,
        "dup": slots.duplicate,
        "window": slots.window,
        "topic": slots.topic,
    }
    return [name for name, value in present.items() if value]
