"""Grounding: every figure of a reply must be in its sources, compared by value, whatever the convention."""

import json
from decimal import Decimal

import pytest

from quipu.domain.grounding import figures, grounds, number_readings, same_figures, ungrounded

TOOL_RESULT = json.dumps(
    {
        "charges": [
            {"label": "#1", "merchant": "Uber Trip", "amount": "312.40", "currency": "MXN",
             "at": "2026-06-11 09:00:04", "last4": "0042"},
            {"label": "#2", "merchant": "Uber Trip", "amount": "312.40", "currency": "MXN",
             "at": "2026-06-11 09:00:00", "last4": "0042"},
        ],
        "duplicate": {"seconds_apart": 4},
        "accounts": [{"account_number": "4000000033", "balance": "1043.00"}, {"balance": "148900.00"}],
        "rate": {"interest": "36.00", "fx": "17.384512"},
    }
)  # fmt: skip


@pytest.mark.parametrize(
    "written",
    ["312.40", "312,40", "312.4", "312,4", "1,043.00", "1.043,00", "1043", "1043,00", "1,043", "1.043", "148.900",
     "148,900", "148.900,00", "36%", "36 %", "36,00 %", "17.384512", "17,384512"],
)  # fmt: skip
def test_an_equal_value_in_any_convention_is_grounded(written):
    assert ungrounded(f"Son {written} MXN.", [TOOL_RESULT]) == []


@pytest.mark.parametrize(
    "written", ["312.04", "3124", "10,500", "1.043,01", "787.19", "37%", "148.901", "5 segundos", "17.38"]
)
def test_a_made_up_or_altered_figure_is_flagged(written):
    assert ungrounded(f"Son {written} MXN.", [TOOL_RESULT]) == [written.split()[0].rstrip("%")]


def test_the_issue_reply_with_an_invented_largest_purchase_is_caught():
    reply = "Tu gasto más grande del mes pasado fue de $10,500 MXN."
    assert ungrounded(reply, ["gracias! y cuál fue mi gasto más grande del mes pasado?", TOOL_RESULT]) == ["10,500"]


def test_an_ambiguous_thousands_form_passes_on_either_reading():
    assert number_readings("1.043") == {Decimal("1.043"), Decimal("1043")}
    assert ungrounded("1.043", ["rate 1.043"]) == [] and ungrounded("1.043", ["1043.00"]) == []
    assert number_readings("1.043,5") == {Decimal("1043.5")}
    assert number_readings("1,234,567") == {Decimal("1234567")}


@pytest.mark.parametrize(
    "written", ["11 de junio", "11 de junho", "11 de junio de 2026", "11 jun", "11/06/2026", "2026-06-11", "11/06"]
)
def test_dates_in_words_or_digits_match_the_stored_date(written):
    assert ungrounded(f"El cargo del {written} a las 09:00.", [TOOL_RESULT]) == []


@pytest.mark.parametrize("written", ["12 de junio", "11 de julio", "11 de junho de 2025", "2026-06-12", "09:01"])
def test_a_wrong_date_or_time_is_flagged(written):
    assert ungrounded(f"El cargo del {written}.", [TOOL_RESULT]) == [written]


def test_a_date_is_one_figure_not_three_numbers():
    kinds = [(f.text, f.kind) for f in figures("el 11 de junio de 2026, el 2026-06-12 y en junio de 2026")]
    assert kinds == [("11 de junio de 2026", "date"), ("2026-06-12", "date"), ("junio de 2026", "date")]


@pytest.mark.parametrize("written", ["•0042", "****0042", "terminada en 0042", "con final 0033", "terminada em 0033"])
def test_card_and_account_endings_match_the_last_four(written):
    assert ungrounded(f"Tu tarjeta {written}.", [TOOL_RESULT]) == []


def test_a_wrong_ending_is_flagged():
    assert ungrounded("Tu tarjeta terminada en 1234.", [TOOL_RESULT]) == ["terminada en 1234"]


def test_the_customers_words_ground_what_they_said():
    assert ungrounded("Te transfiero 1.500,50 a la cuenta 4000000044.", ["manda 1500.50 a 4000000044"]) == []


def test_numbers_written_as_words_are_not_figures():
    assert figures("dos cargos con cuatro segundos de diferencia") == []


def test_a_precomputed_ground_gives_the_same_answer():
    known = grounds([TOOL_RESULT])
    assert ungrounded("312,40 y 999", [], known=known) == ["999"]


def test_a_rephrasing_must_keep_exactly_the_same_figures():
    original = "Encontré dos cargos de 312.40 MXN el 11 de junio, con 4 segundos de diferencia."
    assert same_figures("El 11 de junho vi dois cargos de 312,40 MXN, 4 segundos entre eles.", original)
    assert not same_figures("Vi dois cargos de 312,40 MXN.", original)  # the date and the seconds were lost
    assert not same_figures(original + " Te devolvemos 100 MXN.", original)


# --- properties -------------------------------------------------------------------------------------------


def test_ranges_ordinals_and_words_that_look_like_months():
    assert [(f.text, f.kind) for f in figures("del 10-20 de mayo")] == [("10", "number"), ("20 de mayo", "date")]
    assert [(f.text, f.kind) for f in figures("el 1º de julio")] == [("1º de julio", "date")]
    assert [f.kind for f in figures("3 marcas y 2 mais")] == ["number", "number"]
    assert [f.kind for f in figures("11-06-2026 y 11/06")] == ["date", "date"]


def test_a_uuid_or_an_id_in_a_source_grounds_only_itself():
    source = '{"batch_id": "eb5ed308-3aab-4576-8c7d-37ea40ea6947", "customer": "DEMO-MX-FX"}'
    assert ungrounded("Tu caso eb5ed308-3aab-4576", [source]) == []
    assert ungrounded("Son 4577 MXN", [source]) == ["4577"]


def test_the_first_day_of_a_range_takes_the_month_named_after_the_second():
    source = ['{"period": {"start": "2026-06-01", "end": "2026-06-18"}}']
    for reply in ("Não encontrei compras de 1 a 18 de junho.", "Gastaste 50 del 1 al 18 de junio."):
        assert ungrounded(reply.replace("50 ", ""), source) == []
    assert ungrounded("del 2 al 18 de junio", source) == ["2"]  # a day the period does not start on
