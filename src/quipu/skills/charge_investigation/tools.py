"""The investigation server: what the bank's records say about the customer's charges."""

from collections.abc import Callable

from fastmcp import FastMCP
from fastmcp.dependencies import Depends
from mcp.types import ToolAnnotations

from quipu.adapters.mcp.session import current_session
from quipu.adapters.mcp.tooling import AUDITED, ToolDeps, wired
from quipu.application.caller import Caller
from quipu.application.investigation import ChargeQuery, Investigation
from quipu.domain.locale import locale_of
from quipu.domain.vocabulary import Amount, DisputeReference, Limit, Merchant, RecentDays, TransactionId

READ_ONLY = ToolAnnotations(readOnlyHint=True, openWorldHint=False)


def build(deps: Callable[[], ToolDeps]) -> FastMCP:
    server = FastMCP("investigation", instructions="Check the bank's own records before asking the customer.")

    @server.tool(annotations=READ_ONLY, tags={AUDITED})
    async def investigate_charges(
        days: RecentDays = 30,
        merchant: Merchant | None = None,
        min_amount: Amount | None = None,
        max_amount: Amount | None = None,
        session: Caller = Depends(current_session),
    ) -> dict:
        """Finds at most 3 matching charges (newest first) and checks each: duplicate (same merchant,
        amount and currency within 10 minutes), pending, reversed, foreign (with a reference USD rate),
        possible fraud, and the customer's own app session at that time. Charges are labelled #1..#3."""
        query = ChargeQuery(days, merchant, min_amount, max_amount)
        investigation = Investigation(deps().records, deps().disputes)
        return (await investigation.investigate_charges(session.customer_id, query)).json_ready()

    @server.tool(annotations=READ_ONLY, tags={AUDITED})
    async def investigate_charge(transaction_id: TransactionId, session: Caller = Depends(current_session)) -> dict:
        """The same checks for one charge, by the id search_transactions gave."""
        found = await Investigation(deps().records, deps().disputes).investigate_charge(
            session.customer_id, transaction_id
        )
        return found.json_ready()

    @server.tool(annotations=READ_ONLY)
    async def search_transactions(
        days: RecentDays = 30,
        merchant: Merchant | None = None,
        min_amount: Amount | None = None,
        max_amount: Amount | None = None,
        limit: Limit = 20,
        session: Caller = Depends(current_session),
    ) -> dict:
        """Up to 20 matching purchases with their ids, for when the customer must pick one."""
        query = ChargeQuery(days, merchant, min_amount, max_amount)
        return (await Investigation(deps().records).search(session.customer_id, query, limit)).json_ready()

    @server.tool(annotations=READ_ONLY, tags={AUDITED})
    async def dispute_status(
        reference: DisputeReference | None = None,
        merchant: Merchant | None = None,
        session: Caller = Depends(current_session),
    ) -> dict:
        """The disputes (aclaraciones, contestações) the customer already opened on their charges: reference,
        status, since when, and by when the bank promised an answer. Narrow by the reference (Q-8A6518EF) or the
        charge's merchant; with neither, all of them, open ones first."""
        disputes = wired(deps().disputes, "disputes")
        locale = locale_of(await deps().records.home_country(session.customer_id), session.language)
        found = await disputes.status(session.customer_id, reference=reference, merchant=merchant, locale=locale)
        return found.json_ready()

    return server
