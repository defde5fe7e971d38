"""What memory across conversations reads in ops: the customer's place, the proposals still waiting for the
button, the cases with a person, the latest conversations that investigated charges. Read only; SQL only."""

from datetime import datetime

from psycopg.rows import dict_row

from quipu.adapters.postgres.connection import PoolStore

WAITING_ACTIONS = """
SELECT action, params, view, language, expires_at FROM ops.actions
WHERE customer_id = %(c)s AND status = 'awaiting_confirmation' AND expires_at > %(now)s
  AND conversation_id IS DISTINCT FROM %(other)s::uuid
ORDER BY created_at, position
"""
WAITING_TRANSFERS = """
SELECT summary, language, expires_at FROM ops.transfers
WHERE customer_id = %(c)s AND status = 'proposed' AND expires_at > %(now)s
  AND conversation_id IS DISTINCT FROM %(other)s::uuid
ORDER BY created_at
"""
WITH_PERSON = """
SELECT h.created_at, h.priority, h.status = 'taken' FROM ops.handoff_cases h
WHERE h.customer_id = %(c)s AND h.status <> 'closed' AND h.dispute_id IS NULL
  AND h.conversation_id IS DISTINCT FROM %(other)s::uuid
ORDER BY h.created_at DESC LIMIT 3
"""
EARLIER = """
SELECT conversation_id::text, last_message_at FROM ops.conversations
WHERE customer_id = %(c)s AND conversation_id IS DISTINCT FROM %(other)s::uuid AND skill = 'charge_investigation'
ORDER BY last_message_at DESC LIMIT %(limit)s
"""


class PgMemory(PoolStore):
    async def place(self, customer_id: str) -> tuple[str | None, str]:
        row = await self.fetch_one(
            "SELECT country, preferred_language FROM core.customers WHERE customer_id = %s", (customer_id,)
        )
        return (row[0], row[1]) if row else (None, "es")

    async def waiting(self, customer_id: str, now: datetime, other_than: str | None) -> list[dict]:
        found = {"c": customer_id, "now": now, "other": other_than}
        async with self.pool.connection() as conn:
            cur = conn.cursor(row_factory=dict_row)
            await cur.execute(WAITING_ACTIONS, found)
            rows = await cur.fetchall()
            await cur.execute(WAITING_TRANSFERS, found)
            return rows + await cur.fetchall()

    async def with_person(self, customer_id: str, other_than: str | None) -> list[tuple[datetime, str, bool]]:
        async with self.pool.connection() as conn:
            rows = await (await conn.execute(WITH_PERSON, {"c": customer_id, "other": other_than})).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    async def earlier(self, customer_id: str, other_than: str | None, limit: int) -> list[tuple[str, datetime]]:
        found = {"c": customer_id, "other": other_than, "limit": limit}
        async with self.pool.connection() as conn:
            return [(r[0], r[1]) for r in await (await conn.execute(EARLIER, found)).fetchall()]
