"""Proposing actions: each is planned on the customer's facts (outside any lock), then the caps are counted
and the batch (with the case it opens) inserted in one transaction under the customer's lock, so twelve
simultaneous proposals of one customer count each other instead of each passing a cap with room for one."""

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import datetime
from typing import Any

from quipu.application.action_ports import ActionFacts, ActionRow, ActionStore, Audit, NotSignedIn, ProposalUnitOfWork
from quipu.application.action_view import ActionCard, batch_view, item_view
from quipu.application.caller import Caller
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
from quipu.domain.case_files import CaseFile

log = logging.getLogger("quipu.actions")
Planned = tuple[Requested, Decision, dict[str, Any]]


class Proposals:
    """The gateway's half that proposes; the gateway builds it with its storage, facts and audit."""

    store: ActionStore
    facts: ActionFacts
    audit: Audit
    clock: Callable[[], datetime]
    _proposing: dict[str, asyncio.Lock]

    async def propose(self, who: Caller, requested: list[Requested]) -> ActionCard:
        """Stores the batch and its card; nothing runs here, whatever the verdicts: only the button runs."""
        if not who.signed_in:
            raise NotSignedIn
        now = self.clock()
        asked = [r if known(r.action) else Requested(UNKNOWN, {}) for r in requested[:MAX_REQUESTED]]
        names = [r.action for r in asked[:MAX_ACTIONS_PER_BATCH]]
        planned = [await self._plan(who, r, names) for r in asked[:MAX_ACTIONS_PER_BATCH]]
        planned += [(r, Decision(BLOCKED, "too_many_actions"), {}) for r in asked[MAX_ACTIONS_PER_BATCH:]]
        async with self._one_at_a_time(who.customer_id), self.store.unit_of_work() as unit:
            await unit.lock(who.customer_id)
            await unit.supersede(who.customer_id, who.conversation_id, now)
            decisions = await _capped(unit, who, [(r.action, d) for r, d, _ in planned], now)
            rows = _rows(who, str(uuid.uuid4()), planned, decisions, now)
            await unit.insert(rows, now)
            case = escalation_case(rows, [r for r in rows if r.status == "escalated"])
            if case is not None:
                await unit.file_case(case, now)
            await unit.commit()
        for row in rows:
            await self.audit.log(
                customer_id=who.customer_id,
                conversation_id=who.conversation_id,
                tool=f"propose_actions:{row.action}",
                proposed={"params": row.params},
                decision=row.decision,
                reason=row.reason,
            )
        return batch_view(rows)

    @asynccontextmanager
    async def _one_at_a_time(self, customer_id: str) -> AsyncIterator[None]:
        """In this process a customer's proposals wait here, holding no database connection meanwhile."""
        lock = self._proposing.setdefault(customer_id, asyncio.Lock())
        try:
            async with lock:
                yield
        finally:
            if not lock.locked() and self._proposing.get(customer_id) is lock:
                del self._proposing[customer_id]

    async def _plan(self, who: Caller, requested: Requested, names: list[str]) -> Planned:
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


async def _capped(
    unit: ProposalUnitOfWork, who: Caller, decided: list[tuple[str, Decision]], now: datetime
) -> list[Decision]:
    """Cases and e-mails within their caps, counted under the customer's lock; only when the batch would open
    or send one."""
    escalates = any(d.verdict == ESCALATED for _, d in decided)
    mails = any(action == "send_summary_email" for action, _ in decided)
    since = now - CAP_WINDOW
    return capped(
        [d for _, d in decided],
        [action for action, _ in decided],
        open_case=escalates and await unit.escalation_open(who.customer_id, who.conversation_id),
        escalations_today=await unit.escalations_since(who.customer_id, since) if escalates else 0,
        emails_today=await unit.emails_since(who.customer_id, since, now) if mails else 0,
    )


def _rows(
    who: Caller, batch_id: str, planned: list[Planned], decisions: list[Decision], now: datetime
) -> list[ActionRow]:
    return [
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


def escalation_case(batch: list[ActionRow], escalated: list[ActionRow]) -> CaseFile | None:
    """Everything code sends to a person gets one case file for the batch, in catalog names and code's
    sentences only (an unknown name was replaced before it got here)."""
    if not escalated:
        return None
    first = escalated[0]
    return case_files.escalation(
        case_id=str(uuid.uuid5(uuid.UUID(first.batch_id), "escalation:" + ",".join(r.action_id for r in escalated))),
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
