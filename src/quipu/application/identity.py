"""Use cases: customers and operators sign in and out; tokens become a principal on every request."""

import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from quipu.application.ports import AuthError, IdentityStore, TokenCodec
from quipu.domain.identity import CUSTOMER_AUDIENCE, OPERATOR_AUDIENCE, BackOff, client_subject, step_up_fresh

SIGN_IN_STATUSES = ("Active", "Inactive")
PURGE_EVERY = timedelta(minutes=5)
Verify = Callable[[str | None, str], Awaitable[bool]]


@dataclass(frozen=True)
class Limits:
    max_failures: int
    lockout: timedelta
    rate_per_minute: int
    step_up_window: timedelta

    @property
    def account_back_off(self) -> BackOff:
        return BackOff(self.max_failures, self.lockout)

    @property
    def client_back_off(self) -> BackOff:
        return BackOff(self.max_failures, self.lockout, growth=2)


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
    expires_at: datetime | None = None

    def stepped_up(self, now: datetime, window: timedelta) -> bool:
        return step_up_fresh(self.step_up_at, now, window)


@dataclass(frozen=True)
class OperatorPrincipal:
    operator_id: str
    username: str
    display_name: str
    role: str
    expires_at: datetime | None = None
    session_id: str | None = None


def unknown_subject(user: str) -> str:
    return "unknown:" + hashlib.sha256(user.strip().lower().encode()).hexdigest()


class RateLimiter:
    """Fixed one-minute buckets in PostgreSQL (shared by every API process); old buckets are purged."""

    def __init__(self, store: IdentityStore, clock: Callable[[], datetime]):
        self.store = store
        self.clock = clock
        self._purged: datetime | None = None

    async def admit(self, bucket: str, per_minute: int, refusal: str = "too_many_attempts") -> datetime:
        now = self.clock()
        if self._purged is None or now - self._purged >= PURGE_EVERY:
            self._purged = now
            await self.store.purge(now)
        if await self.store.count_hit(bucket, now.replace(second=0, microsecond=0)) > per_minute:
            raise AuthError(refusal)
        return now


class Identity:
    def __init__(
        self, store: IdentityStore, verify: Verify, tokens: TokenCodec, clock: Callable[[], datetime], limits: Limits
    ):
        self.store = store
        self.verify = verify
        self.tokens = tokens
        self.clock = clock
        self.limits = limits
        self.rate = RateLimiter(store, clock)

    async def sign_in_customer(self, user: str, password: str, client: str) -> Grant:
        now = await self.rate.admit(f"sign-in:{client}", self.limits.rate_per_minute)
        login = await self.store.customer_login(user)
        subject = login.customer_id if login else unknown_subject(user)
        usable = login is not None and login.status in SIGN_IN_STATUSES
        stored = login.password_hash if login is not None and usable else None
        await self._check_password(subject, client, stored, password, now)
        assert login is not None  # an unknown user never passes the password check
        expires = now + self.tokens.ttl
        session_id = await self.store.open_session(login.customer_id, now, expires)
        token, _ = self.tokens.issue(login.customer_id, CUSTOMER_AUDIENCE, now=now, session_id=session_id)
        return Grant(token, int(self.tokens.ttl.total_seconds()), login.customer_id)

    async def sign_in_operator(self, username: str, password: str, client: str) -> Grant:
        now = await self.rate.admit(f"sign-in:{client}", self.limits.rate_per_minute)
        login = await self.store.operator_login(username.strip().lower())
        subject = f"operator:{login.operator_id}" if login else unknown_subject(username)
        usable = login is not None and not login.disabled
        stored = login.password_hash if login is not None and usable else None
        await self._check_password(subject, client, stored, password, now)
        assert login is not None  # an unknown user never passes the password check
        session_id = await self.store.open_operator_session(login.operator_id, now, now + self.tokens.ttl)
        token, _ = self.tokens.issue(
            login.operator_id, OPERATOR_AUDIENCE, now=now, session_id=session_id, role=login.role
        )
        return Grant(token, int(self.tokens.ttl.total_seconds()), login.operator_id)

    async def customer(self, token: str) -> CustomerPrincipal:
        """The session behind a token, re-read on every request: revoked, expired or closed stops it."""
        claims = self.tokens.read(token, CUSTOMER_AUDIENCE)
        session = await self.store.session(claims.session_id) if claims.session_id else None
        if session is None or session.customer_id != claims.subject or session.revoked:
            raise AuthError("invalid_token")
        if session.expires_at <= self.clock():
            raise AuthError("token_expired")
        if session.customer_status not in SIGN_IN_STATUSES:
            raise AuthError("account_unavailable")
        return CustomerPrincipal(session.customer_id, session.session_id, session.step_up_at, session.expires_at)

    async def operator(self, token: str) -> OperatorPrincipal:
        """The operator's session behind a token, re-read on every request: signed out, expired or disabled stops it."""
        claims = self.tokens.read(token, OPERATOR_AUDIENCE)
        session = await self.store.operator_session(claims.session_id) if claims.session_id else None
        if session is None or session.login.operator_id != claims.subject or session.revoked:
            raise AuthError("invalid_token")
        if session.expires_at <= self.clock():
            raise AuthError("token_expired")
        found = session.login
        if found.disabled:
            raise AuthError("invalid_token")
        return OperatorPrincipal(
            found.operator_id, found.username, found.display_name, found.role, claims.expires_at, claims.session_id
        )

    async def sign_out_operator(self, who: OperatorPrincipal) -> None:
        if who.session_id:
            await self.store.revoke_operator_session(who.session_id, self.clock())

    async def sign_out(self, who: CustomerPrincipal) -> None:
        await self.store.revoke_session(who.session_id, self.clock())

    async def _check_password(
        self, subject: str, client: str, stored_hash: str | None, password: str, now: datetime
    ) -> None:
        """Two guards: the account's (any client; fixed lock) and this client's on it (its lock doubles).

        The attempt is reserved on both before the password is verified, so simultaneous guesses get no more
        verifications than the lock allows (24 at once were once all verified, and the right one cleared it).
        """
        mine = client_subject(subject, client)
        guards = ((subject, self.limits.account_back_off), (mine, self.limits.client_back_off))
        if not await self.store.reserve_attempt(guards, now):
            raise AuthError("account_locked")
        if await self.verify(stored_hash, password):
            for guarded, _ in guards:
                await self.store.settle_success(guarded, now)
            return
        states = [await self.store.settle_failure(guarded, now, back_off) for guarded, back_off in guards]
        raise AuthError("account_locked" if any(s.locked(now) for s in states) else "invalid_credentials")
