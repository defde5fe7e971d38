"""Grounding's properties: any convention of an equal value passes, any wrong figure is caught (hypothesis;
skipped where hypothesis is not installed, as on a virtualenv with only the package and pytest)."""

import json
from decimal import Decimal

import pytest

pytest.importorskip("hypothesis")

from hypothesis import assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from quipu.domain.grounding import same_figures, ungrounded  # noqa: E402

WORDS = [
    "hola",
    "tu",
    "saldo",
    "es",
    "cargo",
    "cargos",
    "de",
    "en",
    "la",
    "el",
    "con",
    "por",
    "tarjeta",
    "cuenta",
    "MXN",
    "COP",
    "ARS",
    "USD",
    "encontré",
    "dos",
    "Uber",
    "iFood",
    "seu",
    "saldo",
    "é",
    "cobrança",
    "você",
    "tem",
    "na",
    "no",
    "diferencia",
    "segundos",
    "fecha",
    "hoy",
    "ayer",
    "pendiente",
    "revertido",
    "compra",
]
amounts = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("9999999.99"), places=2)
text = st.lists(st.sampled_from(WORDS), min_size=0, max_size=12).map(" ".join)
punctuation = st.sampled_from(["", ".", ",", ";", "!", "?", ")"])


def written_as(value: Decimal, style: int) -> str:
    english = f"{value:,.2f}"
    styles = [
        english,
        english.translate(str.maketrans(",.", ".,")),
        f"{value:.2f}",
        f"{value:.2f}".replace(".", ","),
        format(value.normalize(), "f") if value != value.to_integral_value() else f"{value:.0f}",
        f"{value:,.0f}" if value == value.to_integral_value() else english,
    ]
    return styles[style % len(styles)]


def sources_of(values: list[Decimal]) -> list[str]:
    return [json.dumps({"amounts": [str(v) for v in values]})]


@settings(max_examples=50, deadline=None)
@given(st.lists(amounts, min_size=1, max_size=6), st.data())
def test_property_reformatted_equal_values_always_pass(values, data):
    parts = []
    for value in values:
        style = data.draw(st.integers(0, 5))
        parts += [data.draw(text), written_as(value, style) + data.draw(punctuation)]
    reply = " ".join(parts + [data.draw(text)])
    assert ungrounded(reply, sources_of(values)) == []


@settings(max_examples=50, deadline=None)
@given(st.lists(amounts, min_size=1, max_size=6), amounts, st.data())
def test_property_a_wrong_figure_inserted_anywhere_is_always_caught(values, wrong, data):
    assume(wrong not in values)
    grounded = [written_as(v, data.draw(st.integers(0, 5))) for v in values]
    inserted = written_as(wrong, data.draw(st.integers(0, 5)))
    position = data.draw(st.integers(0, len(grounded)))
    words = grounded[:position] + [inserted] + grounded[position:]
    reply = " ".join(f"{data.draw(text)} {w}{data.draw(punctuation)}" for w in words)
    assert ungrounded(reply, sources_of(values)) == [inserted]


@settings(max_examples=50, deadline=None)
@given(st.lists(amounts, min_size=1, max_size=6), st.data())
def test_property_a_dropped_or_altered_figure_breaks_a_rephrasing(values, data):
    original = " y ".join(f"{v:.2f} MXN" for v in values)
    rewrite = " e ".join(written_as(v, data.draw(st.integers(0, 5))) + " MXN" for v in values)
    assert same_figures(rewrite, original)
    index = data.draw(st.integers(0, len(values) - 1))
    altered = values[index] + Decimal("0.01") if values[index] + Decimal("0.01") not in values else Decimal("0.001")
    changed = " e ".join(f"{v:.2f}" for v in values[:index] + [altered] + values[index + 1 :])
    assert not same_figures(changed, original)
