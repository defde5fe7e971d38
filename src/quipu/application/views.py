"""Read views: what the pages and the console show, read straight from storage (no use case in between,
nothing written). Adapters implement `Views`; routes call it through the container."""

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Protocol


@dataclass(frozen=True)
class Greeting:
    """Who a signed-in customer is, for the page header."""

    first_name: str | None
    language: str


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


class Views(Protocol):
    async def greeting(self, customer_id: str) -> Greeting: ...
    async def products(self, customer_id: str, per_product: int = 3) -> list[Product]:
        """Each of the customer's products with its last movements; always filtered by the customer."""

    async def operators(self) -> list[OperatorAccount]:
        """Every active operator account, by username."""
