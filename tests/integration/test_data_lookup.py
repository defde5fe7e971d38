"""The data_lookup tools through the MCP client on the demo bank: every figure is checked against SQL run by
the test itself, never typed by hand."""

from decimal import Decimal

import pytest
from fastmcp import Client
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.mcp.hub import hub
from quipu.adapters.mcp.session import meta_of
from quipu.adapters.postgres.audit import PgAudit
from quipu.adapters.postgres.bank_records import PgBankRecords
from quipu.application.caller import Caller
from quipu.application.skills.tool_deps import ToolDeps

pytestmark = pytest.mark.anyio
LUCIA = "DEMO-MX-DUPLICATE"
PURCHASES = (
    "FROM core.transactions WHERE customer_id = %(c)s AND transaction_type = 'Purchase' "
    "AND transaction_status = 'Approved' AND transaction_date >= %(start)s AND transaction_date < %(after)s::date"
)


@pytest.fixture
async def pool(demo_db):
    async with AsyncConnectionPool(demo_db.app, min_size=1, max_size=4, kwargs={"autocommit": True}) as pool:
        yield pool


@pytest.fixture
def records(pool):
    return PgBankRecords(pool)


async def call(records, tool, arguments=None, customer=LUCIA):
    session = Caller(customer_id=customer, signed_in=True, thread_id="t-lookup")
    async with Client(
        hub(lambda: ToolDeps(records=records, audit=PgAudit(records.pool)), actions_enabled=True)
    ) as client:
        result = await client.call_tool(f"dwh_{tool}", arguments or {}, meta=meta_of(session))
    return result.structured_content


def sql(admin, query, **params):
    return admin.execute(query, params).fetchall()


async def test_spending_on_food_this_month_is_the_sum_of_approved_food_purchases(records, admin):
    result = await call(records, "get_spending_summary", {"period": "this_month", "category": "comida"})
    ((expected, count),) = sql(
        admin,
        f"SELECT sum(amount), count(*) {PURCHASES} AND transaction_category = 'Food'",
        c=LUCIA,
        start="2026-06-01",
        after="2026-06-19",
    )
    assert result["status"] == "found" and result["filters"]["category"] == "Food"
    assert result["period"] == {"key": "this_month", "start": "2026-06-01", "end": "2026-06-18", "days": 18}
    (mxn,) = result["currencies"]
    assert (Decimal(mxn["total"]), mxn["count"]) == (expected, count)


async def test_lucias_largest_purchase_last_month_is_787_19(records, admin):
    result = await call(records, "get_largest_purchase", {"period": "last_month"})
    ((merchant, amount),) = sql(
        admin,
        f"SELECT merchant_name, amount {PURCHASES} ORDER BY amount DESC LIMIT 1",
        c=LUCIA,
        start="2026-05-01",
        after="2026-06-01",
    )
    (largest,) = result["largest"]
    assert (largest["merchant"], Decimal(largest["amount"])) == (merchant, amount) == ("Soriana", Decimal("787.19"))


async def test_spending_by_merchant_ranks_merchants_by_amount(records, admin):
    result = await call(records, "get_spending_summary", {"by": "merchant"})
    expected = sql(
        admin,
        f"SELECT merchant_name, sum(amount), count(*) {PURCHASES} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5",
        c=LUCIA,
        start="2026-05-20",
        after="2026-06-19",
    )
    groups = result["currencies"][0]["groups"]
    assert [(g["key"], Decimal(g["amount"]), g["count"]) for g in groups] == [tuple(row) for row in expected]


async def test_spending_by_month_covers_each_month_of_the_year(records, admin):
    result = await call(records, "get_spending_summary", {"period": "this_year", "by": "month"})
    expected = sql(
        admin,
        f"SELECT to_char(transaction_date, 'YYYY-MM'), sum(amount) {PURCHASES} GROUP BY 1 ORDER BY 1",
        c=LUCIA,
        start="2026-01-01",
        after="2026-06-19",
    )
    assert [(g["key"], Decimal(g["amount"])) for g in result["currencies"][0]["groups"]] == [tuple(r) for r in expected]


async def test_may_compared_with_june_gives_both_totals_and_the_difference(records, admin):
    result = await call(records, "compare_spending", {"period": "junio", "versus": "mayo"})
    ((may,),) = sql(admin, f"SELECT sum(amount) {PURCHASES}", c=LUCIA, start="2026-05-01", after="2026-06-01")
    ((june,),) = sql(admin, f"SELECT sum(amount) {PURCHASES}", c=LUCIA, start="2026-06-01", after="2026-06-19")
    assert result["earlier"]["start"] == "2026-05-01" and result["later"]["end"] == "2026-06-18"
    (mxn,) = result["currencies"]
    assert (Decimal(mxn["earlier"]), Decimal(mxn["later"]), Decimal(mxn["difference"])) == (may, june, june - may)
    assert Decimal(mxn["change_pct"]) == ((june - may) / may * 100).quantize(Decimal("0.01"))


