"""The action gateway: propose, confirm (only by the customer's button), execute with retries, read the
effect back, and audit every step. Written against ports; the model never reaches past `propose`."""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from quipu.application.action_execution import Execution
from quipu.application.action_ports import (
    ActionFacts,
    ActionRow,
    ActionStore,
    Audit,
    Effects,
    Handoffs,
    UnknownBatch,
)
from quipu.application.action_ports import NotSignedIn as NotSignedIn  # raised by propose, caught by callers
from quipu.application.action_ports import PermanentError as PermanentError  # the evaluation injects these
from quipu.application.action_ports import TransientError as TransientError
from quipu.application.action_proposals import Proposals, escalation_case
from quipu.application.action_view import ActionCard, batch_view
from quipu.application.transfers import StepUpRequired
from quipu.domain.actions import ESCALATED

log = logging.getLogger("quipu.actions")
WAIT_FOR_OTHER_CONFIRM = timedelta(seconds=20)
# A confirm pressed again resumes an execution left `executing` this long (a crashed process); past
# STUCK_EXECUTION nobody resumes it: the sweep reads the effect back and asks a person when it is not there.
STALE_EXECUTION = timedelta(minutes=2)
STUCK_EXECUTION = timedelta(minutes=10)


class Gateway(Proposals, Execution):
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
        self._proposing: dict[str, asyncio.Lock] = {}  # a customer's proposals waiting their turn here

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
        case = escalation_case(batch, escalated)
        if case is not None:
            await self.handoffs.file(case)
