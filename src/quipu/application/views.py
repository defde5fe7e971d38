"""Read views: what the pages and the console show, read straight from storage (no use case in between,
nothing written). Adapters implement `Views`; routes call it through the container."""

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, Protocol

from quipu.domain.locale import Locale, locale_of


@dataclass(frozen=True)
class Greeting:
    """Who a signed-in customer is, for the page header, and the locale every page writes their figures in."""

    first_name: str | None
    language: str
    country: str | None = None

    @property
    def locale(self) -> Locale:
        return locale_of(self.country, self.language)


@dataclass(frozen=True)
class Movement:
    date: datetime
    kind: str | None
    merchant: str | None
    amount: Decimal
    currency: str
    status: str | None


@dataclass(frozen=True)
class Product:
    """One product on Mis productos, its status as the customer sees it (a card blocked here shows blocked)."""

    product_id: str
    product_type: str
    last4: str | None
    currency: str | None
    balance: Decimal | None
    status: str | None
    movements: list[Movement] = field(default_factory=list)


@dataclass(frozen=True)
class OperatorAccount:
    operator_id: str
    username: str
    display_name: str
    role: str


@dataclass(frozen=True)
class SentMessage:
    """What the bank sent the customer (simulated mail is stored, not sent)."""

    message_id: int
    channel: str
    destination: str
    template: str
    language: str
    subject: str
    body: str
    mode: str
    status: str
    created_at: datetime
    sent_at: datetime | None


@dataclass(frozen=True)
class ConversationSummary:
    thread_id: str
    title: str | None
    language: str
    status: str
    skill: str | None
    outcome: str | None
    started_at: datetime
    last_message_at: datetime


@dataclass(frozen=True)
class Message:
    message_id: int
    role: str
    content: str
    skill: str | None
    created_at: datetime


@dataclass(frozen=True)
class Conversation(ConversationSummary):
    """One conversation with its messages, the action batches proposed in it and its transfers (as stored)."""

    messages: list[Message] = field(default_factory=list)
    batches: list[tuple[str, datetime]] = field(default_factory=list)  # (batch id, proposed at)
    transfers: list[dict[str, Any]] = field(default_factory=list)


class Views(Protocol):
    async def greeting(self, customer_id: str) -> Greeting: ...
    async def products(self, customer_id: str, per_product: int = 3) -> list[Product]:
        """Each of the customer's products with its last movements; always filtered by the customer."""

    async def movements(self, customer_id: str, product_id: str, limit: int) -> list[Movement] | None:
        """All the movements of one of the customer's products, newest first; None for a product not theirs."""

    async def operators(self) -> list[OperatorAccount]:
        """Every active operator account, by username."""

    async def sent(self, customer_id: str, limit: int) -> list[SentMessage]:
        """The customer's messages from the bank, newest first."""

    async def conversations(self, customer_id: str, limit: int) -> list[ConversationSummary]:
        """The customer's visible conversations, most recent first."""

    async def conversation(self, customer_id: str, thread_id: str) -> Conversation | None:
        """One of the customer's conversations; None for a thread that is not theirs."""
