"""PostgreSQL side of step-up: codes issued within budget, tries spent atomically before any comparison."""

import hmac
import uuid
from datetime import datetime

from psycopg import AsyncConnection

from quipu.adapters.postgres.connection import PoolStore, one_row
from quipu.application.ports import Contact
from quipu.domain.step_up import CODE_TRIES, CODE_WINDOW, FAILURE_WINDOW, Budget, lock_of, refusal_to_send

# Every step-up write of a customer holds this lock, so budgets are read and spent by one request at a time.
LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('quipu.step_up:' || %s, 0))"
BUDGET = """
WITH since AS (
    SELECT coalesce((SELECT reset_at FROM ops.step_up_resets WHERE customer_id = %(customer)s), '-infinity') AS reset_at
)
SELECT
    count(*) FILTER (WHERE session_id = %(session)s AND created_at > %(codes_since)s),
    count(*) FILTER (WHERE created_at > %(codes_since)s),
    coalesce(sum(failures) FILTER (WHERE session_id = %(session)s), 0),
    coalesce(sum(failures), 0)
FROM ops.step_up_codes, since
WHERE customer_id = %(customer)s AND created_at > greatest(%(failures_since)s, since.reset_at)
"""
# The try is spent (and counted as a failure) before the code is compared; a match gives the failure back.
# A session has at most one live code: issuing one burns the others under the same lock.
SPEND_TRY = """
UPDATE ops.step_up_codes SET tries_left = tries_left - 1, failures = failures + 1
WHERE session_id = %(session)s AND used_at IS NULL AND tries_left > 0 AND expires_at > %(now)s
RETURNING code_id, code_hash
"""


class PgStepUpStore(PoolStore):
    async def contact(self, customer_id: str) -> Contact:
        row = await self.fetch_one(
            "SELECT customer_id, email, preferred_language FROM core.customers WHERE customer_id = %s",
            (customer_id,),
        )
        return Contact(*row) if row else Contact(customer_id, None, "es")

    async def issue_code(
        self, session_id: str, customer_id: str, code_hash: str, expires_at: datetime, now: datetime
    ) -> str | None:
        async with self.pool.connection() as conn, conn.transaction():
            refused = refusal_to_send(await _budget(conn, session_id, customer_id, now))
            if refused:
                return refused
            await conn.execute(
                "UPDATE ops.step_up_codes SET tries_left = 0 WHERE session_id = %s AND used_at IS NULL", (session_id,)
            )
            await conn.execute(
                "INSERT INTO ops.step_up_codes "
                "(code_id, session_id, customer_id, code_hash, tries_left, created_at, expires_at) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (uuid.uuid4(), session_id, customer_id, code_hash, CODE_TRIES, now, expires_at),
            )
        return None

    async def try_code(self, session_id: str, customer_id: str, code_hash: str, now: datetime) -> str:
        async with self.pool.connection() as conn, conn.transaction():
            budget = await _budget(conn, session_id, customer_id, now)
            if locked := lock_of(budget):
                return locked
            spent = await (await conn.execute(SPEND_TRY, {"session": session_id, "now": now})).fetchone()
            if spent is None:
                return "step_up_code_invalid" if await _any_code(conn, session_id) else "step_up_not_requested"
            if not hmac.compare_digest(spent[1], code_hash):
                return "step_up_code_invalid"
            await conn.execute(
                "UPDATE ops.step_up_codes SET used_at = %s, failures = failures - 1 WHERE code_id = %s", (now, spent[0])
            )
            await conn.execute("UPDATE ops.sessions SET step_up_at = %s WHERE session_id = %s", (now, session_id))
        return "verified"


async def _budget(conn: AsyncConnection, session_id: str, customer_id: str, now: datetime) -> Budget:
    await conn.execute(LOCK, (customer_id,))
    params = {
        "session": session_id,
        "customer": customer_id,
        "codes_since": now - CODE_WINDOW,
        "failures_since": now - FAILURE_WINDOW,
    }
    row = await (await conn.execute(BUDGET, params)).fetchone()
    return Budget(*(int(n) for n in one_row(row)))


async def _any_code(conn: AsyncConnection, session_id: str) -> bool:
    found = await conn.execute("SELECT 1 FROM ops.step_up_codes WHERE session_id = %s LIMIT 1", (session_id,))
    return await found.fetchone() is not None
