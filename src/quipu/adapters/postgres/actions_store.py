"""ops.actions: one row per proposed action; a batch is claimed by one atomic conditional UPDATE."""

from datetime import datetime

from psycopg.rows import dict_row
from psycopg.types.json import Jsonb

from quipu.adapters.postgres.connection import PoolStore, one_row
from quipu.adapters.postgres.proposal_unit_of_work import PgProposalUnitOfWork
from quipu.application.action_ports import ActionRow

COLUMNS = (
    "action_id::text, batch_id::text, position, customer_id, conversation_id::text, action, params, view, "
    "decision, reason, status, language, expires_at, attempts, coalesce(result, '{}'::jsonb) AS result"
)


def _row(r: dict) -> ActionRow:
    return ActionRow(**r)


class PgActionStore(PoolStore):
    def unit_of_work(self) -> PgProposalUnitOfWork:
        return PgProposalUnitOfWork(self.pool)

    async def _rows(self, sql: str, params: tuple) -> list[ActionRow]:
        async with self.pool.connection() as conn:
            cur = conn.cursor(row_factory=dict_row)
            await cur.execute(sql, params)
            return [_row(r) for r in await cur.fetchall()]

    async def claim(self, customer_id: str, batch_id: str, now: datetime, stale_before: datetime) -> list[ActionRow]:
        """Only one caller gets the waiting rows; a crashed execution can be taken over when stale, and comes
        back marked `resumed` so its effect is read back before anything is decided again."""
        return await self._rows(
            "WITH before AS (SELECT action_id AS id, status AS was FROM ops.actions "
            "WHERE batch_id = %s AND customer_id = %s) "
            "UPDATE ops.actions SET status = 'executing', confirmed_at = %s FROM before WHERE action_id = before.id "
            "AND ((status = 'awaiting_confirmation' AND expires_at > %s) "
            "OR (status = 'executing' AND confirmed_at < %s)) "
            f"RETURNING {COLUMNS}, before.was = 'executing' AS resumed",
            (batch_id, customer_id, now, now, stale_before),
        )

    async def claim_stuck(self, now: datetime, stuck_before: datetime, customer_id: str | None) -> list[ActionRow]:
        """Executions nobody finished; taking them moves `confirmed_at`, so two sweeps never take the same one."""
        return await self._rows(
            "UPDATE ops.actions SET confirmed_at = %s WHERE status = 'executing' AND confirmed_at < %s "
            f"AND (%s::text IS NULL OR customer_id = %s) RETURNING {COLUMNS}, true AS resumed",
            (now, stuck_before, customer_id, customer_id),
        )

    async def emails_since(self, customer_id: str, since: datetime, other_than: str | None = None) -> int:
        """Summary e-mails sent or being sent."""
        return await self._count(
            "SELECT count(*) FROM ops.actions WHERE customer_id = %s AND action = 'send_summary_email' "
            "AND status IN ('executing', 'verified') AND confirmed_at >= %s "
            "AND action_id IS DISTINCT FROM %s::uuid",
            (customer_id, since, other_than),
        )

    async def _count(self, sql: str, params: tuple) -> int:
        async with self.pool.connection() as conn:
            return one_row(await (await conn.execute(sql, params)).fetchone())[0]

    async def batch(self, customer_id: str, batch_id: str) -> list[ActionRow]:
        return await self._rows(
            f"SELECT {COLUMNS} FROM ops.actions WHERE batch_id = %s AND customer_id = %s ORDER BY position",
            (batch_id, customer_id),
        )

    async def finish(self, row: ActionRow, now: datetime) -> None:
        async with self.pool.connection() as conn:
            await conn.execute(
                "UPDATE ops.actions SET status = %s, reason = %s, result = %s, attempts = %s, finished_at = %s, "
                "view = %s WHERE action_id = %s",
                (row.status, row.reason, Jsonb(row.result), row.attempts, now, Jsonb(row.view), row.action_id),
            )

    async def close_waiting(
        self, customer_id: str, batch_id: str, status: str, reason: str, now: datetime, only_expired: bool
    ) -> int:
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                "UPDATE ops.actions SET status = %s, reason = %s, finished_at = %s WHERE batch_id = %s "
                "AND customer_id = %s AND status = 'awaiting_confirmation' AND (NOT %s OR expires_at <= %s)",
                (status, reason, now, batch_id, customer_id, only_expired, now),
            )
            return cur.rowcount
