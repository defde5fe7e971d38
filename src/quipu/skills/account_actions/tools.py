"""The actions server: the customer's cards and charges, and proposals the customer confirms by button."""

import ast
import json
from collections.abc import Callable
from datetime import timedelta

from quipu.adapters.mcp.surface import PROPOSES, READ_ONLY, Depends, FastMCP, ToolDeps, ToolError, signed_in, wired
from quipu.application.action_results import ActionProposal, CardLine, MyCards, RecentCharges
from quipu.application.caller import Caller
from quipu.application.investigation import ChargeQuery, listed
from quipu.application.tool_results import published
from quipu.domain.actions import MAX_REQUESTED, Requested
from quipu.domain.dataset import DATASET_NOW
from quipu.domain.vocabulary import Days, Merchant

MAX_PROPOSAL_CHARS = 4000


def _literal(text: str) -> object:
    """JSON or a Python literal, never code."""
    try:
        return json.loads(text)
    except ValueError:
        return ast.literal_eval(text)


def normalize(actions: object) -> list[Requested]:
    """Accepts a list, a single object or a JSON string; params may come as text or a lone value."""
    if isinstance(actions, str):
        if len(actions) > MAX_PROPOSAL_CHARS:
            raise ToolError("the proposal is too long")
        try:
            actions = _literal(actions)
        except (ValueError, SyntaxError):
            raise ToolError("actions must be a list of {action, params}") from None
    if isinstance(actions, dict):
        actions = [actions]
    if not isinstance(actions, list):
        raise ToolError("actions must be a list of {action, params}")
    requested = []
    for item in actions[:MAX_REQUESTED]:
        if not isinstance(item, dict) or not isinstance(item.get("action"), str):
            requested.append(Requested("invalid", {}))
            continue
        params = item.get("params", {})
        if isinstance(params, str):
            try:
                params = _literal(params)
            except (ValueError, SyntaxError):
                params = {"value": params}
        requested.append(Requested(item["action"].strip().lower()[:64], params if isinstance(params, dict) else {}))
    return requested


def build(deps: Callable[[], ToolDeps]) -> FastMCP:
    server = FastMCP("actions", instructions="Propose only: the customer confirms with a button, code executes.")

    @server.tool(annotations=READ_ONLY, output_schema=published(MyCards))
    async def my_cards(session: Caller = Depends(signed_in)) -> MyCards:
        """The customer's cards: product_id (to use in proposals), type, last4, currency, balance and the
        effective status (Active, Blocked, Cancelled, Closed, Suspended)."""
        return await _cards(deps(), session.customer_id)

    @server.tool(annotations=READ_ONLY, output_schema=published(RecentCharges))
    async def recent_charges(
        merchant: Merchant | None = None, days: Days = 30, limit: int = 8, session: Caller = Depends(signed_in)
    ) -> RecentCharges:
        """Recent purchases with their transaction_id (to use in an inquiry), date, merchant, amount, status."""
        query = ChargeQuery(days=days, merchant=merchant)
        return await _charges(deps(), session.customer_id, query, max(1, min(limit, 20)))

    @server.tool(annotations=PROPOSES, output_schema=published(ActionProposal, reads=False))
    async def propose_actions(
        actions: list[dict[str, object]] | dict[str, object] | str, session: Caller = Depends(signed_in)
    ) -> ActionProposal:
        """Proposes up to 3 actions, each {"action": name, "params": {...}}: block_card{product_id},
        cancel_card{product_id}, open_payment_inquiry{transaction_id, note?}, send_summary_email{topic:
        balances|payment_status|case_receipt}, set_alert{kind: duplicate_charge|payment_due|purchases, enabled,
        above? and currency? (purchases only: each purchase above that amount)},
        request_callback{window: morning|afternoon|evening}. Anything else goes in by its plain name (refund,
        change_email, raise_limit, ...) and code sends it to a person. Nothing runs until the customer presses
        the confirmation button."""
        view = await wired(deps().gateway, "gateway").propose(session, normalize(actions))
        return ActionProposal(proposal=view)

    return server


async def _cards(deps: ToolDeps, customer_id: str) -> MyCards:
    cards = await wired(deps.action_facts, "action_facts").cards(customer_id)
    return MyCards(cards=[CardLine.model_validate(c) for c in cards])


async def _charges(deps: ToolDeps, customer_id: str, query: ChargeQuery, limit: int) -> RecentCharges:
    found = await deps.records.candidate_charges(
        customer_id,
        since=DATASET_NOW - timedelta(days=query.days),
        merchant=query.merchant,
        min_amount=None,
        max_amount=None,
        limit=limit,
    )
    return RecentCharges(charges=listed(found))
