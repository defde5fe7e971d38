"""The dwh server: questions about the customer's own records, asked with a few closed parameters. run_sql and
describe_schema (tag `sql_gate`) cover the rest; the agent offers them only to a model that passed the SQL gate."""

from collections.abc import Callable
from typing import Annotated, Literal

from fastmcp import Context, FastMCP
from mcp.types import ToolAnnotations
from pydantic import Field

from quipu.adapters.mcp.tooling import ToolDeps, run_tool, wired
from quipu.application import data_lookup
from quipu.application.data_lookup_results import (
    ComparisonResult,
    ComplaintsResult,
    ExchangeRateResult,
    LargestPurchaseResult,
    MovementsResult,
    SpendingResult,
    published,
)
from quipu.application.text_to_sql import run_sql as guarded_sql
from quipu.skills.data_lookup.gate import SQL_GATE_TAG
from quipu.skills.vocab import Amount, Merchant, SqlText

READ_ONLY = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
PeriodSaid = Annotated[
    str,
    Field(
        min_length=1,
        max_length=40,
        description="this_month|last_month|last_7_days|last_30_days|last_90_days|this_year|last_year|today|"
        "yesterday|last_N_days, or a month (abril, 2026-04). Default last_30_days.",
    ),
]
CategorySaid = Annotated[
    str, Field(min_length=1, max_length=40, description="The customer's word: comida, transporte, salud, ocio...")
]
CurrencySaid = Annotated[str, Field(min_length=1, max_length=30, description="dólar, USD, peso, MXN...")]
DaySaid = Annotated[str, Field(min_length=10, max_length=10, description="YYYY-MM-DD; default 2026-06-18.")]
By = Literal["total", "category", "merchant", "month"]
Order = Literal["newest", "largest"]
Count = Annotated[int, Field(ge=1, le=50)]


def build(deps: Callable[[], ToolDeps]) -> FastMCP:
    server = FastMCP("dwh", instructions="The customer's records; periods count back from 2026-06-18.")

    async def lookup(ctx: Context, tool: str, arguments: dict, work) -> dict:
        async def typed(session, current):
            return (await work(current.records, session.customer_id)).json_ready()

        result = await run_tool(ctx, deps, tool, arguments, typed)
        return result if "status" in result else {"status": "unavailable", **result}  # a failed lookup says so

    @server.tool(annotations=READ_ONLY, output_schema=published(SpendingResult))
    async def get_spending_summary(
        ctx: Context,
        period: PeriodSaid | None = None,
        category: CategorySaid | None = None,
        merchant: Merchant | None = None,
        by: By = "total",
    ) -> dict:
        """How much the customer spent (Approved purchases), per currency; by=category|merchant|month splits it."""
        filters = data_lookup.filters_of(category, merchant)
        return await lookup(
            ctx,
            "get_spending_summary",
            {"period": period, "category": category, "merchant": merchant, "by": by},
            lambda r, c: data_lookup.spending(r, c, period=period, filters=filters, by=by),
        )

    @server.tool(annotations=READ_ONLY, output_schema=published(LargestPurchaseResult))
    async def get_largest_purchase(
        ctx: Context, period: PeriodSaid | None = None, category: CategorySaid | None = None
    ) -> dict:
        """The customer's biggest purchase of the period (one per currency)."""
        filters = data_lookup.filters_of(category, None)
        return await lookup(
            ctx,
            "get_largest_purchase",
            {"period": period, "category": category},
            lambda r, c: data_lookup.largest_purchase(r, c, period=period, filters=filters),
        )

    @server.tool(annotations=READ_ONLY, output_schema=published(ComparisonResult))
    async def compare_spending(
        ctx: Context, period: PeriodSaid, versus: PeriodSaid | None = None, category: CategorySaid | None = None
    ) -> dict:
        """Spending of two periods side by side; without versus, the period just before."""
        filters = data_lookup.filters_of(category, None)
        return await lookup(
            ctx,
            "compare_spending",
            {"period": period, "versus": versus, "category": category},
            lambda r, c: data_lookup.compare_spending(r, c, period=period, versus=versus, filters=filters),
        )

    @server.tool(annotations=READ_ONLY, output_schema=published(MovementsResult))
    async def get_movements(
        ctx: Context,
        period: PeriodSaid | None = None,
        category: CategorySaid | None = None,
        merchant: Merchant | None = None,
        min_amount: Amount | None = None,
        max_amount: Amount | None = None,
        order: Order = "newest",
        limit: Count = 10,
    ) -> dict:
        """The customer's movements (every type and status), newest first or largest first."""
        filters = data_lookup.filters_of(category, merchant, min_amount, max_amount)
        arguments = {"period": period, "category": category, "merchant": merchant, "min_amount": min_amount,
                     "max_amount": max_amount, "order": order, "limit": limit}  # fmt: skip
        return await lookup(
            ctx,
            "get_movements",
            arguments,
            lambda r, c: data_lookup.movements(r, c, period=period, filters=filters, order=order, limit=limit),
        )

    @server.tool(annotations=READ_ONLY, output_schema=published(ExchangeRateResult))
    async def get_exchange_rate(
        ctx: Context,
        currency: CurrencySaid | None = None,
        target: CurrencySaid | None = None,
        on: DaySaid | None = None,
    ) -> dict:
        """How much 1 unit of a currency (the dollar by default) is worth in the customer's currency."""
        return await lookup(
            ctx,
            "get_exchange_rate",
            {"currency": currency, "target": target, "on": on},
            lambda r, c: data_lookup.exchange_rate(r, c, currency=currency, target=target, on=on),
        )

    @server.tool(annotations=READ_ONLY, output_schema=published(ComplaintsResult))
    async def get_complaints(ctx: Context) -> dict:
        """The customer's complaints and claims: how many, which are open, their status."""
        return await lookup(ctx, "get_complaints", {}, lambda r, c: data_lookup.complaints(r, c))

    @server.tool(annotations=READ_ONLY, tags={SQL_GATE_TAG})
    async def describe_schema(ctx: Context) -> dict:
        """The tables you can query with run_sql: columns, meanings, values, and which are the customer's."""
        return await run_tool(ctx, deps, "describe_schema", {}, lambda s, d: _catalog(d), audit=False)

    @server.tool(annotations=READ_ONLY, tags={SQL_GATE_TAG})
    async def run_sql(ctx: Context, sql: SqlText) -> dict:
        """Runs one read-only SELECT over the core tables (call describe_schema first). Never filter by
        customer: only the customer's rows exist for you. Refused queries come back with the reason."""
        return await run_tool(
            ctx, deps, "run_sql", {"sql": sql}, lambda s, d: guarded_sql(wired(d.sql_runner, "sql_runner"), sql, s.customer_id)
        )

    return server


async def _catalog(deps: ToolDeps) -> dict:
    return {"evidence_lookup": "pg_catalog comments of core", "catalog": await wired(deps.catalog, "catalog")()}
