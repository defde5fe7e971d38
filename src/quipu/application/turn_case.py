"""The hand-off case file of one chat turn: the turn's verified facts and evidence, read from its state."""

import uuid
from collections.abc import Mapping
from typing import Any, cast

from quipu.domain import case_files

# the charge as the person taking the case reads it; the id only for their buttons (never shown)
CHARGE_FIELDS = ("label", "date", "merchant", "amount", "currency", "status", "transaction_id")


def finding_kinds(tool_results: list[dict[str, Any]]) -> set[str]:
    """Every kind of finding the investigation tools reported in this turn."""
    found = set()
    for entry in tool_results:
        for charge in entry["result"].get("charges", []) if isinstance(entry["result"], dict) else []:
            found |= {f["kind"] for f in charge.get("findings", [])}
    return found


def _investigated(result: dict[str, Any]) -> bool:
    return any("findings" in c for c in result.get("charges", []))


def _verified_facts(tool_results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The charges, totals and gaps the turn's tools read; when charges were investigated, those (with their
    findings) stand for the listing that led to them."""
    facts = []
    results = [e["result"] if isinstance(e["result"], dict) else {} for e in tool_results]
    investigated = any(_investigated(r) for r in results)
    for entry, result in zip(tool_results, results, strict=True):
        listed = result.get("charges", []) if _investigated(result) or not investigated else []
        for charge in listed:
            facts.append(
                {
                    "tool": entry["tool"],
                    "charge": {k: charge.get(k) for k in CHARGE_FIELDS},
                    "findings": [f["kind"] for f in charge.get("findings", [])],
                    # what a person's button acts on: the charges the bank checked, not every one it listed
                    "investigated": "findings" in charge,
                }
            )
        if "totals" in result:
            facts.append({"tool": entry["tool"], "totals": result["totals"]})
        if result.get("unavailable"):
            facts.append({"tool": entry["tool"], "unavailable": result["unavailable"]})
    return facts


def _evidence(
    tool_results: list[dict[str, Any]], actions: dict[str, Any] | None, confirmation: dict[str, Any] | None
) -> dict[str, Any]:
    transactions = sorted(
        {
            c["transaction_id"]
            for e in tool_results
            if isinstance(e["result"], dict)
            for c in e["result"].get("charges", [])
            if c.get("transaction_id")
        }
    )
    evidence: dict[str, Any] = {"transaction_ids": transactions, "tools": [e["tool"] for e in tool_results]}
    if actions:
        evidence["batch_id"] = actions.get("batch_id")
        evidence["action_ids"] = [i["action_id"] for i in actions.get("items", [])]
    if confirmation:
        evidence["transfer_id"] = confirmation.get("transfer_id")
    return evidence


def turn_case(state: Mapping[str, Any]) -> case_files.CaseFile:
    caller = state.get("caller")
    results = state.get("tool_calls") or []
    actions = state.get("actions")
    return case_files.handoff(
        case_id=str(uuid.uuid4()),
        customer_id=cast(str, caller.customer_id if caller else None),  # code set the caller for the turn
        conversation_id=caller.conversation_id if caller else None,
        reason=(state.get("handoff") or {}).get("reason", "model_requested"),
        request=state.get("text"),
        language=state.get("language"),
        skill=state.get("skill"),
        signals=finding_kinds(results),
        verified_facts=_verified_facts(results),
        evidence=_evidence(results, actions, state.get("confirmation")),
        actions=[
            {"action": i["action"], "status": i["status"], "text": i["text"]} for i in (actions or {}).get("items", [])
        ],
    )


def build_case_file(state: Mapping[str, Any]) -> dict[str, Any]:
    """The stored record of the turn's case (what the agent passes to the hand-off port)."""
    return turn_case(state).record
