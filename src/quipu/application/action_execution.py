"""Running one confirmed action: a resumed run checks the effect first, the re-check at the button, attempts
with retries for transient errors, the read-back, and the finish (stored, logged, a receipt in Mensajes)."""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from quipu.application.action_ports import (
    ActionFacts,
    ActionRow,
    ActionStore,
    Audit,
    Effects,
    PermanentError,
    TransientError,
)
from quipu.application.action_view import item_view
from quipu.domain import action_text
from quipu.domain.actions import (
    BLOCKED,
    CAP_WINDOW,
    ESCALATED,
    MAX_ATTEMPTS,
    MAX_EMAILS_PER_DAY,
    Decision,
    Requested,
    decide,
    parse,
)

log = logging.getLogger("quipu.actions")


class Execution:
    """The gateway's half that runs actions; the gateway builds it with its storage, facts and effects."""

    store: ActionStore
    facts: ActionFacts
    effects: Effects
    audit: Audit
    clock: Callable[[], datetime]
    retry_pause: float
    receipts: Callable[..., Awaitable[None]] | None

    async def _settle_stuck(self, row: ActionRow) -> ActionRow:
        if await self._effect_there(row):
            return await self._finish(
                replace(row, status="verified", reason=None, result=await self.effects.recorded(row)), self.clock()
            )
        return await self._finish(replace(row, status="failed", reason="verification_failed"), self.clock())

    async def _effect_there(self, row: ActionRow) -> bool:
        try:
            return await self.effects.read_back(row)
        except Exception as error:  # a read-back that cannot run proves nothing either way
            log.warning("read-back of %s failed", row.action, exc_info=error)
            return False

    async def _run(self, row: ActionRow, earlier: list[ActionRow]) -> ActionRow:
        now = self.clock()
        if row.resumed and await self._effect_there(row):  # a crash after the effect: it is done, not re-decided
            return await self._finish(
                replace(row, status="verified", reason=None, result=await self.effects.recorded(row)), now
            )
        if row.action == "send_summary_email" and row.params.get("topic") == "case_receipt":
            inquiry = [r for r in earlier if r.action == "open_payment_inquiry"]
            if not inquiry or inquiry[-1].status != "verified":
                return await self._finish(replace(row, status="skipped", reason="dependency_failed"), now)
        if (
            row.action == "send_summary_email"
            and await self.store.emails_since(row.customer_id, now - CAP_WINDOW, other_than=row.action_id)
            >= MAX_EMAILS_PER_DAY
        ):
            return await self._finish(replace(row, status="refused", reason="email_limit"), now)
        recheck, fresh = await self._recheck(row, [r.action for r in earlier] + [row.action])
        if recheck.verdict in (BLOCKED, ESCALATED):
            status = "refused" if recheck.verdict == BLOCKED else "escalated"
            view = {**row.view, "facts": fresh} if fresh else row.view  # the card says why with today's facts
            reason = recheck.reason or "changed_since_proposal"
            return await self._finish(replace(row, status=status, reason=reason, view=view), now)
        return await self._finish(await self._attempt(row, earlier), self.clock())

    async def _recheck(self, row: ActionRow, names: list[str]) -> tuple[Decision, dict[str, Any]]:
        """The policy again at the button, on facts read now; with their view (a refusal names what changed)."""
        parsed = parse(Requested(row.action, row.params))
        if isinstance(parsed, Decision):
            return parsed, {}
        try:
            facts, view = await self.facts.facts(row.customer_id, row.action, row.params)
        except Exception as error:  # without fresh facts the action does not run
            log.warning("recheck facts for %s failed", row.action, exc_info=error)
            return Decision(ESCALATED, "temporary_error"), {}
        return decide(row.action, parsed, facts, names), view

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
                log.error("effect %s failed", row.action, exc_info=error)
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
            item = item_view(row)
            facts_view = row.view.get("facts", {})
            what = action_text.headline(row.action, row.params, facts_view, row.result, row.language)
            try:
                await self.receipts(row.customer_id, row.action_id, row.language, item.text, what)
            except Exception as error:  # the action is done and read back; a lost notice is logged, not a failure
                log.warning("receipt for %s not stored", row.action, exc_info=error)
        return row
