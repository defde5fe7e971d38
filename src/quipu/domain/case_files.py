"""The case file a person receives: one type, built by code only, with its priority always from the signals.

Four ways a case opens: a chat hand-off, an escalation of actions code does not automate, a payment inquiry the
customer confirmed, a callback request. `record` is what the console shows (stored as the case's JSON); a
merchant's text in it is kept as the records' data (one line, cut), and the console shows it as such.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from quipu.domain import records_text
from quipu.domain.priority import CasePriority, case_priority
from quipu.domain.signals import signals_in
from quipu.domain.texts.cases import OPERATOR_LANGUAGE, QUESTIONS

ESCALATION_REQUEST = "action_escalation"  # the case files the gateway opens, and the ones its caps count
INQUIRY_REQUEST, CALLBACK_REQUEST = "payment_inquiry", "callback"
TRANSACTION_FIELDS = ("merchant", "amount", "currency", "date", "status", "country")


@dataclass(frozen=True)
class CaseFile:
    case_id: str
    customer_id: str
    conversation_id: str | None
    reason_codes: tuple[str, ...]
    priority: CasePriority
    record: dict[str, Any]
    dispute: bool = False  # a payment inquiry also opens a dispute under the same id


def _as_records(fact: dict[str, Any]) -> dict[str, Any]:
    """A verified fact with its merchant's text as data (one line, cut): never a paragraph of its own."""
    charge = fact.get("charge")
    if isinstance(charge, dict) and "merchant" in charge:
        return {**fact, "charge": {**charge, "merchant": records_text.merchant(charge["merchant"])}}
    return fact


def question(key: str) -> str:
    return QUESTIONS.get(key, QUESTIONS["model_requested"])[OPERATOR_LANGUAGE]


def _file(
    case_id: str,
    customer_id: str,
    conversation_id: str | None,
    reasons: Iterable[str],
    priority: CasePriority,
    record: dict[str, Any],
    dispute: bool = False,
) -> CaseFile:
    record = {**record, "priority": priority.priority, "sla_hours": priority.sla_hours}
    return CaseFile(case_id, customer_id, conversation_id, tuple(reasons), priority, record, dispute)


def handoff(
    *,
    case_id: str,
    customer_id: str,
    conversation_id: str | None,
    reason: str,
    request: str | None,
    language: str | None,
    skill: str | None,
    signals: set[str],
    verified_facts: list[dict[str, Any]],
    evidence: dict[str, Any],
    actions: list[dict[str, Any]],
) -> CaseFile:
    """A chat turn handed to a person; actions the system would not automate become open questions too."""
    priority = case_priority([*signals, reason])
    open_questions = [question(reason)] + [a["text"] for a in actions if a["status"] in ("escalated", "failed")]
    record = {
        "case_id": case_id,
        "request": request,
        "language": language,
        "skill": skill,
        "verified_facts": [_as_records(f) for f in verified_facts],
        "evidence": evidence,
        "actions": actions,
        "open_questions": open_questions,
        "escalation_reason": reason,
        "customer_id": customer_id,
    }
    return _file(case_id, customer_id, conversation_id, [reason], priority, record)


def escalation(
    *,
    case_id: str,
    customer_id: str,
    conversation_id: str | None,
    language: str,
    signals: set[str],
    reason_codes: list[str],
    actions: list[dict[str, Any]],
    unresolved: list[str | None],
    evidence: dict[str, Any],
) -> CaseFile:
    """Actions code sends to a person, one case per batch, in catalog names and code's sentences only."""
    record = {
        "request": ESCALATION_REQUEST,
        "customer_id": customer_id,
        "language": language,
        "actions": actions,
        "unresolved": unresolved,
        "evidence": evidence,
    }
    return _file(case_id, customer_id, conversation_id, sorted(reason_codes), case_priority(signals), record)


def inquiry(
    *,
    case_id: str,
    customer_id: str,
    conversation_id: str | None,
    language: str,
    transaction_id: str,
    facts: dict[str, Any],
    note: str | None,
) -> CaseFile:
    """A payment inquiry the customer confirmed: the charge as code read it, and what to ask about each signal."""
    signals = sorted(signals_in(facts.get("signals", [])))
    record = {
        "request": INQUIRY_REQUEST,
        "customer_id": customer_id,
        "language": language,
        "transaction": {"id": transaction_id, **{k: facts.get(k) for k in TRANSACTION_FIELDS}}
        | {"merchant": records_text.merchant(facts.get("merchant"))},
        "verified_facts": {"signals": [str(s) for s in signals]},
        "customer_note": note,
        "unresolved": [question(f"inquiry_{s}") for s in signals if f"inquiry_{s}" in QUESTIONS]
        or [question("inquiry_default")],
        "evidence": {"transaction_id": transaction_id, "action_id": case_id},
    }
    reasons = [str(s) for s in signals] or [INQUIRY_REQUEST]
    return _file(case_id, customer_id, conversation_id, reasons, case_priority(signals), record, dispute=True)


def callback(*, case_id: str, customer_id: str, conversation_id: str | None, language: str, window: str) -> CaseFile:
    """A request that a person call the customer back: no signal, so the lowest priority."""
    record = {"request": CALLBACK_REQUEST, "customer_id": customer_id, "language": language, "window": window}
    return _file(case_id, customer_id, conversation_id, ["callback_requested"], case_priority(), record)
