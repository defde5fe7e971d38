"""PostgreSQL side of sign-in: credentials, guards counted atomically, rate buckets, sessions."""

import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta

from quipu.adapters.postgres.connection import PoolStore, one_row
from quipu.application.ports import CustomerLogin, OperatorLogin, OperatorSession, SessionRecord
from quipu.domain.identity import BackOff, GuardState

RATE_KEEP = timedelta(minutes=10)
GUARD_KEEP = timedelta(days=2)
OPERATOR_COLUMNS = "operator_id::text, username, display_name, role, password_hash, disabled_at IS NOT NULL"
LOGIN = (
    "SELECT c.customer_id, cr.password_hash, c.customer_status FROM core.customers c "
    "LEFT JOIN ops.customer_credentials cr USING (customer_id) WHERE "
)

# One statement per failure: the row lock makes concurrent failures queue, and each sees the one before it.
# A failure after an expired lock starts the count over; the failure that reaches max_failures locks for
# lockout * growth ** (earlier locks), at most cap.
_EXPIRED = "(g.locked_until IS NOT NULL AND g.locked_until <= %(now)s)"
_FAILURES = f"(CASE WHEN {_EXPIRED} THEN 1 ELSE g.failures + 1 END)"
_LOCKS_NOW = f"({_FAILURES} >= %(max)s AND (g.locked_until IS NULL OR {_EXPIRED}))"
COUNT_FAILURE = f"""
INSERT INTO ops.login_guards AS g (subject, failures, locked_until, locks, updated_at)
VALUES (%(subject)s, 1, CASE WHEN 1 >= %(max)s THEN %(now)s + %(base)s END, CASE WHEN 1 >= %(max)s THEN 1 ELSE 0 END,
        %(now)s)
ON CONFLICT (subject) DO UPDATE SET
    failures = {_FAILURES},
    in_flight = greatest(g.in_flight - 1, 0),
    locked_until = CASE WHEN {_LOCKS_NOW}
        THEN %(now)s + least(%(base)s * power(%(growth)s::float8, least(g.locks, 30)::float8), %(cap)s)
        WHEN {_EXPIRED} THEN NULL ELSE g.locked_until END,
    locks = g.locks + CASE WHEN {_LOCKS_NOW} THEN 1 ELSE 0 END,
    updated_at = %(now)s
RETURNING failures, locked_until, locks
"""

# An attempt is reserved before its password is verified, on a guard that is not locked and whose failures
# plus attempts already in flight stay under the limit (at least one attempt when failures already reach a
# limit lowered since, and that failure locks): a burst of simultaneous guesses is refused past it
# instead of being verified. A reservation nobody settled for a minute (a crashed process) stops counting.
_IN_FLIGHT = "(CASE WHEN g.updated_at < %(now)s - interval '1 minute' THEN 0 ELSE g.in_flight END)"
_STANDING = f"(CASE WHEN {_EXPIRED} THEN 0 ELSE g.failures END)"
RESERVE = f"""
INSERT INTO ops.login_guards AS g (subject, failures, locked_until, locks, in_flight, updated_at)
VALUES (%(subject)s, 0, NULL, 0, 1, %(now)s)
ON CONFLICT (subject) DO UPDATE SET
    failures = {_STANDING},
    locked_until = CASE WHEN {_EXPIRED} THEN NULL ELSE g.locked_until END,
    in_flight = {_IN_FLIGHT} + 1,
    updated_at = %(now)s
WHERE (g.locked_until IS NULL OR g.locked_until <= %(now)s) AND {_IN_FLIGHT} < greatest(%(max)s - {_STANDING}, 1)
RETURNING 1
"""
# The right password gives its reservation back; it clears the failures and the back-off only when the guard
# is not locked (a lock set meanwhile stays whole).
SETTLE_SUCCESS = """
UPDATE ops.login_guards AS g SET
    in_flight = greatest(g.in_flight - 1, 0),
    failures = CASE WHEN g.locked_until > %(now)s THEN g.failures ELSE 0 END,
    locks = CASE WHEN g.locked_until > %(now)s THEN g.locks ELSE 0 END,
    locked_until = CASE WHEN g.locked_until > %(now)s THEN g.locked_until END,
    updated_at = %(now)s
WHERE subject = %(subject)s
"""


class _Refused(Exception):
    """A guard refused the reservation: the transaction rolls back the guards already reserved."""


