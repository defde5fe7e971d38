"""What the investigation returns: the charges it checked, each with the verified facts found on it. Amounts are
Decimal (JSON strings) with their currency; internal ids never leave, except a search's own transaction ids."""

from datetime import date as Date
from datetime import datetime
from decimal import Decimal
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_serializer

from quipu.application.results import NullsKept, Result
from quipu.domain.signals import Signal


class Duplicate(NullsKept):
    kind: Literal[Signal.DUPLICATE]
    seconds_apart: int
    other: str  # the other charge's label (#2), or a description when it was not among those shown


class StatusFinding(NullsKept):
    kind: Literal[Signal.PENDING, Signal.REVERSED]


class ForeignPurchase(NullsKept):
    left_out_when_none: ClassVar[frozenset[str]] = frozenset({"usd_rate", "rate_date", "amount_usd"})
    kind: Literal[Signal.FOREIGN_PURCHASE]
    country: str | None
    city: str | None
    usd_rate: Decimal | None = None  # only when the day's rate was found
    rate_date: Date | None = None
    amount_usd: Decimal | None = None


class PossibleFraud(NullsKept):
    kind: Literal[Signal.POSSIBLE_FRAUD]
    fraud_score: Decimal | None


class OwnAppSession(NullsKept):
    kind: Literal[Signal.OWN_APP_SESSION]
    platform: str | None
    city: str | None
    country: str | None
    started_at: str  # YYYY-MM-DD HH:MM:SS, the customer's app session that overlaps the charge


FindingView = Annotated[
    Duplicate | StatusFinding | ForeignPurchase | PossibleFraud | OwnAppSession, Field(discriminator="kind")
]


class ChargeLine(BaseModel):
    """One charge as the customer can recognise it; a value the records do not have is left out."""

    model_config = ConfigDict(frozen=True)
    label: str  # #1, #2...: how the answer and the customer name it
    date: datetime
    merchant: str | None = None
    amount: Decimal
    currency: str
    status: str
    channel: str | None = None
    country: str | None = None
    city: str | None = None

    @field_serializer("date")
    def _date(self, at: datetime) -> str:
        return at.isoformat(sep=" ")


class DisputeRef(BaseModel):
    """A dispute the customer already opened on this charge: the answer names it instead of offering another."""

    reference: str
    status: str
    opened_at: datetime
    promised_by: datetime
    opened_local: datetime | None = None  # the two times on the customer's clock, as the answer says them
    promised_local: datetime | None = None

    @field_serializer("opened_at", "promised_by", "opened_local", "promised_local")
    def _at(self, at: datetime | None) -> str | None:
        return at.isoformat() if at else None


class CheckedCharge(ChargeLine):
    findings: list[FindingView] = Field(default_factory=list)
    open_dispute: DisputeRef | None = None


class ListedCharge(ChargeLine):
    transaction_id: str


class Priority(BaseModel):
    level: str
    sla_hours: int


class Report(Result):
    """The checked charges (at most three), their findings, and the case priority those findings give."""

    found: bool | None = None  # said by investigate_charge only
    evidence_lookup: str = "core.transactions, core.app_sessions, core.fx_rates"
    count: int
    charges: list[CheckedCharge]
    priority: Priority
    unavailable: list[str] = Field(default_factory=list)  # checks that could not run
    days: int | None = None  # the window searched, by investigate_charges
    more_matches: bool | None = None
    ask: str | None = None  # set when the customer must say which charge before anything is done


class ChargeNotFound(Result):
    evidence_lookup: str = "core.transactions"
    found: Literal[False] = False


class ChargeSearch(Result):
    evidence_lookup: str = "core.transactions"
    days: int
    count: int
    truncated: bool
    charges: list[ListedCharge]
