"""What the use cases need from the outside world; adapters implement these."""

import asyncio
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager, AbstractContextManager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any, Protocol

from quipu.application.caller import Caller
from quipu.application.results import Result
from quipu.domain.accounts import Product
from quipu.domain.evidence import Charge
from quipu.domain.identity import BackOff, GuardState
from quipu.domain.investigation_facts import InvestigationFacts, PickedCharges
from quipu.domain.mail import OutgoingMail
from quipu.domain.spending import Purchase
from quipu.domain.statement import StatementLine


class AuthError(Exception):
    """A sign-in or token failure, named by its error code."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Claims:
    subject: str
    audience: str
    session_id: str | None
    role: str | None
    expires_at: datetime


class TokenCodec(Protocol):
    ttl: timedelta

    def issue(
        self, subject: str, audience: str, *, now: datetime, session_id: str | None = None, role: str | None = None
    ) -> tuple[str, datetime]: ...

    def read(self, token: str, audience: str) -> Claims:
        """The verified claims; raises AuthError(token_expired | invalid_token)."""


@dataclass(frozen=True)
class CustomerLogin:
    customer_id: str
    password_hash: str | None
    status: str | None


@dataclass(frozen=True)
class OperatorLogin:
    operator_id: str
    username: str
    display_name: str
    role: str
    password_hash: str
    disabled: bool


@dataclass(frozen=True)
class OperatorSession:
    login: OperatorLogin
    expires_at: datetime
    revoked: bool


@dataclass(frozen=True)
class SessionRecord:
    session_id: str
    customer_id: str
    expires_at: datetime
    step_up_at: datetime | None
    revoked: bool
    customer_status: str | None = None


@dataclass(frozen=True)
class Contact:
    customer_id: str
    email: str | None
    language: str


class IdentityStore(Protocol):
    async def customer_login(self, user: str) -> CustomerLogin | None:
        """By customer id, or by an e-mail only one customer has (a shared e-mail signs nobody in)."""

    async def operator_login(self, username: str) -> OperatorLogin | None: ...
    async def operator_by_id(self, operator_id: str) -> OperatorLogin | None: ...
    async def reserve_attempt(self, guards: Sequence[tuple[str, BackOff]], now: datetime) -> bool:
        """Before any password is verified, one attempt in flight on every guard, all or none, atomically: False
        when a guard is locked or its failures and attempts in flight already reach its limit."""

    async def settle_success(self, subject: str, now: datetime) -> None:
        """Give the attempt back; clear failures and back-off unless the guard is locked."""

    async def settle_failure(self, subject: str, now: datetime, back_off: BackOff) -> GuardState:
        """The attempt becomes a failure, counted atomically (concurrent failures all count); may lock."""

    async def count_hit(self, bucket: str, window_start: datetime) -> int: ...
    async def purge(self, now: datetime) -> None:
        """Forget rate buckets and unlocked sign-in guards nobody touched for a long while."""

    async def open_session(self, customer_id: str, issued_at: datetime, expires_at: datetime) -> str: ...
    async def session(self, session_id: str) -> SessionRecord | None: ...
    async def revoke_session(self, session_id: str, now: datetime) -> None: ...
    async def open_operator_session(self, operator_id: str, issued_at: datetime, expires_at: datetime) -> str: ...
    async def operator_session(self, session_id: str) -> OperatorSession | None: ...
    async def revoke_operator_session(self, session_id: str, now: datetime) -> None: ...


class StepUpStore(Protocol):
    async def contact(self, customer_id: str) -> Contact: ...
    async def issue_code(
        self, session_id: str, customer_id: str, code_hash: str, expires_at: datetime, now: datetime
    ) -> str | None:
        """Store a new code (older ones of the session stop working); or the error code of the budget refusing it."""

    async def try_code(self, session_id: str, customer_id: str, code_hash: str, now: datetime) -> str:
        """Spend one try of the session's code before comparing: verified, or an error code."""


class Outbox(Protocol):
    async def deliver(self, mail: OutgoingMail, *, secret_body: str | None = None) -> int | None:
        """Store body; secret_body, when given, is what is sent, and it is never stored. The message's id; None
        when the action already has its message."""


@dataclass(frozen=True)
class ModelCall:
    """One model call: its parsed JSON and what it cost."""

    data: dict[str, Any]
    provider: str
    model: str
    tokens_in: int = 0
    tokens_out: int = 0
    seconds: float = 0.0


class LanguageModel(Protocol):
    @property
    def provider(self) -> str: ...
    @property
    def model(self) -> str: ...

    async def complete(
        self, *, purpose: str, system: str, messages: list[dict[str, Any]], schema: dict[str, Any]
    ) -> ModelCall:
        """JSON matching schema (constrained decoding or JSON-schema output); purpose is router or skill."""


