"""The confirmation card of a batch, rendered by code from the stored rows only."""

from typing import Any

from quipu.application.action_ports import ActionRow
from quipu.domain import action_text


def batch_view(rows: list[ActionRow]) -> dict[str, Any]:
    """The confirmation card, rendered by code from the stored rows only."""
    rows = sorted(rows, key=lambda r: r.position)
    language = rows[0].language if rows else "es"
    items = [item_view(r) for r in rows]
    waiting = [r for r in rows if r.status == "awaiting_confirmation"]
    return {
        "batch_id": rows[0].batch_id if rows else None,
        "language": language,
        "needs_confirmation": bool(waiting),
        "strong": any(r.view.get("strong") for r in waiting),
        "items": items,
        "expires_at": rows[0].expires_at.isoformat() if rows else None,
        "escalate": [r.action for r in rows if r.status == "escalated" or r.reason == "verification_failed"],
        "state": _batch_state(rows),
    }


def item_view(row: ActionRow) -> dict[str, Any]:
    facts_view = row.view.get("facts", {})
    if row.status == "verified":
        text = action_text.done(row.action, row.params, facts_view, row.result, row.language)
    else:
        text = action_text.describe(row.action, row.params, facts_view, row.language)
        reason = action_text.reason_text(row.reason, row.language)
        if reason and row.status != "awaiting_confirmation":
            text = f"{text} {reason}"
    return {
        "action_id": row.action_id,
        "action": row.action,
        "status": row.status,
        "state": action_text.state_text(row.status, row.language),
        "tone": action_text.TONES[row.status],
        "text": text,
        "reason": row.reason,
    }


def _batch_state(rows: list[ActionRow]) -> str:
    statuses = {r.status for r in rows}
    for state in ("awaiting_confirmation", "executing", "confirmed"):
        if state in statuses:
            return state
    if statuses <= {"cancelled", "refused", "escalated"} and "cancelled" in statuses:
        return "cancelled"
    if "expired" in statuses:
        return "expired"
    return "finished"
