"""The action gateway: propose, confirm (only by the customer's button), execute with retries, read the
effect back, and audit every step. Written against ports; the model never reaches past `propose`."""

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Protocol

from quipu.domain import action_text
from quipu.domain.actions import (
    BLOCKED,
    CONFIRMATION_TTL,
    ESCALATED,
    MAX_ACTIONS_PER_BATCH,
    MAX_ATTEMPTS,
    MAX_REQUESTED,
    NEEDS_CONFIRMATION,
    Decision,
    Facts,
    Requested,
    decide,
    initial_status,
    parse,
)
from quipu.domain.priority import case_priority

log = logging.getLogger("quipu.actions")
WAIT_FOR_OTHER_CONFIRM = timedelta(seconds=20)
STALE_EXECUTION = timedelta(minutes=2)


class TransientError(Exception):
    """Worth another attempt."""


class PermanentError(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class UnknownBatch(Exception):
    """No such batch for this customer: the same answer whether it exists for someone else or not."""


class NotSignedIn(Exception):
    pass


@dataclass(frozen=True)
class ActionRow:
    action_id: str
    batch_id: str
    position: int
    customer_id: str
    conversation_id: str | None
    action: str
    params: dict
    view: dict
    decision: str
    reason: str | None
    status: str
    language: str
    expires_at: datetime
    attempts: int = 0
    result: dict = field(default_factory=dict)

    @property
    def idempotency_key(self) -> str:
        return f"{self.batch_id}:{self.position}"


class ActionStore(Protocol):
    async def supersede(self, customer_id: str, conversation_id: str | None, now: datetime) -> None: ...
    async def insert(self, rows: list[ActionRow]) -> None: ...
    async def claim(
        self, customer_id: str, batch_id: str, now: datetime, stale_before: datetime
    ) -> list[ActionRow]: ...
    async def batch(self, customer_id: str, batch_id: str) -> list[ActionRow]: ...
    async def finish(self, row: ActionRow, now: datetime) -> None: ...
    async def close_waiting(
        self, customer_id: str, batch_id: str, status: str, reason: str, now: datetime, only_expired: bool
    ) -> int: ...


class ActionFacts(Protocol):
    async def facts(self, customer_id: str, action: str, params: dict) -> tuple[Facts, dict]: ...


class Effects(Protocol):
    async def apply(self, row: ActionRow, batch: list[ActionRow]) -> dict: ...
    async def read_back(self, row: ActionRow) -> bool: ...


class Handoffs(Protocol):
    async def open_case(
        self,
        *,
        case_id: str,
        customer_id: str,
        conversation_id: str | None,
        priority: str,
        sla_hours: int,
        reason_codes: list[str],
        case_file: dict,
    ) -> None: ...


class Audit(Protocol):
    async def log(
        self,
        *,
        customer_id: str,
        conversation_id: str | None,
        tool: str,
        proposed: dict,
        decision: str | None = None,
        reason: str | None = None,
        executed: bool = False,
        verified: bool = False,
    ) -> None: ...


@dataclass(frozen=True)
class Proposer:
    customer_id: str
    conversation_id: str | None
    language: str
    signed_in: bool


def batch_view(rows: list[ActionRow]) -> dict:
    """The confirmation card, rendered by code from the stored rows only."""
    rows = sorted(rows, key=lambda r: r.position)
    language = rows[0].language if rows else "es"
    items = [_item_view(r) for r in rows]
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


def _item_view(row: ActionRow) -> dict:
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


class Gateway:
    def __init__(
        self,
        store: ActionStore,
        facts: ActionFacts,
        effects: Effects,
        handoffs: Handoffs,
        audit: Audit,
        clock: Callable[[], datetime],
        *,
        retry_pause: float = 0.2,
        poll: float = 0.02,
        receipts: Callable[..., Awaitable[None]] | None = None,
    ):
        self.store = store
        self.facts = facts
        self.effects = effects
        self.handoffs = handoffs
        self.audit = audit
        self.clock = clock
        self.retry_pause = retry_pause
        self.poll = poll
        self.receipts = receipts  # a notice in Mensajes for every verified action

    async def propose(self, who: Proposer, requested: list[Requested]) -> dict:
        if not who.signed_in:
            raise NotSignedIn
        now = self.clock()
        batch_id = str(uuid.uuid4())
        names = [r.action for r in requested[:MAX_ACTIONS_PER_BATCH]]
        planned = [await self._plan(who, r, names) for r in requested[:MAX_ACTIONS_PER_BATCH]]
        planned += [
            (r, Decision(BLOCKED, "too_many_actions"), {}) for r in requested[MAX_ACTIONS_PER_BATCH:MAX_REQUESTED]
        ]
        needs_confirmation = any(d.verdict == NEEDS_CONFIRMATION for _, d, _ in planned)
        rows = [
            ActionRow(
                str(uuid.uuid4()),
                batch_id,
                position,
                who.customer_id,
                who.conversation_id,
                r.action,
                r.params if isinstance(r.params, dict) else {},
                {"facts": facts_view, "strong": d.strong},
                d.verdict,
                d.reason,
                initial_status(d, needs_confirmation),
                who.language,
                now + CONFIRMATION_TTL,
            )
            for position, (r, d, facts_view) in enumerate(planned)
        ]
        await self.store.supersede(who.customer_id, who.conversation_id, now)
        await self.store.insert(rows)
        for row in rows:
            await self.audit.log(
                customer_id=who.customer_id,
                conversation_id=who.conversation_id,
                tool=f"propose_actions:{row.action}",
                proposed={"params": row.params},
                decision=row.decision,
                reason=row.reason,
            )
        await self._escalate(rows, [r for r in rows if r.status == "escalated"])
        if any(r.status == "confirmed" for r in rows):
            rows = await self._execute(rows)
        return batch_view(rows)

    async def _plan(self, who: Proposer, requested: Requested, names: list[str]) -> tuple[Requested, Decision, dict]:
        parsed = parse(requested)
        if isinstance(parsed, Decision):
            return requested, parsed, {}
        try:
            facts, facts_view = await self.facts.facts(who.customer_id, requested.action, parsed.model_dump())
        except Exception as error:  # a facts lookup that fails sends the action to a person, never runs it
            log.warning("facts lookup for %s failed: %s", requested.action, type(error).__name__)
            return requested, Decision(ESCALATED, "temporary_error"), {}
        return (
            replace(requested, params=parsed.model_dump()),
            decide(requested.action, parsed, facts, names),
            facts_view,
        )

    async def confirm(self, customer_id: str, batch_id: str) -> dict:
        now = self.clock()
        claimed = await self.store.claim(customer_id, batch_id, now, now - STALE_EXECUTION)
        if claimed:
            rows = await self.store.batch(customer_id, batch_id)
            claimed_ids = {r.action_id for r in claimed}
            return batch_view(await self._execute([r for r in rows], only=claimed_ids))
        return await self._settled_view(customer_id, batch_id)

    async def cancel(self, customer_id: str, batch_id: str) -> dict:
        now = self.clock()
        if not await self.store.batch(customer_id, batch_id):
            raise UnknownBatch
        await self.store.close_waiting(
            customer_id, batch_id, "cancelled", "cancelled_by_customer", now, only_expired=False
        )
        rows = await self.store.batch(customer_id, batch_id)
        await self.audit.log(
            customer_id=customer_id,
            conversation_id=rows[0].conversation_id,
            tool="cancel_actions",
            proposed={"batch_id": batch_id},
        )
        return batch_view(rows)

    async def _settled_view(self, customer_id: str, batch_id: str) -> dict:
        deadline = self.clock() + WAIT_FOR_OTHER_CONFIRM
        while True:
            rows = await self.store.batch(customer_id, batch_id)
            if not rows:
                raise UnknownBatch
            now = self.clock()
            if any(r.status == "awaiting_confirmation" and r.expires_at <= now for r in rows):
                await self.store.close_waiting(customer_id, batch_id, "expired", "expired", now, only_expired=True)
                continue
            if not any(r.status in ("executing", "confirmed") for r in rows) or now >= deadline:
                return batch_view(rows)
            await asyncio.sleep(self.poll)

    async def _execute(self, rows: list[ActionRow], only: set[str] | None = None) -> list[ActionRow]:
        done: list[ActionRow] = []
        for row in sorted(rows, key=lambda r: r.position):
            runnable = row.status in ("executing", "confirmed") and (only is None or row.action_id in only)
            done.append(await self._run(row, done) if runnable else row)
        failed = [r for r in done if r.reason == "verification_failed"]
        await self._escalate(done, failed)
        return done

    async def _run(self, row: ActionRow, earlier: list[ActionRow]) -> ActionRow:
        now = self.clock()
        if row.action == "send_summary_email" and row.params.get("topic") == "case_receipt":
            inquiry = [r for r in earlier if r.action == "open_payment_inquiry"]
            if not inquiry or inquiry[-1].status != "verified":
                return await self._finish(replace(row, status="skipped", reason="dependency_failed"), now)
        recheck = await self._recheck(row, [r.action for r in earlier] + [row.action])
        if recheck.verdict in (BLOCKED, ESCALATED):
            status = "refused" if recheck.verdict == BLOCKED else "escalated"
            return await self._finish(
                replace(row, status=status, reason=recheck.reason or "changed_since_proposal"), now
            )
        return await self._finish(await self._attempt(row, earlier), self.clock())

    async def _recheck(self, row: ActionRow, names: list[str]) -> Decision:
        parsed = parse(Requested(row.action, row.params))
        if isinstance(parsed, Decision):
            return parsed
        try:
            facts, _ = await self.facts.facts(row.customer_id, row.action, row.params)
        except Exception as error:  # without fresh facts the action does not run
            log.warning("recheck facts for %s failed: %s", row.action, type(error).__name__)
            return Decision(ESCALATED, "temporary_error")
        return decide(row.action, parsed, facts, names)

    async def _attempt(self, row: ActionRow, batch: list[ActionRow]) -> ActionRow:
        attempts = 0
        while True:
            attempts += 1
            try:
                result = await self.effects.apply(row, batch)
                break
            except TransientError:
                if attempts >= MAX_ATTEMPTS:
                    return replace(row, status="failed", reason="temporary_error", attempts=attempts)
                await asyncio.sleep(self.retry_pause * attempts)
            except PermanentError as error:
                return replace(row, status="failed", reason=error.reason, attempts=attempts)
            except Exception as error:  # any other failure: not done, and said so
                log.error("effect %s failed: %s", row.action, type(error).__name__)
                return replace(row, status="failed", reason="error", attempts=attempts)
        executed = replace(row, attempts=attempts, result=result)
        if not await self.effects.read_back(executed):
            return replace(executed, status="failed", reason="verification_failed")
        return replace(executed, status="verified", reason=None)

    async def _finish(self, row: ActionRow, now: datetime) -> ActionRow:
        await self.store.finish(row, now)
        await self.audit.log(
            customer_id=row.customer_id,
            conversation_id=row.conversation_id,
            tool=f"execute:{row.action}",
            proposed={"batch_id": row.batch_id, "position": row.position},
            decision=row.decision,
            reason=row.reason,
            executed=row.status in ("verified", "failed"),
            verified=row.status == "verified",
        )
        if row.status == "verified" and self.receipts:
            item = _item_view(row)
            try:
                await self.receipts(row.customer_id, row.action_id, row.language, item["text"], item["state"])
            except Exception as error:  # the action is done and read back; a lost notice is logged, not a failure
                log.warning("receipt for %s not stored: %s", row.action, type(error).__name__)
        return row

    async def _escalate(self, batch: list[ActionRow], escalated: list[ActionRow]) -> None:
        """Everything code sends to a person gets one case file for the batch."""
        if not escalated:
            return
        first = escalated[0]
        signals = set().union(*(set(r.view.get("facts", {}).get("signals", [])) for r in batch))
        priority = case_priority(signals)
        await self.handoffs.open_case(
            case_id=str(
                uuid.uuid5(uuid.UUID(first.batch_id), "escalation:" + ",".join(r.action_id for r in escalated))
            ),
            customer_id=first.customer_id,
            conversation_id=first.conversation_id,
            priority=priority.priority,
            sla_hours=priority.sla_hours,
            reason_codes=sorted({r.reason or "unknown_action" for r in escalated}),
            case_file={
                "request": "action_escalation",
                "customer_id": first.customer_id,
                "language": first.language,
                "actions": [{"action": r.action, "status": r.status, "text": _item_view(r)["text"]} for r in batch],
                "unresolved": [action_text.reason_text(r.reason, r.language) for r in escalated],
                "evidence": {"batch_id": first.batch_id, "action_ids": [r.action_id for r in escalated]},
                "priority": priority.priority,
                "sla_hours": priority.sla_hours,
            },
        )
