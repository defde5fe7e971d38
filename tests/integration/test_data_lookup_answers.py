"""What the customer reads from data_lookup: code writes every figure from the typed results, in ES and PT,
in the customer's number convention; each result shape has its own answer."""

import json
import re
from datetime import datetime
from decimal import Decimal

import pytest
from psycopg_pool import AsyncConnectionPool
from test_data_lookup import LUCIA, PURCHASES, BrokenRecords, call, sql

from quipu.adapters.postgres.bank_records import PgBankRecords
from quipu.application.data_lookup_results import CurrencySpending, LargestPurchaseResult, PurchaseOut, SpendingResult
from quipu.application.skills.manifest import SKILLS_PACKAGE
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.results import result_of
from quipu.application.skills.voice import LANGUAGES, Voice
from quipu.domain.money import format_money, format_number
from quipu.domain.periods import of_key
from quipu.domain.yaml_text import read_values
from quipu.skills.data_lookup.hooks import answer

pytestmark = pytest.mark.anyio
ANA = "DEMO-BR-PORTUGUESE"
ES = Voice("data_lookup", "es", "México")
PT = Voice("data_lookup", "pt", "Brazil")


@pytest.fixture
async def pool(demo_db):
    async with AsyncConnectionPool(demo_db.app, min_size=1, max_size=4, kwargs={"autocommit": True}) as pool:
        yield pool


@pytest.fixture
def records(pool):
    return PgBankRecords(pool)


async def said(records, voice, tool, arguments=None, customer=LUCIA) -> str:
    result = await call(records, tool, arguments, customer=customer)
    return answer([typed(tool, arguments or {}, result)], voice)


def typed(tool: str, arguments: dict, result: dict) -> ToolOutcome:
    """The call as the agent reads it: its JSON result typed by the tool's model."""
    return ToolOutcome(tool, arguments, result_of(tool, result))


def test_every_answer_key_has_spanish_and_portuguese():
    from importlib.resources import files

    loaded = read_values((files(SKILLS_PACKAGE) / "data_lookup" / "answers.yaml").read_text(encoding="utf-8"))
    assert loaded and all(set(texts) == set(LANGUAGES) and all(texts.values()) for texts in loaded.values())


async def test_spending_found_in_spanish_with_mexican_figures(records, admin):
    reply = await said(records, ES, "get_spending_summary", {"period": "this_month", "category": "comida"})
    ((total, count),) = sql(
        admin,
        f"SELECT sum(amount), count(*) {PURCHASES} AND transaction_category = 'Food'",
        c=LUCIA,
        start="2026-06-01",
        after="2026-06-19",
    )
    assert f"Gastaste {format_money(total, 'MXN', 'México')} en {count} compras de comida" in reply
    assert "del 1 al 18 de junio" in reply


async def test_spending_found_in_portuguese_with_brazilian_figures(records, admin):
    reply = await said(records, PT, "get_spending_summary", {"period": "this_month", "category": "alimentação"}, ANA)
    ((total,),) = sql(
        admin,
        f"SELECT sum(amount) {PURCHASES} AND transaction_category = 'Food'",
        c=ANA,
        start="2026-06-01",
        after="2026-06-19",
    )
    assert f"Você gastou {format_money(total, 'USD', 'Brazil')}" in reply and "de alimentação" in reply
    assert "," in format_money(total, "USD", "Brazil")


async def test_largest_purchase_found_in_both_languages(records, admin):
    es = await said(records, ES, "get_largest_purchase", {"period": "last_month"})
    assert es == "Tu compra más grande en mayo fue en “Soriana”: 787.19 MXN, el 8 de mayo."
    pt = await said(records, PT, "get_largest_purchase", {"period": "this_month"}, ANA)
    ((merchant, amount),) = sql(
        admin,
        f"SELECT merchant_name, amount {PURCHASES} ORDER BY amount DESC LIMIT 1",
        c=ANA,
        start="2026-06-01",
        after="2026-06-19",
    )
    assert pt.startswith("Sua maior compra") and f"“{merchant}”: {format_money(amount, 'USD', 'Brazil')}" in pt


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("get_spending_summary", {"period": "2023-01"}),
        ("get_largest_purchase", {"period": "2023-01"}),
        ("get_movements", {"period": "2023-01"}),
        ("compare_spending", {"period": "2023-01", "versus": "2023-02"}),
    ],
)
@pytest.mark.parametrize(("voice", "words"), [(ES, "No encontré"), (PT, "Não encontrei")])
async def test_an_empty_period_says_none_never_zero(records, voice, words, tool, arguments):
    reply = await said(records, voice, tool, arguments)
    assert reply.startswith(words) and "2023" in reply and "0.00" not in reply and "0,00" not in reply


