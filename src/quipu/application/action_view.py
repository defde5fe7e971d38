"""The confirmation card of a batch, rendered by code from the stored rows only."""

from typing import ClassVar

from quipu.application.action_ports import ActionRow
from quipu.application.results import Result
from quipu.domain import action_text


class CardItem(Result):
    """One action on the card: what it is, where it stands, and code's sentence for it."""

    keeps_nulls: ClassVar[bool] = True
    action_id: str
    action: str
    status: str
    state: str
    tone: str
    text: str
    reason: str | None


class ActionCard(Result):
    """The card the customer confirms or cancels; `escalate` names the actions a person takes over."""

    keeps_nulls: ClassVar[bool] = True
    batch_id: str | None
    language: str
    needs_confirmation: bool
    strong: bool
    items: list[CardItem]
    expires_at: str | None
    escalate: list[str]
    state: str


def batch_view(rows: list[ActionRow]) -> ActionCard:
    """The confirmation card, rendered by code from the stored rows only."""
    rows = sorted(rows, key=lambda r: r.position)
    waiting = [r for r in rows if r.status == "awaiting_confirmation"]
    return ActionCard(
        batch_id=rows[0].batch_id if rows else None,
        language=rows[0].language if rows else "es",
        needs_confirmation=bool(waiting),
        strong=any(r.view.get("strong") for r in waiting),
        items=[item_view(r) for r in rows],
        expires_at=rows[0].expires_at.isoformat() if rows else None,
        escalate=[r.action for r in rows if r.status == "escalated" or r.reason == "verification_failed"],
        state=_batch_state(rows),
    )


def item_view(row: ActionRow) -> CardItem:
    facts_view = row.view.get("facts", {})
    if row.status == "verified":
        text = action_text.done(row.action, row.params, facts_view, row.result, row.language)
    else:
        text = action_text.describe(row.action, row.params, facts_view, row.language)
        reason = action_text.reason_text(row.reason, row.language, facts_view)
        if reason and row.status != "awaiting_confirmation":
            text = f"{text} {reason}"
    return CardItem(
        action_id=str(row.action_id),
        action=row.action,
        status=row.status,
        state=action_text.state_text(row.status, row.language),
        tone=action_text.TONES[row.status],
        text=text,
        reason=row.reason,
    )


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
