"""Use case: the customer's disputes (aclaraciones, contestações) as the bank remembers them: which are open, on
which charge, since when, what status, and by when the bank promised an answer. Read only."""

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from typing import Protocol

from pydantic import BaseModel, Field, field_serializer

from quipu.application.results import Result
from quipu.domain.disputes import Dispute
from quipu.domain.evidence import fold
from quipu.domain.locale import Locale, local

MAX_LISTED = 20


class DisputeStore(Protocol):
    async def of_customer(
        self, customer_id: str, *, transaction_ids: list[str] | None = None, open_only: bool = False, limit: int = 50
    ) -> list[Dispute]:
        """Newest first, always filtered by the customer."""


class DisputeLine(BaseModel):
    """One dispute as the customer recognises it; the charge's fields are left out when the records lack them."""

    reference: str
    status: str  # open, in_review, resolved, rejected: what the customer reads
    open: bool
    opened_at: datetime
    promised_by: datetime
    overdue: bool  # open past the time the bank promised
    merchant: str | None = None
    amount: Decimal | None = None
    currency: str | None = None
    charge_at: datetime | None = None
    # the same two times on the customer's clock, to the minute: what an answer says is what the result holds
    opened_local: datetime | None = None
    promised_local: datetime | None = None

    @field_serializer("opened_at", "promised_by", "charge_at", "opened_local", "promised_local")
    def _at(self, at: datetime | None) -> str | None:
        return at.isoformat() if at else None


class DisputeStatus(Result):
    """The disputes asked about (by reference or merchant), or all of the customer's, open ones first."""

    evidence_lookup: str = "ops.disputes, ops.handoff_cases, core.transactions"
    found: bool
    open_count: int
    disputes: list[DisputeLine] = Field(default_factory=list)
    asked_reference: str | None = None
    asked_merchant: str | None = None


def on_clock(at: datetime, locale: Locale | None) -> datetime | None:
    return local(at, locale).replace(tzinfo=None, second=0, microsecond=0) if locale else None


def line(dispute: Dispute, now: datetime, locale: Locale | None = None) -> DisputeLine:
    return DisputeLine(
        opened_local=on_clock(dispute.opened_at, locale),
        promised_local=on_clock(dispute.promised_by, locale),
        reference=dispute.reference,
        status=dispute.shown_status,
        open=dispute.is_open,
        opened_at=dispute.opened_at,
        promised_by=dispute.promised_by,
        overdue=dispute.overdue(now),
        merchant=dispute.merchant,
        amount=dispute.amount,
        currency=dispute.currency,
        charge_at=dispute.charge_at,
    )


class Disputes:
    def __init__(self, store: DisputeStore, clock: Callable[[], datetime]):
        self.store = store
        self.clock = clock

    async def listed(self, customer_id: str, locale: Locale | None = None) -> list[DisputeLine]:
        """Mis aclaraciones: every dispute of the customer, open ones first, newest first within each."""
        now = self.clock()
        found = await self.store.of_customer(customer_id, limit=MAX_LISTED)
        return [line(d, now, locale) for d in sorted(found, key=lambda d: not d.is_open)]

    async def status(
        self,
        customer_id: str,
        *,
        reference: str | None = None,
        merchant: str | None = None,
        locale: Locale | None = None,
    ) -> DisputeStatus:
        """'¿Cómo va mi aclaración?': the one named (by its reference or its merchant), else all, open first."""
        every = await self.listed(customer_id, locale)
        chosen = every
        if reference:
            chosen = [d for d in every if d.reference.casefold() == reference.strip().casefold()]
        elif merchant:
            chosen = [d for d in every if fold(merchant) in fold(d.merchant)]
        return DisputeStatus(
            found=bool(chosen),
            open_count=sum(1 for d in chosen if d.open),
            disputes=chosen,
            asked_reference=reference,
            asked_merchant=merchant,
        )
