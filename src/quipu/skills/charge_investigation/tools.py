"""The investigation server: what the bank's records say about the customer's charges."""

from collections.abc import Callable

from quipu.adapters.mcp.surface import AUDITED, READ_ONLY, Depends, FastMCP, ToolDeps, current_session, wired
from quipu.application.caller import Caller
from quipu.application.disputes import DisputeStatus
from quipu.application.investigation import ChargeQuery, Investigation
from quipu.application.investigation_results import ChargeNotFound, ChargeSearch, Report
from quipu.application.tool_results import published
from quipu.domain.locale import locale_of
from quipu.domain.vocabulary import Amount, DisputeReference, Limit, Merchant, RecentDays, TransactionId


def build(deps: Callable[[], ToolDeps]) -> FastMCP:
    server = FastMCP("investigation", instructions="Check the bank's own records before asking the customer.")

    @server.tool(annotations=READ_ONLY, tags={AUDITED}, output_schema=published(Report))
    async def investigate_charges(
        days: RecentDays = 30,
        merchant: Merchant | None = None,
        min_amount: Amount | None = None,
        max_amount: Amount | None = None,
        session: Caller = Depends(current_session),
    ) -> Report:
        """Finds at most 3 matching charges (newest first) and checks each: duplicate (same merchant,
        amount and currency within 10 minutes), pending, reversed, foreign (with a reference USD rate),
        possible fraud, and the customer's own app session at that time. Charges are labelled #1..#3."""
        query = ChargeQuery(days, merchant, min_amount, max_amount)
        investigation = Investigation(deps().records, deps().disputes)
        return await investigation.investigate_charges(session.customer_id, query)

    @server.tool(annotations=READ_ONLY, tags={AUDITED}, output_schema=published(Report | ChargeNotFound))
    async def investigate_charge(
        transaction_id: TransactionId, session: Caller = Depends(current_session)
    ) -> Report | ChargeNotFound:
        """The same checks for one charge, by the id search_transactions gave."""
        investigation = Investigation(deps().records, deps().disputes)
        return await investigation.investigate_charge(session.customer_id, transaction_id)

    @server.tool(annotations=READ_ONLY, output_schema=published(ChargeSearch))
    async def search_transactions(
        days: RecentDays = 30,
        merchant: Merchant | None = None,
        min_amount: Amount | None = None,
        max_amount: Amount | None = None,
        limit: Limit = 20,
        session: Caller = Depends(current_session),
    ) -> ChargeSearch:
        """Up to 20 matching purchases with their ids, for when the customer must pick one."""
        query = ChargeQuery(days, merchant, min_amount, max_amount)
        return await Investigation(deps().records).search(session.customer_id, query, limit)

    @server.tool(annotations=READ_ONLY, tags={AUDITED}, output_schema=published(DisputeStatus))
    async def dispute_status(
        reference: DisputeReference | None = None,
        merchant: Merchant | None = None,
        session: Caller = Depends(current_session),
    ) -> DisputeStatus:
        """The disputes (aclaraciones, contestações) the customer already opened on their charges: reference,
        status, since when, and by when the bank promised an answer. Narrow by the reference (Q-8A6518EF) or the
        charge's merchant; with neither, all of them, open ones first."""
        disputes = wired(deps().disputes, "disputes")
        locale = locale_of(await deps().records.home_country(session.customer_id), session.language)
        return await disputes.status(session.customer_id, reference=reference, merchant=merchant, locale=locale)

    return server