async def test_compare_without_versus_takes_the_same_days_of_the_month_before(records):
    result = await call(records, "compare_spending", {"period": "this_month"})
    assert (result["earlier"]["start"], result["earlier"]["end"]) == ("2026-05-01", "2026-05-18")


async def test_movements_in_an_amount_range_sorted_by_amount(records, admin):
    arguments = {"period": "2026-05", "min_amount": "300", "max_amount": "800", "order": "largest", "limit": 50}
    result = await call(records, "get_movements", arguments)
    expected = sql(
        admin,
        "SELECT amount FROM core.transactions WHERE customer_id = %(c)s AND transaction_date >= '2026-05-01' "
        "AND transaction_date < '2026-06-01' AND amount BETWEEN 300 AND 800 ORDER BY amount DESC",
        c=LUCIA,
    )
    assert [Decimal(m["amount"]) for m in result["movements"]] == [row[0] for row in expected][:50]
    assert result["count"] == min(len(expected), 50) > 0


async def test_movements_of_a_merchant_name_part(records, admin):
    result = await call(records, "get_movements", {"merchant": "uber", "period": "last_10_days"})
    expected = sql(
        admin,
        "SELECT count(*) FROM core.transactions WHERE customer_id = %(c)s AND merchant_name ILIKE '%%uber%%' "
        "AND transaction_date >= '2026-06-09'",
        c=LUCIA,
    )
    assert result["count"] == expected[0][0] == 2


async def test_the_dollar_is_quoted_in_the_customers_own_currency(records, admin):
    result = await call(records, "get_exchange_rate", {"currency": "dólar"})
    ((rate, day),) = sql(
        admin,
        "SELECT exchange_rate, date FROM core.fx_rates WHERE source_currency = 'USD' AND target_currency = 'MXN' "
        "AND date <= '2026-06-18' ORDER BY date DESC LIMIT 1",
    )
    (quoted,) = result["rates"]
    assert (quoted["source"], quoted["target"], quoted["date"]) == ("USD", "MXN", day.isoformat())
    assert Decimal(quoted["rate"]) == rate.quantize(Decimal("0.0001"))


async def test_a_currency_the_bank_has_no_rate_for_is_said_so(records):
    result = await call(records, "get_exchange_rate", {"currency": "euro"})
    assert result["status"] == "unknown_currency" and result["rates"] == []


async def test_complaints_count_and_status_match_the_records(records, admin):
    ((customer, count, still_open),) = sql(
        admin,
        "SELECT customer_id, count(*), count(*) FILTER (WHERE status IN ('Open', 'In Process', 'Escalated')) "
        "FROM core.complaints GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1",
    )
    result = await call(records, "get_complaints", customer=customer)
    assert (result["count"], result["open"]) == (count, still_open) and result["stale_open"] <= still_open
    assert sum(s["count"] for s in result["by_status"]) == count


async def test_a_period_without_purchases_is_none_not_zero(records):
    result = await call(records, "get_spending_summary", {"period": "2023-01"})
    assert result["status"] == "none" and result["currencies"] == []


async def test_a_period_the_code_cannot_read_is_not_replaced_by_a_default(records):
    result = await call(records, "get_spending_summary", {"period": "cuando era chico"})
    assert result["status"] == "unknown_period" and not result.get("currencies")


class BrokenRecords(PgBankRecords):
    async def purchases_between(self, *args, **kwargs):
        raise ConnectionError("the database went away")


async def test_a_failed_lookup_is_unavailable_never_none(pool):
    result = await call(BrokenRecords(pool), "get_spending_summary", {"period": "last_month"})
    assert result["status"] == "unavailable" and result["error"] == "lookup_failed"


async def test_every_tool_publishes_its_output_schema(records):
    async with Client(hub(lambda: ToolDeps(records=records), actions_enabled=True)) as client:
        listed = {t.name: t for t in await client.list_tools() if t.name.startswith("dwh_")}
    for name in (
        "get_spending_summary",
        "get_largest_purchase",
        "compare_spending",
        "get_movements",
        "get_exchange_rate",
        "get_complaints",
    ):
        schema = listed[f"dwh_{name}"].output_schema
        defs = schema.get("$defs", {})
        shapes = [defs[v["$ref"].split("/")[-1]] if "$ref" in v else v for v in schema["anyOf"]]
        # the result, and the failed lookup the hub answers instead: both say their status
        assert {s["title"] for s in shapes} >= {"LookupFailed"} and all("status" in s["properties"] for s in shapes), (
            name
        )
