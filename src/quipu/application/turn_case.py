"""The hand-off case file of one chat turn: the turn's verified facts and evidence, read from its state."""

import uuid
from collections.abc import Sequence
from typing import Any

from quipu.application.account_results import Balances
from quipu.application.action_results import RecentCharges
from quipu.application.action_view import ActionCard
from quipu.application.agent.state import TurnState
from quipu.application.investigation_results import ChargeLine, ChargeSearch, CheckedCharge, ListedCharge, Report
from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.tool_results import LookupFailed
from quipu.application.transfer_results import Confirmation
from quipu.domain import case_files

# the charge as the person taking the case reads it; the id only for their buttons (never shown)
CHARGE_FIELDS = ("label", "date", "merchant", "amount", "currency", "status", "transaction_id")


def finding_kinds(outcomes: Sequence[ToolOutcome[Result]]) -> set[str]:
    """Every kind of finding the investigation tools reported in this turn."""
    return {str(f.kind) for o in outcomes for c in _checked(o.result) for f in c.findings}


def _checked(result: Result) -> list[CheckedCharge]:
    """The charges the investigation checked (each with its findings, none found included)."""
    return result.charges if isinstance(result, Report) else []


def _charges(result: Result) -> Sequence[ChargeLine]:
    """Every charge a result lists: checked by the investigation, or listed to pick from."""
    return result.charges if isinstance(result, Report | ChargeSearch | RecentCharges) else []


def _charge_fact(tool: str, charge: ChargeLine) -> dict[str, Any]:
    shown = charge.model_dump(mode="json")
    return {
        "tool": tool,
        "charge": {k: shown.get(k) for k in CHARGE_FIELDS},
        "findings": [str(f.kind) for f in charge.findings] if isinstance(charge, CheckedCharge) else [],
        # what a person's button acts on: the charges the bank checked, not every one it listed
        "investigated": isinstance(charge, CheckedCharge),
    }


def _verified_facts(outcomes: Sequence[ToolOutcome[Result]]) -> list[dict[str, Any]]:
    """The charges, totals and gaps the turn's tools read; when charges were investigated, those (with their
    findings) stand for the listing that led to them."""
    facts = []
    investigated = any(_checked(o.result) for o in outcomes)
    for o in outcomes:
        listed = _charges(o.result) if _checked(o.result) or not investigated else []
        facts += [_charge_fact(o.tool, charge) for charge in listed]
        if isinstance(o.result, Balances):
            facts.append({"tool": o.tool, "totals": o.result.json_ready()["totals"]})
        if isinstance(o.result, Report | LookupFailed) and o.result.unavailable:
            facts.append({"tool": o.tool, "unavailable": o.result.unavailable})
    return facts


def _evidence(
    outcomes: Sequence[ToolOutcome[Result]], actions: ActionCard | None, confirmations: Sequence[Confirmation]
) -> dict[str, Any]:
    listed = [c for o in outcomes for c in _charges(o.result) if isinstance(c, ListedCharge)]
    transactions = sorted({c.transaction_id for c in listed if c.transaction_id})
    evidence: dict[str, Any] = {"transaction_ids": transactions, "tools": [o.tool for o in outcomes]}
    if actions:
        evidence["batch_id"] = actions.batch_id
        evidence["action_ids"] = [i.action_id for i in actions.items]
    if confirmations:
        evidence["transfer_ids"] = [c.transfer_id for c in confirmations]
    return evidence


def turn_case(state: TurnState, reason: str) -> case_files.CaseFile:
    """The case a person takes for this turn, for `reason`."""
    caller, turn = state.caller, state.turn
    outcomes = turn.outcomes
    actions = turn.actions
    return case_files.handoff(
        case_id=str(uuid.uuid4()),
        customer_id=caller.customer_id,
        conversation_id=caller.conversation_id,
        reason=reason,
        request=state.text,
        language=state.language,
        skill=turn.skill,
        signals=finding_kinds(outcomes),
        verified_facts=_verified_facts(outcomes),
        evidence=_evidence(outcomes, actions, turn.confirmations),
        actions=[{"action": i.action, "status": i.status, "text": i.text} for i in (actions.items if actions else [])],
    )