@pytest.mark.parametrize(("voice", "words"), [(ES, "No pude consultar"), (PT, "Não consegui consultar")])
async def test_a_failed_lookup_says_unavailable_never_no(pool, voice, words):
    reply = await said(BrokenRecords(pool), voice, "get_spending_summary", {"period": "last_month"})
    assert reply.startswith(words) and "No encontré" not in reply and "Não encontrei" not in reply


@pytest.mark.parametrize(("voice", "words"), [(ES, "¿De qué periodo?"), (PT, "De qual período?")])
async def test_an_unreadable_period_is_asked_for(records, voice, words):
    assert (await said(records, voice, "get_largest_purchase", {"period": "cuando era chico"})).startswith(words)


@pytest.mark.parametrize("voice", [ES, PT])
def test_several_currencies_are_listed_apart_never_summed(voice):
    result = SpendingResult(
        status="found",
        period=of_key("last_30_days", datetime(2026, 6, 18).date()),
        currencies=[
            CurrencySpending(currency="MXN", total=Decimal("1234.50"), count=3),
            CurrencySpending(currency="USD", total=Decimal("27.90"), count=1),
        ],
    )
    reply = answer([ToolOutcome("get_spending_summary", {}, result)], voice)
    assert voice.money("1234.50", "MXN") in reply and voice.money("27.90", "USD") in reply
    assert voice.money("1262.40", "MXN") not in reply and voice.money("1262.40", "USD") not in reply
    assert reply.count("\n•") == 2


@pytest.mark.parametrize("voice", [ES, PT])
def test_the_largest_purchase_of_each_currency_is_listed_apart(voice):
    day = datetime(2026, 6, 1, 10, 0)
    result = LargestPurchaseResult(
        status="found",
        period=of_key("last_30_days", datetime(2026, 6, 18).date()),
        largest=[
            PurchaseOut(date=day, merchant="Soriana", amount=Decimal("787.19"), currency="MXN"),
            PurchaseOut(date=day, merchant="iFood", amount=Decimal("27.90"), currency="USD"),
        ],
    )
    reply = answer([ToolOutcome("get_largest_purchase", {}, result)], voice)
    assert voice.money("787.19", "MXN") in reply and voice.money("27.90", "USD") in reply and reply.count("\n•") == 2


@pytest.mark.parametrize(("voice", "words"), [(ES, "por comercio"), (PT, "por estabelecimento")])
async def test_spending_by_merchant_lists_merchants_and_the_total(records, admin, voice, words):
    reply = await said(records, voice, "get_spending_summary", {"by": "merchant"})
    ((merchant, amount),) = sql(
        admin,
        f"SELECT merchant_name, sum(amount) {PURCHASES} GROUP BY 1 ORDER BY 2 DESC LIMIT 1",
        c=LUCIA,
        start="2026-05-20",
        after="2026-06-19",
    )
    ((total,),) = sql(admin, f"SELECT sum(amount) {PURCHASES}", c=LUCIA, start="2026-05-20", after="2026-06-19")
    assert words in reply and f"“{merchant}”: {voice.money(amount, 'MXN')}" in reply
    assert f"Total: {voice.money(total, 'MXN')}" in reply


@pytest.mark.parametrize(("voice", "words"), [(ES, "gastaste"), (PT, "você gastou")])
async def test_a_comparison_gives_both_periods_and_the_difference(records, admin, voice, words):
    reply = await said(records, voice, "compare_spending", {"period": "2026-06", "versus": "mayo"})
    ((may,),) = sql(admin, f"SELECT sum(amount) {PURCHASES}", c=LUCIA, start="2026-05-01", after="2026-06-01")
    ((june,),) = sql(admin, f"SELECT sum(amount) {PURCHASES}", c=LUCIA, start="2026-06-01", after="2026-06-19")
    assert voice.money(may, "MXN") in reply and voice.money(june, "MXN") in reply
    assert voice.money(abs(june - may), "MXN") in reply and words in reply.casefold()


