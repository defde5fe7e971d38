"""The accounts server: balances, debts and profile of the session customer."""

from collections.abc import Callable

from quipu.adapters.mcp.surface import AUDITED, READ_ONLY, Depends, FastMCP, ToolDeps, current_session
from quipu.application import accounts
from quipu.application.account_results import Balances, Debts, Profile
from quipu.application.caller import Caller
from quipu.application.tool_results import published
from quipu.domain.vocabulary import DebtType, ProductType


def build(deps: Callable[[], ToolDeps]) -> FastMCP:
    server = FastMCP("accounts", instructions="The customer's own products. The session decides the customer.")

    @server.tool(annotations=READ_ONLY, tags={AUDITED}, output_schema=published(Balances))
    async def get_balances(
        product_type: ProductType | None = None, session: Caller = Depends(current_session)
    ) -> Balances:
        """Balances per product (type, last4, currency, status, credit available) and totals of Active
        products per group and currency. Debit cards are left out: the data does not say which account
        they draw on."""
        return await accounts.balances(deps().records, session.customer_id, product_type)

    @server.tool(annotations=READ_ONLY, tags={AUDITED}, output_schema=published(Debts))
    async def get_debts(product_type: DebtType | None = None, session: Caller = Depends(current_session)) -> Debts:
        """Cards and loans that owe: debt, interest, days past due, statement and due dates, minimum
        payment, past-due amount, installments left; as of 2026-06-18 (team-generated billing)."""
        return await accounts.debts(deps().records, session.customer_id, product_type)

    @server.tool(annotations=READ_ONLY, tags={AUDITED}, output_schema=published(Profile))
    async def get_profile(session: Caller = Depends(current_session)) -> Profile:
        """Name, city, country, segment, language, status, tenure and product counts. Never the document
        number, e-mail or phone."""
        return await accounts.profile(deps().records, session.customer_id)

    return server
