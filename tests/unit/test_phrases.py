"""The lexicon's phrase matcher finds what a regular expression of its phrases, sorted longest first and matched as
whole words, would find: the same spans, the same order, no overlap (hypothesis; skipped where it is not
installed). Words that begin no phrase are passed over without walking the trie, which must change nothing."""

import re

import pytest

from quipu.domain.reading.phrases import Phrases

pytest.importorskip("hypothesis")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

PHRASES = ["pago", "pago minimo", "pago minimo de la tarjeta", "la tarjeta", "tarjeta", "de la", "minimo"]
WORDS = ["pago", "minimo", "de", "la", "tarjeta", "cuenta", "ya", "", "5", "mayo"]


def _by_regex(phrases: list[str], text: str) -> list[tuple[int, int]]:
    alternatives = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return [m.span() for m in re.finditer(rf"(?<!\S)(?:{alternatives})(?!\S)", text)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=12))
def test_the_phrases_found_are_a_regular_expressions_matches(words):
    text = " ".join(words)  # an empty word leaves two spaces, as a blanked phrase does
    found = Phrases(PHRASES).find(text)
    assert [f.span() for f in found] == _by_regex(PHRASES, text)
    assert all(text[f.start() : f.end()] == f.group() for f in found)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=12))
def test_search_is_the_first_found(words):
    text = " ".join(words)
    phrases = Phrases(PHRASES)
    first = phrases.search(text)
    found = phrases.find(text)
    assert (first.span() if first else None) == (found[0].span() if found else None)


def test_a_prefix_a_number_and_a_month_begin_phrases_too():
    phrases = Phrases(
        ["transfer*", "los ultimos {n} dias", "en {month}"], months=frozenset({"mayo"}), counts={"diez": 10}
    )
    text = "quiero  transferirle algo de los ultimos diez dias o en mayo"
    assert [(f.group(), f.groups()) for f in phrases.find(text)] == [
        ("transferirle", ()),
        ("los ultimos diez dias", ("10",)),
        ("en mayo", ("mayo",)),
    ]
    # "transfer*" starts no "transfiero", and June is no month of these
    assert phrases.find("transfiero 5 en junio") == []