async def test_movements_in_portuguese_show_anas_ifood_charges_in_her_convention(records):
    reply = await said(records, PT, "get_movements", {"merchant": "ifood", "period": "this_month"}, ANA)
    assert reply.startswith("Suas movimentações em “iFood”") or reply.startswith("Suas movimentações")
    assert reply.count("“iFood”, 27,90 USD") == 2 and "12 de junho" in reply


@pytest.mark.parametrize(("voice", "words"), [(ES, "equivalía a"), (PT, "equivalia a")])
async def test_the_exchange_rate_answer_carries_the_rate_and_its_day(records, admin, voice, words):
    reply = await said(records, voice, "get_exchange_rate", {"currency": "USD"})
    ((rate,),) = sql(
        admin,
        "SELECT exchange_rate FROM core.fx_rates WHERE source_currency = 'USD' "
        "AND target_currency = 'MXN' AND date = '2026-06-18'",
    )
    assert words in reply and "1 USD" in reply and "18 de jun" in reply
    assert f"{format_number(rate.quantize(Decimal('0.0001')), voice.country, 4)} MXN" in reply


async def test_complaints_found_and_none_in_both_languages(records, admin):
    ((customer, count),) = sql(
        admin, "SELECT customer_id, count(*) FROM core.complaints GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1"
    )
    assert (await said(records, ES, "get_complaints", customer=customer)).startswith(f"Tienes {count} reclamos")
    assert (await said(records, PT, "get_complaints", customer=customer)).startswith(f"Você tem {count} reclamações")
    assert await said(records, ES, "get_complaints") == "No tienes reclamos registrados."
    assert await said(records, PT, "get_complaints") == "Você não tem reclamações registradas."


RAN = {"evidence_lookup": "core.transactions", "executed_sql": "SELECT 1"}
ROWS = {
    **RAN,
    "columns": ["merchant_name", "amount", "day"],
    "rows": [["Uber Trip", "312.40", "2026-06-11"]],
    "row_count": 1,
    "truncated": False,
}


@pytest.mark.parametrize(("voice", "figure", "day"), [(ES, "312.40", "11 de junio"), (PT, "312,40", "11 de junho")])
def test_run_sql_rows_are_rendered_by_code(voice, figure, day):
    reply = answer([typed("run_sql", {"sql": "SELECT 1"}, ROWS)], voice)
    assert "Uber Trip" in reply and figure in reply and day in reply


@pytest.mark.parametrize("voice", [ES, PT])
def test_run_sql_refused_empty_and_failed_each_have_their_answer(voice):
    refusal = {"error": "not_select", "blocked": True, "detail": "d", "hint": "h"}
    refused = answer([typed("run_sql", {}, refusal)], voice)
    empty = answer([typed("run_sql", {}, {**RAN, "columns": ["x"], "rows": [], "row_count": 0})], voice)
    failed = answer([typed("run_sql", {}, {**RAN, "error": "timeout", "blocked": False})], voice)
    assert len({refused, empty, failed}) == 3 and failed == voice.say("unavailable")


def numbers(text: str, decimal_comma: bool) -> set[Decimal]:
    found = set()
    for token in re.findall(r"\d[\d.,]*\d|\d", text):
        plain = token.replace(".", "").replace(",", ".") if decimal_comma else token.replace(",", "")
        found.add(Decimal(plain))
    return found


QUESTIONS = [
    ("get_spending_summary", {"period": "this_month", "category": "comida"}),
    ("get_spending_summary", {"by": "merchant"}),
    ("get_spending_summary", {"period": "this_year", "by": "month"}),
    ("get_largest_purchase", {"period": "last_month"}),
    ("compare_spending", {"period": "junio", "versus": "mayo"}),
    ("get_movements", {"period": "last_30_days"}),
    ("get_exchange_rate", {"currency": "dólar"}),
    ("get_complaints", {}),
]


@pytest.mark.parametrize(("tool", "arguments"), QUESTIONS)
@pytest.mark.parametrize("voice", [ES, PT])
async def test_every_number_in_the_reply_is_in_the_tool_result(records, admin, voice, tool, arguments):
    customer = LUCIA
    if tool == "get_complaints":
        ((customer,),) = sql(
            admin, "SELECT customer_id FROM core.complaints GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1"
        )
    result = await call(records, tool, arguments, customer=customer)
    reply = answer([typed(tool, arguments, result)], voice)
    known = numbers(json.dumps(result), decimal_comma=False) | {Decimal(2026)}
    ungrounded = numbers(reply, decimal_comma=voice.language == "pt") - known
    assert not ungrounded, (reply, ungrounded)