class PgIdentityStore(PoolStore):
    async def customer_login(self, user: str) -> CustomerLogin | None:
        async with self.pool.connection() as conn:
            rows = await (await conn.execute(LOGIN + "c.customer_id = upper(%s)", (user.strip(),))).fetchall()
            if not rows:
                rows = await (
                    await conn.execute(LOGIN + "lower(c.email) = lower(%s) LIMIT 2", (user.strip(),))
                ).fetchall()
        # An e-mail two customers share names nobody: it signs in like an unknown user.
        return CustomerLogin(*rows[0]) if len(rows) == 1 else None

    async def operator_login(self, username: str) -> OperatorLogin | None:
        return await self._operator("username = %s", username)

    async def operator_by_id(self, operator_id: str) -> OperatorLogin | None:
        try:
            uuid.UUID(operator_id)
        except ValueError:
            return None
        return await self._operator("operator_id = %s::uuid", operator_id)

    async def _operator(self, where: str, value: str) -> OperatorLogin | None:
        row = await self.fetch_one(f"SELECT {OPERATOR_COLUMNS} FROM ops.operators WHERE {where}", (value,))
        return OperatorLogin(*row) if row else None

    async def reserve_attempt(self, guards: Sequence[tuple[str, BackOff]], now: datetime) -> bool:
        async with self.pool.connection() as conn:
            try:
                async with conn.transaction():  # every guard or none: a refused one gives the others back
                    for subject, back_off in guards:
                        params = {"subject": subject, "now": now, "max": back_off.max_failures}
                        if await (await conn.execute(RESERVE, params)).fetchone() is None:
                            raise _Refused
            except _Refused:
                return False
        return True

    async def settle_success(self, subject: str, now: datetime) -> None:
        async with self.pool.connection() as conn:
            await conn.execute(SETTLE_SUCCESS, {"subject": subject, "now": now})

    async def settle_failure(self, subject: str, now: datetime, back_off: BackOff) -> GuardState:
        params = {
            "subject": subject,
            "now": now,
            "max": back_off.max_failures,
            "base": back_off.lockout,
            "growth": back_off.growth,
            "cap": max(back_off.cap, back_off.lockout),
        }
        row = await self.fetch_one(COUNT_FAILURE, params)
        return GuardState(*one_row(row))

    async def count_hit(self, bucket: str, window_start: datetime) -> int:
        row = await self.fetch_one(
            "INSERT INTO ops.rate_limits (bucket, window_start, hits) VALUES (%s, %s, 1) "
            "ON CONFLICT (bucket, window_start) DO UPDATE SET hits = ops.rate_limits.hits + 1 RETURNING hits",
            (bucket, window_start),
        )
        return one_row(row)[0]

    async def purge(self, now: datetime) -> None:
        async with self.pool.connection() as conn:
            await conn.execute("DELETE FROM ops.rate_limits WHERE window_start < %s", (now - RATE_KEEP,))
            await conn.execute(
                "DELETE FROM ops.login_guards WHERE updated_at < %s AND (locked_until IS NULL OR locked_until < %s)",
                (now - GUARD_KEEP, now),
            )

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
        row = await self.fetch_one(
            "SELECT s.session_id::text, s.customer_id, s.expires_at, s.step_up_at, s.revoked_at IS NOT NULL, "
            "c.customer_status FROM ops.sessions s LEFT JOIN core.customers c USING (customer_id) "
            "WHERE s.session_id = %s",
            (sid,),
        )
        return SessionRecord(*row) if row else None

    async def revoke_session(self, session_id: str, now: datetime) -> None:
        async with self.pool.connection() as conn:
            await conn.execute(
                "UPDATE ops.sessions SET revoked_at = coalesce(revoked_at, %s) WHERE session_id = %s",
                (now, uuid.UUID(session_id)),
            )

    async def open_operator_session(self, operator_id: str, issued_at: datetime, expires_at: datetime) -> str:
        session_id = uuid.uuid4()
        async with self.pool.connection() as conn:
            await conn.execute(
                "INSERT INTO ops.operator_sessions (session_id, operator_id, issued_at, expires_at) "
                "VALUES (%s, %s::uuid, %s, %s)",
                (session_id, operator_id, issued_at, expires_at),
            )
        return str(session_id)

    async def operator_session(self, session_id: str) -> OperatorSession | None:
        try:
            sid = uuid.UUID(session_id)
        except ValueError:
            return None
        prefixed = ", ".join(f"o.{column.strip()}" for column in OPERATOR_COLUMNS.split(", "))
        row = await self.fetch_one(
            f"SELECT {prefixed}, s.expires_at, s.revoked_at IS NOT NULL FROM ops.operator_sessions s "
            "JOIN ops.operators o USING (operator_id) WHERE s.session_id = %s",
            (sid,),
        )
        return OperatorSession(OperatorLogin(*row[:6]), row[6], row[7]) if row else None

    async def revoke_operator_session(self, session_id: str, now: datetime) -> None:
        async with self.pool.connection() as conn:
            await conn.execute(
                "UPDATE ops.operator_sessions SET revoked_at = coalesce(revoked_at, %s) WHERE session_id = %s",
                (now, uuid.UUID(session_id)),
            )
