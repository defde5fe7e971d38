"""A dispute (aclaración, contestação): the payment inquiry a customer opened on one of their charges, with the
reference they were given and the time the bank promised to answer by. Pure: what one is, whether it is still
open, how it reads to the customer and to the person taking a case."""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from quipu.domain import records_text

OPEN = ("open", "in_review")  # stored statuses of a dispute nobody has settled yet
STATUSES = ("open", "in_review", "resolved", "rejected")


@dataclass(frozen=True)
class Dispute:
    reference: str  # Q-XXXXXXXX: what the customer was told
    transaction_id: str
    status: str  # as stored: open, in_review, resolved, rejected
    opened_at: datetime  # aware (ops)
    promised_by: datetime  # aware: the time the bank promised an answer by
    merchant: str | None = None
    amount: Decimal | None = None
    currency: str | None = None
    charge_at: datetime | None = None  # the record's local time of the charge (naive)
    case_status: str | None = None  # its case: open, taken (a person has it), closed

    @property
    def is_open(self) -> bool:
        return self.status in OPEN

    @property
    def shown_status(self) -> str:
        """What the customer reads: an open dispute whose case a person took is in review."""
        return "in_review" if self.status == "open" and self.case_status == "taken" else self.status

    def overdue(self, now: datetime) -> bool:
        return self.is_open and now > self.promised_by

    def record(self) -> dict[str, Any]:
        """As a case file carries it (JSON): what the person taking a case reads about it."""
        return {
            "reference": self.reference,
            "transaction_id": self.transaction_id,
            "status": self.shown_status,
            "opened_at": self.opened_at.isoformat(),
            "promised_by": self.promised_by.isoformat(),
            "merchant": records_text.merchant(self.merchant) or None,  # the merchant's own text: data, one line
            "amount": str(self.amount) if self.amount is not None else None,
            "currency": self.currency,
            "charge_at": self.charge_at.isoformat() if self.charge_at else None,
        }


def open_on(disputes: list[Dispute], transaction_id: str) -> Dispute | None:
    """The open dispute on this charge, if there is one (there is never more than one)."""
    return next((d for d in disputes if d.is_open and d.transaction_id == transaction_id), None)


def still_open(disputes: list[Dispute]) -> list[Dispute]:
    return [d for d in disputes if d.is_open]