class ModelBusy(RuntimeError):
    """The model cannot take this call in time (its queue is full, or the turn's deadline passed): the turn is
    not answered and nothing of it is stored; the customer is told to send it again."""

    def __init__(self, reason: str, retry_after: int = 5):
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after


class BankRecords(Protocol):
    """The bank's own records (core), read-only: what balances, finances, data lookup and the investigation read."""

    async def customer(self, customer_id: str) -> dict[str, Any] | None: ...
    async def products(self, customer_id: str, product_types: tuple[str, ...] | None = None) -> list[Product]: ...
    async def debts(self, customer_id: str, product_types: tuple[str, ...]) -> list[dict[str, Any]]: ...
    async def product_counts(self, customer_id: str) -> list[tuple[str, int, int]]: ...
    async def candidate_charges(
        self,
        customer_id: str,
        *,
        since: datetime | None,
        merchant: str | None,
        min_amount: Decimal | None,
        max_amount: Decimal | None,
        limit: int,
    ) -> list[Charge]: ...
    async def investigation_facts(self, customer_id: str, picked: PickedCharges) -> InvestigationFacts: ...
    async def home_country(self, customer_id: str) -> str | None: ...
    async def charge(self, customer_id: str, transaction_id: str) -> Charge | None: ...
    async def purchases(
        self, customer_id: str, since: datetime, statuses: tuple[str, ...] = ("Approved",)
    ) -> list[Purchase]: ...
    async def movements(
        self, customer_id: str, filters: dict[str, Any], order: str, limit: int
    ) -> list[dict[str, Any]]: ...
    async def complaints(self, customer_id: str) -> list[dict[str, Any]]: ...
    async def exchange_rate(self, source: str, target: str, on: date) -> dict[str, Any] | None: ...
    async def purchases_between(self, customer_id: str, start: date, end: date) -> list[Purchase]: ...


class Conversations(Protocol):
    """The conversations and their messages (ops)."""

    async def ensure(self, customer_id: str, thread_id: str, *, language: str = "es", channel: str = "web") -> str: ...
    async def status(self, customer_id: str, thread_id: str) -> str | None: ...
    async def language(self, customer_id: str, thread_id: str) -> str | None: ...  # the thread's latest, or None

    async def last_message(self, customer_id: str, thread_id: str) -> tuple[str, str] | None:
        """(role, content) of the conversation's newest message."""

    async def append(
        self,
        customer_id: str,
        thread_id: str,
        role: str,
        content: str,
        *,
        skill: str | None = None,
        operator_id: str | None = None,
    ) -> int: ...
    async def record(
        self,
        customer_id: str,
        thread_id: str,
        *,
        skill: str | None,
        outcome: str | None,
        title: str | None,
        status: str | None,
    ) -> None: ...


class Customers(Protocol):
    """What a turn needs to know about the customer: language, names (kept out of replies) and country."""

    async def language_and_names(self, customer_id: str) -> tuple[str, tuple[str, ...]]: ...
    async def country(self, customer_id: str) -> str | None: ...


class StatementReader(Protocol):
    """Reads a statement photo into candidate charges (OCR, or a hosted model)."""

    async def read(self, image: bytes) -> list[StatementLine]: ...


@dataclass(frozen=True)
class Transcript:
    text: str
    language: str
    seconds: float


class Transcriber(Protocol):
    def available(self) -> bool: ...
    async def transcribe(self, audio: bytes, language: str) -> Transcript:
        """The words heard (language is a hint); raises on silence or audio it cannot decode."""


class Synthesizer(Protocol):
    def available(self) -> bool: ...
    async def synthesize(self, text: str, language: str) -> bytes:
        """A WAV of the text read aloud."""


class LiveEvents(Protocol):
    def subscribe(self) -> AbstractAsyncContextManager[asyncio.Queue[str]]:
        """A queue of ids of conversations that changed, while the subscription lasts."""


class RateLimit(Protocol):
    async def check(self, customer_id: str) -> None:
        """Returns while the customer is within their share; raises once they are over it."""


class TraceSpan(Protocol):
    def set(self, **attributes: object) -> None: ...


class Tracing(Protocol):
    def span(self, name: str, **attributes: object) -> AbstractContextManager[TraceSpan]: ...


class SkillToolsPort(Protocol):
    """The skills' tools as the agent calls them in process, opened per turn (`async with port() as tools`).
    `session` is who the call is for, as the composition root built it; no tool takes a customer argument."""

    async def __aenter__(self) -> "SkillToolsPort": ...

    async def __aexit__(self, *exc: object) -> bool | None: ...

    async def list_tools(self) -> list[Any]: ...

    async def call_tool(self, name: str, arguments: dict[str, Any], caller: Caller) -> Result:
        """The tool's typed result; a failed lookup (`LookupFailed`) or a refusal (`ToolRefused`) in its place."""
        ...
