"""The dwh server: movements, spending, complaints and exchange rates from the customer's records."""

from collections.abc import Callable

from fastmcp import Context, FastMCP
from mcp.types import ToolAnnotations

from quipu.adapters.mcp.tooling import ToolDeps, run_tool
from quipu.application import data_lookup
from quipu.application.text_to_sql import run_sql as guarded_sql
from quipu.skills.vocab import (
    Amount,
    Category,
    Currency,
    Day,
    Days,
    Last4,
    Limit,
    Merchant,
    Order,
    ProductType,
    SqlText,
    Status,
    TransactionType,
)

READ_ONLY = ToolAnnotations(readOnlyHint=True, openWorldHint=False)


def build(deps: Callable[[], ToolDeps]) -> FastMCP:
    server = FastMCP("dwh", instructions="The customer's records; windows count back from 2026-06-18.")

    @server.tool(annotations=READ_ONLY)
    async def get_movements(
        ctx: Context,
        days: Days = 30,
        product_type: ProductType | None = None,
        last4: Last4 | None = None,
        transaction_type: TransactionType | None = None,
        status: Status | None = None,
        category: Category | None = None,
        merchant: Merchant | None = None,
        min_amount: Amount | None = None,
        max_amount: Amount | None = None,
        order: Order = "newest",
        limit: Limit = 20,
    ) -> dict:
        """Movements in the window: date, type, amount, currency, merchant, category, channel, status,
        place, product type and last4. No internal ids."""
        filters = {
            "ptype": product_type,
            "last4": last4,
            "ttype": transaction_type,
            "status": status,
            "category": category,
            "merchant": merchant,
            "lo": min_amount,
            "hi": max_amount,
        }
        return await run_tool(
            ctx,
            deps,
            "get_movements",
            {"days": days, "order": order, "limit": limit, **filters},
            lambda s, d: data_lookup.movements(
                d.records, s.customer_id, days=days, filters=filters, order=order, limit=limit
            ),
        )

    @server.tool(annotations=READ_ONLY)
    async def get_spending_summary(ctx: Context, days: Days = 30) -> dict:
        """Approved purchases in the window against the previous window of the same length, one block per
        currency: spend, change, count, per week, average and biggest ticket, categories, merchants,
        months, foreign purchases."""
        return await run_tool(
            ctx,
            deps,
            "get_spending_summary",
            {"days": days},
            lambda s, d: data_lookup.spending(d.records, s.customer_id, days),
        )

    @server.tool(annotations=READ_ONLY)
    async def get_complaints(ctx: Context) -> dict:
        """Complaints: how many, how many open (and stale: open over 90 days), by status, the latest 10."""
        return await run_tool(
            ctx, deps, "get_complaints", {}, lambda s, d: data_lookup.complaints(d.records, s.customer_id)
        )

    @server.tool(annotations=READ_ONLY)
    async def get_exchange_rate(ctx: Context, source: Currency, target: Currency, on: Day | None = None) -> dict:
        """The rate of that day, or the closest earlier one, with buy and sell; found false when none."""
        return await run_tool(
            ctx,
            deps,
            "get_exchange_rate",
            {"source": source, "target": target, "on": on},
            lambda s, d: data_lookup.exchange_rate(d.records, source, target, on),
        )

    @server.tool(annotations=READ_ONLY)
    async def describe_schema(ctx: Context) -> dict:
        """The tables you can query with run_sql: columns, meanings, values, and which are the customer's."""
        return await run_tool(ctx, deps, "describe_schema", {}, lambda s, d: _catalog(d), audit=False)

    @server.tool(annotations=READ_ONLY)
    async def run_sql(ctx: Context, sql: SqlText) -> dict:
        """Runs one read-only SELECT over the core tables (call describe_schema first). Never filter by
        customer: only the customer's rows exist for you. Refused queries come back with the reason."""
        return await run_tool(
            ctx, deps, "run_sql", {"sql": sql}, lambda s, d: guarded_sql(d.sql_runner, sql, s.customer_id)
        )

    return server


async def _catalog(deps: ToolDeps) -> dict:
    return {"evidence_lookup": "pg_catalog comments of core", "catalog": await deps.catalog()}
