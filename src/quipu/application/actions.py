"""The action gateway: propose, confirm (only by the customer's button), execute with retries, read the
effect back, and audit every step. Written against ports; the model never reaches past `propose`."""

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from quipu.application.action_execution import Execution
from quipu.application.action_ports import (
    ActionFacts,
    ActionRow,
    ActionStore,
    Audit,
    Effects,
    Handoffs,
    NotSignedIn,
    UnknownBatch,
)
from quipu.application.action_ports import PermanentError as PermanentError  # the evaluation injects these
from quipu.application.action_ports import TransientError as TransientError
from quipu.application.action_view import ActionCard, batch_view, item_view
from quipu.application.caller import Caller
from quipu.application.transfers import StepUpRequired
from quipu.domain import action_text, case_files
from quipu.domain.actions import (
    BLOCKED,
    CAP_WINDOW,
    CONFIRMATION_TTL,
    ESCALATED,
    MAX_ACTIONS_PER_BATCH,
    MAX_REQUESTED,
    UNKNOWN,
    Decision,
    Requested,
    capped,
    decide,
    initial_status,
    known,
    parse,
)

log = logging.getLogger("quipu.actions")
WAIT_FOR_OTHER_CONFIRM = timedelta(seconds=20)
# A confirm pressed again resumes an execution left `executing` this long (a crashed process); past
# STUCK_EXECUTION nobody resumes it: the sweep reads the effect back and asks a person when it is not there.
STALE_EXECUTION = timedelta(minutes=2)
STUCK_EXECUTION = timedelta(minutes=10)


class Gateway(Execution):
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

    async def propose(self, who: Caller, requested: list[Requested]) -> ActionCard:
        """Stores the batch and its card; nothing runs here, whatever the verdicts: only the button runs."""
        if not who.signed_in:
            raise NotSignedIn
        now = self.clock()
        batch_id = str(uuid.uuid4())
        asked = [r if known(r.action) else Requested(UNKNOWN, {}) for r in requested[:MAX_REQUESTED]]
        names = [r.action for r in asked[:MAX_ACTIONS_PER_BATCH]]
        planned = [await self._plan(who, r, names) for r in asked[:MAX_ACTIONS_PER_BATCH]]
        planned += [(r, Decision(BLOCKED, "too_many_actions"), {}) for r in asked[MAX_ACTIONS_PER_BATCH:]]
        decisions = await self._capped(who, [(r.action, d) for r, d, _ in planned], now)
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
                initial_status(d),
                who.language,
                now + CONFIRMATION_TTL,
            )
            for position, ((r, _, facts_view), d) in enumerate(zip(planned, decisions, strict=True))
        ]
        await self.store.supersede(who.customer_id, who.conversation_id, now)
        await self.store.insert(rows, now)
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
        return batch_view(rows)

    async def _capped(self, who: Caller, decided: list[tuple[str, Decision]], now: datetime) -> list[Decision]:
        """Cases and e-mails within their caps; counted only when the batch would open or send one."""
        escalates = any(d.verdict == ESCALATED for _, d in decided)
        mails = any(action == "send_summary_email" for action, _ in decided)
        since = now - CAP_WINDOW
        return capped(
            [d for _, d in decided],
            [action for action, _ in decided],
            open_case=escalates and await self.handoffs.escalation_open(who.customer_id, who.conversation_id),
            escalations_today=await self.store.escalations_since(who.customer_id, since) if escalates else 0,
            emails_today=await self.store.emails_since(who.customer_id, since) if mails else 0,
        )

    async def _plan(
        self, who: Caller, requested: Requested, names: list[str]
    ) -> tuple[Requested, Decision, dict[str, Any]]:
        parsed = parse(requested)
        if isinstance(parsed, Decision):
            return requested, parsed, {}
        try:
            facts, facts_view = await self.facts.facts(who.customer_id, requested.action, parsed.model_dump())
        except Exception as error:  # a facts lookup that fails sends the action to a person, never runs it
            log.warning("facts lookup for %s failed", requested.action, exc_info=error)
            return requested, Decision(ESCALATED, "temporary_error"), {}
        return (
            replace(requested, params=parsed.model_dump()),
            decide(requested.action, parsed, facts, names),
            facts_view,
        )

    async def confirm(self, customer_id: str, batch_id: str, *, stepped_up: bool = False) -> ActionCard:
        """The customer's button. A batch holding an irreversible action also needs a fresh step-up."""
        now = self.clock()
        await self.sweep(customer_id)
        rows = await self.store.batch(customer_id, batch_id)
        if not rows:
            raise UnknownBatch
        if not stepped_up and any(
            r.status == "awaiting_confirmation" and r.expires_at > now and r.view.get("strong") for r in rows
        ):
            raise StepUpRequired
        claimed = await self.store.claim(customer_id, batch_id, now, now - STALE_EXECUTION)
        if claimed:
            by_id = {r.action_id: r for r in claimed}
            rows = [by_id.get(r.action_id, r) for r in await self.store.batch(customer_id, batch_id)]
            return batch_view(await self._execute(rows, only=set(by_id)))
        return await self._settled_view(customer_id, batch_id)

    async def sweep(self, customer_id: str | None = None) -> int:
        """Executions stuck past STUCK_EXECUTION: verified when the effect reads back, else a person looks."""
        now = self.clock()
        stuck = await self.store.claim_stuck(now, now - STUCK_EXECUTION, customer_id)
        for batch_id in dict.fromkeys(r.batch_id for r in stuck):
            settled = [await self._settle_stuck(r) for r in stuck if r.batch_id == batch_id]
            await self._escalate(settled, [r for r in settled if r.reason == "verification_failed"])
        return len(stuck)

    async def cancel(self, customer_id: str, batch_id: str) -> ActionCard:
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

    async def view(self, customer_id: str, batch_id: str) -> ActionCard:
        """The batch's card as it is now (a conversation redrawn later shows what became of it)."""
        return batch_view(await self.store.batch(customer_id, batch_id))

    async def _settled_view(self, customer_id: str, batch_id: str) -> ActionCard:
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
        # a person gets what could not be verified, and what the re-check at the button sent to a person
        to_person = [
            r
            for r in done
            if r.reason == "verification_failed" or (r.status == "escalated" and r.decision != ESCALATED)
        ]
        await self._escalate(done, to_person)
        return done

    async def _escalate(self, batch: list[ActionRow], escalated: list[ActionRow]) -> None:
        """Everything code sends to a person gets one case file for the batch, in catalog names and code's
        sentences only (an unknown name was replaced before it got here)."""
        if not escalated:
            return
        first = escalated[0]
        case = case_files.escalation(
            case_id=str(
                uuid.uuid5(uuid.UUID(first.batch_id), "escalation:" + ",".join(r.action_id for r in escalated))
            ),
            customer_id=first.customer_id,
            conversation_id=first.conversation_id,
            language=first.language,
            signals=set().union(*(set(r.view.get("facts", {}).get("signals", [])) for r in batch)),
            reason_codes=list({r.reason or "unknown_action" for r in escalated}),
            actions=[
                {"action": r.action if known(r.action) else UNKNOWN, "status": r.status, "text": item_view(r).text}
                for r in batch
            ],
            unresolved=[action_text.reason_text(r.reason, r.language) for r in escalated],
            evidence={"batch_id": first.batch_id, "action_ids": [r.action_id for r in escalated]},
        )
        await self.handoffs.file(case)
