"""What the transfers use case needs from storage: reads for a proposal, and a unit of work for the confirm,
whose reads lock what they return and whose writes land together on `commit()` or not at all."""

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, Protocol

from quipu.application.transfer_results import Settled
from quipu.application.unit_of_work import UnitOfWork
from quipu.domain.mail import OutgoingMail
from quipu.domain.transfers import Account, Bill, Blocked


class UnknownTransfer(Exception):
    """No such proposal for this customer: the same answer whether it exists for someone else or not."""


@dataclass(frozen=True)
class StoredTransfer:
    """One row of the proposals a customer confirms or cancels, as stored."""

    transfer_id: str
    customer_id: str
    conversation_id: str | None
    kind: str
    origin_product_id: str
    destination_product_id: str  # a product, or the bill of a `pay_service`
    amount: Decimal
    currency: str
    summary: dict[str, Any]
    language: str
    status: str
    expires_at: datetime
    status_reason: str | None = None
    origin_balance_after: Decimal | None = None
    receipt: dict[str, Any] = field(default_factory=dict)

    def outcome(self) -> Settled:
        """What the customer's confirm returns; the same stored receipt however often it is asked."""
        executed = self.status == "executed"
        return Settled.model_validate(
            {
                "transfer_id": self.transfer_id,
                "status": self.status,
                "kind": self.kind,
                "amount": self.amount,
                "currency": self.currency,
                "language": self.language,
                "receipt": self.receipt if executed else None,  # {reference, executed_at, subject, text}
                "new_balance": self.origin_balance_after if executed else None,
                "reason": self.status_reason,
                "response_code": Blocked(self.status_reason).response_code
                if self.status == "blocked" and self.status_reason
                else None,
            }
        )


@dataclass(frozen=True)
class Proposal:
    """What `propose` stores: the accounts code resolved and the card the customer saw."""

    customer_id: str
    conversation_id: str | None
    kind: str
    origin: str
    destination: str
    destination_customer: str | None
    amount: Decimal
    currency: str
    amount_usd: Decimal | None
    summary: dict[str, Any]
    language: str
    expires_at: datetime


class TransferUnitOfWork(UnitOfWork, Protocol):
    """The confirm's transaction: every read locks what it returns."""

    async def lock_customer(self, customer_id: str) -> None:
        """Serialises every confirm of one customer until the transaction ends."""

    async def proposal(self, customer_id: str, transfer_id: str) -> StoredTransfer:
        """The customer's proposal, locked; raises UnknownTransfer."""

    async def accounts(self, product_ids: list[str]) -> dict[str, Account]:
        """The products, locked in a fixed order (two confirms never wait on each other in a circle)."""

    async def bill(self, bill_id: str) -> Bill | None:
        """The bill, locked."""

    async def usd_rate(self, currency: str) -> Decimal | None: ...
    async def sent_today_usd(self, customer_id: str, now: datetime) -> Decimal: ...
    async def note_usd(self, transfer_id: str, amount_usd: Decimal) -> None: ...
    async def add(self, product_id: str, delta: Decimal) -> Decimal:
        """Adds delta to the balance; the balance after."""

    async def movement(
        self,
        t: StoredTransfer,
        side: str,
        product: Account,
        kind: str,
        merchant: str | None,
        category: str | None,
        at: datetime,
    ) -> None:
        """One posted movement of this transfer (`side` O or D), keyed by the transfer so it exists once; `at` is
        the customer's wall-clock time of the confirm, as the records keep every movement's time."""

    async def mark_paid(self, bill_id: str, when: datetime) -> None: ...
    async def close(self, transfer_id: str, status: str, reason: str) -> None: ...
    async def executed(
        self, transfer_id: str, when: datetime, balance_after: Decimal, receipt: dict[str, Any]
    ) -> StoredTransfer: ...

    async def email_of(self, customer_id: str) -> str | None: ...
    async def queue_mail(self, mail: OutgoingMail) -> None:
        """The message joins the outbox in this transaction (at most one per action id); sent after commit."""


class TransferStore(Protocol):
    """Reads for a proposal (no lock: the confirm re-checks everything), the proposal itself, and the unit of
    work the confirm runs in."""

    async def country(self, customer_id: str) -> str | None: ...
    async def accounts(self, customer_id: str) -> list[Account]: ...
    async def by_account_number(self, number: str) -> Account | None: ...
    async def oldest_account(self, customer_id: str, currency: str) -> Account | None: ...
    async def recipient_name(self, customer_id: str) -> tuple[str | None, str | None]: ...
    async def bills(self, customer_id: str) -> list[Bill]: ...
    async def usd_rate(self, currency: str) -> Decimal | None: ...
    async def minimum_payment(self, product_id: str) -> Decimal | None:
        """The minimum payment of a card's or loan's latest statement; None when there is none."""

    async def sent_today_usd(self, customer_id: str, now: datetime) -> Decimal: ...
    async def propose(self, proposal: Proposal) -> str:
        """Stores the proposal; its transfer id."""

    def unit_of_work(self) -> TransferUnitOfWork: ...
    async def send_mail(self, action_id: str) -> None:
        """Sends the message queued for this action, after the commit, holding no connection."""
