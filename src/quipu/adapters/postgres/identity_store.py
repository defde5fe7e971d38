"""PostgreSQL side of sign-in and step-up: credentials, guards, rate buckets, sessions, codes."""

import uuid
from datetime import datetime, timedelta

from psycopg_pool import AsyncConnectionPool

from quipu.application.ports import Contact, CustomerLogin, OperatorLogin, SessionRecord, StepUpCode
from quipu.domain.identity import GuardState

RATE_KEEP = timedelta(minutes=10)
OPERATOR_COLUMNS = "operator_id::text, username, display_name, role, password_hash, disabled_at IS NOT NULL"


class PgIdentityStore:
    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def customer_login(self, user: str) -> CustomerLogin | None:
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute(
                    "SELECT c.customer_id, cr.password_hash, c.customer_status FROM core.customers c "
                    "LEFT JOIN ops.customer_credentials cr USING (customer_id) "
                    "WHERE c.customer_id = upper(%(u)s) OR lower(c.email) = lower(%(u)s) LIMIT 1",
                    {"u": user.strip()},
                )
            ).fetchone()
        return CustomerLogin(*row) if row else None

    async def operator_login(self, username: str) -> OperatorLogin | None:
        return await self._operator("username = %s", username)

    async def operator_by_id(self, operator_id: str) -> OperatorLogin | None:
        try:
            uuid.UUID(operator_id)
        except ValueError:
            return None
        return await self._operator("operator_id = %s::uuid", operator_id)

    async def _operator(self, where: str, value: str) -> OperatorLogin | None:
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute(f"SELECT {OPERATOR_COLUMNS} FROM ops.operators WHERE {where}", (value,))
            ).fetchone()
        return OperatorLogin(*row) if row else None

    async def guard(self, subject: str) -> GuardState:
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute("SELECT failures, locked_until FROM ops.login_guards WHERE subject = %s", (subject,))
            ).fetchone()
        return GuardState(*row) if row else GuardState()

    async def save_guard(self, subject: str, state: GuardState) -> None:
        async with self.pool.connection() as conn:
            await conn.execute(
                "INSERT INTO ops.login_guards (subject, failures, locked_until) VALUES (%s, %s, %s) "
                "ON CONFLICT (subject) DO UPDATE SET failures = EXCLUDED.failures, "
                "locked_until = EXCLUDED.locked_until, updated_at = now()",
                (subject, state.failures, state.locked_until),
            )

    async def count_hit(self, bucket: str, window_start: datetime) -> int:
        async with self.pool.connection() as conn:
            await conn.execute(
                "DELETE FROM ops.rate_limits WHERE bucket = %s AND window_start < %s",
                (bucket, window_start - RATE_KEEP),
            )
            row = await (
                await conn.execute(
                    "INSERT INTO ops.rate_limits (bucket, window_start, hits) VALUES (%s, %s, 1) "
                    "ON CONFLICT (bucket, window_start) DO UPDATE SET hits = ops.rate_limits.hits + 1 RETURNING hits",
                    (bucket, window_start),
                )
            ).fetchone()
        return row[0]

    async def open_session(self, customer_id: str, issued_at: datetime, expires_at: datetime) -> str:
        session_id = uuid.uuid4()
        async with self.pool.connection() as conn:
            await conn.execute(
                "INSERT INTO ops.sessions (session_id, customer_id, issued_at, expires_at) VALUES (%s, %s, %s, %s)",
                (session_id, customer_id, issued_at, expires_at),
            )
        return str(session_id)

    async def session(self, session_id: str) -> SessionRecord | None:
        try:
            sid = uuid.UUID(session_id)
        except ValueError:
            return None
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute(
                    "SELECT session_id::text, customer_id, expires_at, step_up_at, revoked_at IS NOT NULL "
                    "FROM ops.sessions WHERE session_id = %s",
                    (sid,),
                )
            ).fetchone()
        return SessionRecord(*row) if row else None


class PgStepUpStore:
    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def contact(self, customer_id: str) -> Contact:
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute(
                    "SELECT customer_id, email, preferred_language FROM core.customers WHERE customer_id = %s",
                    (customer_id,),
                )
            ).fetchone()
        return Contact(*row) if row else Contact(customer_id, None, "es")

    async def replace_code(
        self, session_id: str, customer_id: str, code_hash: str, tries: int, expires_at: datetime
    ) -> str:
        code_id = uuid.uuid4()
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute(
                "UPDATE ops.step_up_codes SET tries_left = 0 WHERE session_id = %s AND used_at IS NULL", (session_id,)
            )
            await conn.execute(
                "INSERT INTO ops.step_up_codes (code_id, session_id, customer_id, code_hash, tries_left, expires_at) "
                "VALUES (%s, %s, %s, %s, %s, %s)",
                (code_id, session_id, customer_id, code_hash, tries, expires_at),
            )
        return str(code_id)

    async def latest_code(self, session_id: str) -> StepUpCode | None:
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute(
                    "SELECT code_id::text, code_hash, tries_left, expires_at, used_at IS NOT NULL "
                    "FROM ops.step_up_codes WHERE session_id = %s ORDER BY created_at DESC LIMIT 1",
                    (session_id,),
                )
            ).fetchone()
        return StepUpCode(*row) if row else None

    async def spend_try(self, code_id: str) -> int:
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute(
                    "UPDATE ops.step_up_codes SET tries_left = greatest(tries_left - 1, 0) WHERE code_id = %s "
                    "RETURNING tries_left",
                    (code_id,),
                )
            ).fetchone()
        return row[0] if row else 0

    async def use_code(self, code_id: str, session_id: str, now: datetime) -> bool:
        async with self.pool.connection() as conn, conn.transaction():
            claimed = await (
                await conn.execute(
                    "UPDATE ops.step_up_codes SET used_at = %s WHERE code_id = %s AND used_at IS NULL "
                    "AND tries_left > 0 AND expires_at > %s RETURNING 1",
                    (now, code_id, now),
                )
            ).fetchone()
            if claimed:
                await conn.execute("UPDATE ops.sessions SET step_up_at = %s WHERE session_id = %s", (now, session_id))
        return claimed is not None
