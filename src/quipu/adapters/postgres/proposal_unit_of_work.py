"""A customer's proposal in PostgreSQL: one transaction under the customer's lock, so what the caps count
(open cases, cases and e-mails of the day) and what the proposal inserts (its actions, its case) cannot be
interleaved with another proposal of the same customer. SQL only; the gateway decides."""

from datetime import datetime
from typing import Any

from psycopg.types.json import Jsonb

from quipu.adapters.postgres.cases_store import ESCALATION_OPEN, file_case
from quipu.adapters.postgres.connection import one_row
from quipu.adapters.postgres.unit_of_work import PgUnitOfWork
from quipu.application.action_ports import ActionRow
from quipu.domain.case_files import CaseFile

LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('quipu.proposals:' || %s, 0))"
SUPERSEDE = (
    "UPDATE ops.actions SET status = 'cancelled', reason = 'superseded', finished_at = %s "
    "WHERE customer_id = %s AND conversation_id IS NOT DISTINCT FROM %s AND status = 'awaiting_confirmation'"
)
# Batches that sent something to a person (one case each).
ESCALATIONS = (
    "SELECT count(DISTINCT batch_id) FROM ops.actions WHERE customer_id = %s AND status = 'escalated' "
    "AND decision = 'escalated' AND created_at >= %s"
)
# Summary e-mails sent, being sent, or waiting for their button (a waiting one may still be pressed).
EMAILS = (
    "SELECT count(*) FROM ops.actions WHERE customer_id = %(customer)s AND action = 'send_summary_email' AND ("
    "(status IN ('executing', 'verified') AND confirmed_at >= %(since)s) "
    "OR (status = 'awaiting_confirmation' AND expires_at > %(now)s AND created_at >= %(since)s))"
)
INSERT = (
    "INSERT INTO ops.actions (action_id, batch_id, position, customer_id, conversation_id, action, params, view, "
    "decision, reason, status, language, idempotency_key, expires_at, confirmed_at, created_at) "
    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)


class PgProposalUnitOfWork(PgUnitOfWork):
    async def lock(self, customer_id: str) -> None:
        await self.conn.execute(LOCK, (customer_id,))

    async def supersede(self, customer_id: str, conversation_id: str | None, now: datetime) -> None:
        await self.conn.execute(SUPERSEDE, (now, customer_id, conversation_id))

    async def escalation_open(self, customer_id: str, conversation_id: str | None) -> bool:
        return bool(await self._one(ESCALATION_OPEN, (customer_id, conversation_id)))

    async def escalations_since(self, customer_id: str, since: datetime) -> int:
        return int(await self._one(ESCALATIONS, (customer_id, since)))

    async def emails_since(self, customer_id: str, since: datetime, now: datetime) -> int:
        return int(await self._one(EMAILS, {"customer": customer_id, "since": since, "now": now}))

    async def insert(self, rows: list[ActionRow], now: datetime) -> None:
        async with self.conn.cursor() as cur:
            await cur.executemany(INSERT, [_values(r, now) for r in rows])

    async def file_case(self, case: CaseFile, now: datetime) -> None:
        await file_case(self.conn, case, now)

    async def _one(self, sql: str, params) -> Any:
        return one_row(await (await self.conn.execute(sql, params)).fetchone())[0]


def _values(r: ActionRow, now: datetime) -> tuple:
    return (
        r.action_id,
        r.batch_id,
        r.position,
        r.customer_id,
        r.conversation_id,
        r.action,
        Jsonb(r.params),
        Jsonb(r.view),
        r.decision,
        r.reason,
        r.status,
        r.language,
        r.idempotency_key,
        r.expires_at,
        None,
        now,
    )
