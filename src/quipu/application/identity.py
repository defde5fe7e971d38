"""Use cases: customers and operators sign in; tokens become a principal on every request."""

import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from quipu.application.ports import AuthError, IdentityStore, TokenCodec
from quipu.domain.identity import CUSTOMER_AUDIENCE, OPERATOR_AUDIENCE, GuardState, after_failure, step_up_fresh

SIGN_IN_STATUSES = ("Active", "Inactive")
Verify = Callable[[str | None, str], Awaitable[bool]]


@dataclass(frozen=True)
class Limits:
    max_failures: int
    lockout: timedelta
    rate_per_minute: int
    step_up_window: timedelta


@dataclass(frozen=True)
class Grant:
    access_token: str
    expires_in: int
    subject: str


@dataclass(frozen=True)
class CustomerPrincipal:
    customer_id: str
    session_id: str
    step_up_at: datetime | None

    def stepped_up(self, now: datetime, window: timedelta) -> bool:
        return step_up_fresh(self.step_up_at, now, window)


@dataclass(frozen=True)
class OperatorPrincipal:
    operator_id: str
    username: str
    display_name: str
    role: str


def unknown_subject(user: str) -> str:
    return "unknown:" + hashlib.sha256(user.strip().lower().encode()).hexdigest()


class Identity:
    def __init__(
        self, store: IdentityStore, verify: Verify, tokens: TokenCodec, clock: Callable[[], datetime], limits: Limits
    ):
        self.store = store
        self.verify = verify
        self.tokens = tokens
        self.clock = clock
        self.limits = limits

    async def sign_in_customer(self, user: str, password: str, client: str) -> Grant:
        now = await self._admit(client)
        login = await self.store.customer_login(user)
        subject = login.customer_id if login else unknown_subject(user)
        usable = login is not None and login.status in SIGN_IN_STATUSES
        await self._check_password(subject, login.password_hash if usable else None, password, now)
        expires = now + self.tokens.ttl
        session_id = await self.store.open_session(login.customer_id, now, expires)
        token, _ = self.tokens.issue(login.customer_id, CUSTOMER_AUDIENCE, now=now, session_id=session_id)
        return Grant(token, int(self.tokens.ttl.total_seconds()), login.customer_id)

    async def sign_in_operator(self, username: str, password: str, client: str) -> Grant:
        now = await self._admit(client)
        login = await self.store.operator_login(username.strip().lower())
        subject = f"operator:{login.operator_id}" if login else unknown_subject(username)
        usable = login is not None and not login.disabled
        await self._check_password(subject, login.password_hash if usable else None, password, now)
        token, _ = self.tokens.issue(login.operator_id, OPERATOR_AUDIENCE, now=now, role=login.role)
        return Grant(token, int(self.tokens.ttl.total_seconds()), login.operator_id)

    async def customer(self, token: str) -> CustomerPrincipal:
        claims = self.tokens.read(token, CUSTOMER_AUDIENCE)
        session = await self.store.session(claims.session_id) if claims.session_id else None
        if session is None or session.customer_id != claims.subject or session.revoked:
            raise AuthError("invalid_token")
        if session.expires_at <= self.clock():
            raise AuthError("token_expired")
        return CustomerPrincipal(session.customer_id, session.session_id, session.step_up_at)

    async def operator(self, token: str) -> OperatorPrincipal:
        claims = self.tokens.read(token, OPERATOR_AUDIENCE)
        found = await self.store.operator_by_id(claims.subject)
        if found is None or found.disabled:
            raise AuthError("invalid_token")
        return OperatorPrincipal(found.operator_id, found.username, found.display_name, found.role)

    async def _admit(self, client: str) -> datetime:
        now = self.clock()
        window = now.replace(second=0, microsecond=0)
        if await self.store.count_hit(f"sign-in:{client}", window) > self.limits.rate_per_minute:
            raise AuthError("too_many_attempts")
        return now

    async def _check_password(self, subject: str, stored_hash: str | None, password: str, now: datetime) -> None:
        guard = await self.store.guard(subject)
        if guard.locked(now):
            raise AuthError("account_locked")
        if await self.verify(stored_hash, password):
            await self.store.save_guard(subject, GuardState())
            return
        failed = after_failure(guard, now, max_failures=self.limits.max_failures, lockout=self.limits.lockout)
        await self.store.save_guard(subject, failed)
        raise AuthError("account_locked" if failed.locked(now) else "invalid_credentials")
