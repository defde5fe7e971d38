"""The accounts server: balances, debts and profile of the session customer."""

from collections.abc import Callable

from fastmcp import Context, FastMCP
from mcp.types import ToolAnnotations

from quipu.adapters.mcp.tooling import ToolDeps, run_tool
from quipu.application import accounts
from quipu.domain.vocabulary import DebtType, ProductType

READ_ONLY = ToolAnnotations(readOnlyHint=True, openWorldHint=False)


def build(deps: Callable[[], ToolDeps]) -> FastMCP:
    server = FastMCP("accounts", instructions="The customer's own products. The session decides the customer.")

    @server.tool(annotations=READ_ONLY)
    async def get_balances(ctx: Context, product_type: ProductType | None = None) -> dict:
        """Balances per product (type, last4, currency, status, credit available) and totals of Active
        products per group and currency. Debit cards are left out: the data does not say which account
        they draw on."""
        return await run_tool(
            ctx,
            deps,
            "get_balances",
            {"product_type": product_type},
            lambda s, d: accounts.balances(d.records, s.customer_id, product_type),
        )

    @server.tool(annotations=READ_ONLY)
    async def get_debts(ctx: Context, product_type: DebtType | None = None) -> dict:
        """Cards and loans that owe: debt, interest, days past due, statement and due dates, minimum
        payment, past-due amount, installments left; as of 2026-06-18 (team-generated billing)."""
        return await run_tool(
            ctx,
            deps,
            "get_debts",
            {"product_type": product_type},
            lambda s, d: accounts.debts(d.records, s.customer_id, product_type),
        )

    @server.tool(annotations=READ_ONLY)
    async def get_profile(ctx: Context) -> dict:
        """Name, city, country, segment, language, status, tenure and product counts. Never the document
        number, e-mail or phone."""
        return await run_tool(ctx, deps, "get_profile", {}, lambda s, d: accounts.profile(d.records, s.customer_id))

    return server
