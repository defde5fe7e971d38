"""PostgreSQL side of the turn gate: one row per customer with a turn in flight, naming the process holding it."""

import uuid
from datetime import datetime

from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.connection import PoolStore
from quipu.adapters.postgres.liveness import HOLDER_ALIVE, ProcessLiveness

# Taken when free, held past its time, or held by a process that died, in one statement: simultaneous turns
# queue on the row and one wins.
BEGIN = f"""
WITH taken AS (
    INSERT INTO ops.turns_in_flight AS t (customer_id, turn_id, started_at, hold_until, holder)
    VALUES (%(customer)s, %(turn)s, %(now)s, %(until)s, %(holder)s)
    ON CONFLICT (customer_id) DO UPDATE
        SET turn_id = EXCLUDED.turn_id, started_at = EXCLUDED.started_at, hold_until = EXCLUDED.hold_until,
            holder = EXCLUDED.holder
        WHERE t.hold_until <= %(now)s OR NOT {HOLDER_ALIVE.format(holder="t.holder")}
    RETURNING 1
)
SELECT EXISTS (SELECT FROM taken),
       (SELECT hold_until FROM ops.turns_in_flight WHERE customer_id = %(customer)s)
"""


class PgTurnsInFlight(PoolStore):
    def __init__(self, pool: AsyncConnectionPool, liveness: ProcessLiveness):
        super().__init__(pool)
        self.liveness = liveness

    async def begin(self, customer_id: str, turn_id: str, now: datetime, hold_until: datetime) -> datetime | None:
        params = {
            "customer": customer_id,
            "turn": uuid.UUID(turn_id),
            "now": now,
            "until": hold_until,
            "holder": self.liveness.key,
        }
        taken, held_until = await self.fetch_one(BEGIN, params)
        # the other turn's row may have been committed after this statement's snapshot: its time is then unknown
        return None if taken else (held_until or hold_until)

    async def end(self, customer_id: str, turn_id: str) -> None:
        async with self.pool.connection() as conn:
            await conn.execute(
                "DELETE FROM ops.turns_in_flight WHERE customer_id = %s AND turn_id = %s",
                (customer_id, uuid.UUID(turn_id)),
            )
