"""The case file a person receives, built by code from the turn's state, never by the model."""

import uuid
from collections.abc import Mapping
from typing import Any

from quipu.domain.priority import case_priority

QUESTIONS = {
    "customer_asked": "¿Qué necesita el cliente? Pidió hablar con una persona.",
    "assistant_error": "El asistente falló en este turno: ¿qué necesitaba el cliente?",
    "model_requested": "El asistente pidió ayuda: revisar la solicitud del cliente.",
    "action_escalated": "Revisar las acciones que el sistema no automatiza.",
    "possible_fraud": "Los registros marcan posible fraude: ¿el cliente reconoce estos cargos? Valorar bloqueo.",
}


def finding_kinds(tool_results: list[dict[str, Any]]) -> set[str]:
    """Every kind of finding the investigation tools reported in this turn."""
    found = set()
    for entry in tool_results:
        for charge in entry["result"].get("charges", []) if isinstance(entry["result"], dict) else []:
            found |= {f["kind"] for f in charge.get("findings", [])}
    return found


def _verified_facts(tool_results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    facts = []
    for entry in tool_results:
        result = entry["result"] if isinstance(entry["result"], dict) else {}
        for charge in result.get("charges", []):
            facts.append(
                {
                    "tool": entry["tool"],
                    "charge": {k: charge.get(k) for k in ("label", "date", "merchant", "amount", "currency", "status")},
                    "findings": [f["kind"] for f in charge.get("findings", [])],
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
            if "transaction_id" in c
        }
    )
    evidence: dict[str, Any] = {"transaction_ids": transactions, "tools": [e["tool"] for e in tool_results]}
    if actions:
        evidence["batch_id"] = actions.get("batch_id")
        evidence["action_ids"] = [i["action_id"] for i in actions.get("items", [])]
    if confirmation:
        evidence["transfer_id"] = confirmation.get("transfer_id")
    return evidence


def build_case_file(state: Mapping[str, Any]) -> dict[str, Any]:
    handoff = state.get("handoff") or {}
    reason = handoff.get("reason", "model_requested")
    results = state.get("tool_calls") or []
    actions = state.get("actions")
    signals = finding_kinds(results)
    priority = case_priority({"possible_fraud"} & signals or signals & {"duplicate", "foreign_purchase"})
    open_questions = [QUESTIONS.get(reason, QUESTIONS["model_requested"])]
    if actions:
        open_questions += [i["text"] for i in actions.get("items", []) if i["status"] in ("escalated", "failed")]
    return {
        "case_id": str(uuid.uuid4()),
        "request": state.get("text"),
        "language": state.get("language"),
        "skill": state.get("skill"),
        "verified_facts": _verified_facts(results),
        "evidence": _evidence(results, actions, state.get("confirmation")),
        "actions": [
            {"action": i["action"], "status": i["status"], "text": i["text"]} for i in (actions or {}).get("items", [])
        ],
        "open_questions": open_questions,
        "priority": priority.priority,
        "sla_hours": priority.sla_hours,
        "escalation_reason": reason,
        "customer_id": (state.get("session") or {}).get("customer_id"),
    }
