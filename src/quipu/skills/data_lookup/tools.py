"""The dwh server: questions about the customer's own records, asked with a few closed parameters. run_sql and
describe_schema (tag `sql_gate`) cover the rest; the agent offers them only to a model that passed the SQL gate."""

from collections.abc import Callable
from typing import Annotated, Literal

from pydantic import Field

from quipu.adapters.mcp.surface import AUDITED, READ_ONLY, Depends, FastMCP, ToolDeps, current_session, wired
from quipu.application import data_lookup
from quipu.application import data_lookup_results as results
from quipu.application.caller import Caller
from quipu.application.sql_results import SchemaCatalog, SqlAnswer, SqlRefusal
from quipu.application.text_to_sql import run_sql as guarded_sql
from quipu.application.tool_results import published
from quipu.domain.vocabulary import Amount, Merchant, SqlText
from quipu.skills.data_lookup.gate import SQL_GATE_TAG

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

    @server.tool(annotations=READ_ONLY, tags={AUDITED}, output_schema=published(results.SpendingResult))
    async def get_spending_summary(
        period: PeriodSaid | None = None,
        category: CategorySaid | None = None,
        merchant: Merchant | None = None,
        by: By = "total",
        session: Caller = Depends(current_session),
    ) -> results.SpendingResult:
        """How much the customer spent (Approved purchases), per currency; by=category|merchant|month splits it."""
        filters = data_lookup.filters_of(category, merchant)
        return await data_lookup.spending(deps().records, session.customer_id, period=period, filters=filters, by=by)

    @server.tool(annotations=READ_ONLY, tags={AUDITED}, output_schema=published(results.LargestPurchaseResult))
    async def get_largest_purchase(
        period: PeriodSaid | None = None,
        category: CategorySaid | None = None,
        session: Caller = Depends(current_session),
    ) -> results.LargestPurchaseResult:
        """The customer's biggest purchase of the period (one per currency)."""
        filters = data_lookup.filters_of(category, None)
        return await data_lookup.largest_purchase(deps().records, session.customer_id, period=period, filters=filters)

    @server.tool(annotations=READ_ONLY, tags={AUDITED}, output_schema=published(results.ComparisonResult))
    async def compare_spending(
        period: PeriodSaid,
        versus: PeriodSaid | None = None,
        category: CategorySaid | None = None,
        session: Caller = Depends(current_session),
    ) -> results.ComparisonResult:
        """Spending of two periods side by side; without versus, the period just before."""
        filters = data_lookup.filters_of(category, None)
        return await data_lookup.compare_spending(
            deps().records, session.customer_id, period=period, versus=versus, filters=filters
        )

    @server.tool(annotations=READ_ONLY, tags={AUDITED}, output_schema=published(results.MovementsResult))
    async def get_movements(
        period: PeriodSaid | None = None,
        category: CategorySaid | None = None,
        merchant: Merchant | None = None,
        min_amount: Amount | None = None,
        max_amount: Amount | None = None,
        order: Order = "newest",
        limit: Count = 10,
        session: Caller = Depends(current_session),
    ) -> results.MovementsResult:
        """The customer's movements (every type and status), newest first or largest first."""
        filters = data_lookup.filters_of(category, merchant, min_amount, max_amount)
        return await data_lookup.movements(
            deps().records, session.customer_id, period=period, filters=filters, order=order, limit=limit
        )

    @server.tool(annotations=READ_ONLY, tags={AUDITED}, output_schema=published(results.ExchangeRateResult))
    async def get_exchange_rate(
        currency: CurrencySaid | None = None,
        target: CurrencySaid | None = None,
        on: DaySaid | None = None,
        session: Caller = Depends(current_session),
    ) -> results.ExchangeRateResult:
        """How much 1 unit of a currency (the dollar by default) is worth in the customer's currency."""
        return await data_lookup.exchange_rate(
            deps().records, session.customer_id, currency=currency, target=target, on=on
        )

    @server.tool(annotations=READ_ONLY, tags={AUDITED}, output_schema=published(results.ComplaintsResult))
    async def get_complaints(session: Caller = Depends(current_session)) -> results.ComplaintsResult:
        """The customer's complaints and claims: how many, which are open, their status."""
        return await data_lookup.complaints(deps().records, session.customer_id)

    @server.tool(annotations=READ_ONLY, tags={SQL_GATE_TAG}, output_schema=published(SchemaCatalog))
    async def describe_schema() -> SchemaCatalog:
        """The tables you can query with run_sql: columns, meanings, values, and which are the customer's."""
        return await _catalog(deps())

    @server.tool(annotations=READ_ONLY, tags={SQL_GATE_TAG, AUDITED}, output_schema=published(SqlRefusal | SqlAnswer))
    async def run_sql(sql: SqlText, session: Caller = Depends(current_session)) -> SqlRefusal | SqlAnswer:
        """Runs one read-only SELECT over the core tables (call describe_schema first). Never filter by
        customer: only the customer's rows exist for you. Refused queries come back with the reason."""
        return await guarded_sql(wired(deps().sql_runner, "sql_runner"), sql, session.customer_id)

    return server


async def _catalog(deps: ToolDeps) -> SchemaCatalog:
    return SchemaCatalog(catalog=await wired(deps.catalog, "catalog")())
