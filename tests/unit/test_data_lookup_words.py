"""Pure: periods, categories and currencies as customers say them, and the tool code reads from the words."""

from datetime import date

import pytest

from quipu.domain.lookup_words import category_of, currency_of
from quipu.domain.periods import parse_period, previous_period
from quipu.skills.data_lookup.picking import corrected, pick

AS_OF = date(2026, 6, 18)


@pytest.mark.parametrize(
    ("said", "start", "end"),
    [
        ("this_month", date(2026, 6, 1), AS_OF),
        ("este mes", date(2026, 6, 1), AS_OF),
        ("last_month", date(2026, 5, 1), date(2026, 5, 31)),
        ("e no mês passado?", date(2026, 5, 1), date(2026, 5, 31)),
        ("¿y en abril?", date(2026, 4, 1), date(2026, 4, 30)),
        ("2026-04", date(2026, 4, 1), date(2026, 4, 30)),
        ("maio de 2025", date(2025, 5, 1), date(2025, 5, 31)),
        ("julio", date(2025, 7, 1), date(2025, 7, 31)),
        ("últimos 30 días", date(2026, 5, 20), AS_OF),
        ("last_7_days", date(2026, 6, 12), AS_OF),
        ("this_year", date(2026, 1, 1), AS_OF),
        ("ano passado", date(2025, 1, 1), date(2025, 12, 31)),
        ("hoy", AS_OF, AS_OF),
    ],
)
def test_periods_count_back_from_the_datasets_last_day(said, start, end):
    period = parse_period(said, AS_OF)
    assert (period.start, period.end) == (start, end)


@pytest.mark.parametrize("said", ["cuando era chico", "2000 pesos", "xyz", ""])
def test_words_that_name_no_period_give_none(said):
    assert parse_period(said, AS_OF) is None


def test_the_period_before_this_month_is_the_same_days_of_last_month():
    before = previous_period(parse_period("this_month", AS_OF))
    assert (before.start, before.end) == (date(2026, 5, 1), date(2026, 5, 18))
    assert (previous_period(parse_period("mayo", AS_OF)).start, previous_period(parse_period("mayo", AS_OF)).end) == (
        date(2026, 4, 1),
        date(2026, 4, 30),
    )


@pytest.mark.parametrize(
    ("said", "category"),
    [("comida", "Food"), ("Food", "Food"), ("alimentação", "Food"), ("farmácia", "Health"), ("ocio", "Entertainment"),
     ("transporte", "Transport"), ("Starbucks", None), ("Mercado Libre", None)],
)  # fmt: skip
def test_the_customers_category_words_map_to_the_records(said, category):
    assert category_of(said) == category


@pytest.mark.parametrize(
    ("said", "home", "currency"),
    [("dólar", "MXN", "USD"), ("USD", None, "USD"), ("pesos", "COP", "COP"), ("peso argentino", "MXN", "ARS"),
     ("euro", "MXN", None)],
)  # fmt: skip
def test_currency_words_map_to_codes(said, home, currency):
    assert currency_of(said, home) == currency


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("¿cuánto gasté en comida este mes?", "get_spending_summary", {"period": "this_month", "category": "Food"}),
        ("en qué comercios gasto más?", "get_spending_summary", {"by": "merchant"}),
        ("a cuánto está el dólar?", "get_exchange_rate", {"currency": "USD"}),
        ("cuál fue mi gasto más grande del mes pasado?", "get_largest_purchase", {"period": "last_month"}),
        ("cuánto gasté en total en los últimos 30 días?", "get_spending_summary", {"period": "last_30_days"}),
        ("compara mayo con junio", "compare_spending", {"period": "2026-06", "versus": "2026-05"}),
        ("qual foi minha maior compra do mês passado", "get_largest_purchase", {"period": "last_month"}),
        ("mis quejas", "get_complaints", {}),
        ("mis movimientos de más de 500 pesos", "get_movements", {"min_amount": "500"}),
        ("minhas movimentações do ifood", "get_movements", {"merchant": "ifood"}),
    ],
)
def test_code_reads_the_lookup_from_colloquial_words(text, tool, arguments):
    assert pick(text) == (tool, arguments)


def test_a_follow_up_month_replaces_the_period_and_keeps_the_category():
    words = "¿cuánto gasté en comida este mes? ¿y en abril?"
    assert corrected(words, "get_spending_summary", {"period": "this_month", "category": "comida"}) == {
        "period": "2026-04",
        "category": "comida",
    }


def test_the_models_arguments_stand_when_the_words_agree():
    arguments = {"period": "last_month", "category": "Food"}
    assert corrected("cuánto gasté en comida el mes pasado", "get_spending_summary", arguments) == arguments


def test_a_merchant_named_like_a_category_is_not_read_as_one():
    assert pick("cuánto gasté en mercado libre") == ("get_spending_summary", {"merchant": "mercado libre"})
    assert pick("cuánto gasté en el mercado") == ("get_spending_summary", {"category": "Food"})


@pytest.mark.parametrize(
    ("earlier", "latest"),
    [
        ("me cobraron dos veces un uber", "y cuanto gaste en comida el mes pasado"),
        ("quanto gastei no ifood?", "e em transporte esse mês?"),
    ],
)
def test_a_category_said_now_replaces_a_merchant_said_before(earlier, latest):
    tool, arguments = pick(f"{earlier} {latest}", latest)
    assert tool == "get_spending_summary" and "merchant" not in arguments and arguments.get("category")


def test_a_merchant_said_before_stays_when_the_follow_up_names_no_category():
    latest = "y cuanto gaste ahi el mes pasado?"
    assert pick(f"cuanto gaste en uber este mes {latest}", latest)[1].get("merchant")
