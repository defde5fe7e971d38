"""What the data_lookup tools return: typed results, published as each tool's output schema. Amounts are
Decimal (JSON strings, exact cents) and always carry their currency; totals are per currency, never summed
across currencies. A failed lookup is the hub's `LookupFailed` (status "unavailable"), never a "none"."""

from datetime import date, datetime
from decimal import Decimal
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

from quipu.application.results import Result
from quipu.domain.periods import Period

Status = Literal["found", "none", "unavailable", "unknown_period", "unknown_currency"]
GroupBy = Literal["total", "category", "merchant", "month"]


class LookupResult(Result):
    status: Status = "unavailable"
    evidence_lookup: str = ""

    @classmethod
    def answered(cls, found: object, evidence_lookup: str, **fields: Any) -> Self:
        """The result of a lookup that ran: found when it found anything, none when it found nothing."""
        return cls(status="found" if found else "none", evidence_lookup=evidence_lookup, **fields)


class Filters(BaseModel):
    """What the customer asked to narrow by, as code resolved it."""

    model_config = ConfigDict(frozen=True)
    category: str | None = None  # the records' category (Food, Transport...)
    merchant: str | None = None  # part of the merchant name, as asked
    min_amount: Decimal | None = None
    max_amount: Decimal | None = None


class Movement(BaseModel):
    date: datetime
    type: str
    amount: Decimal
    currency: str
    merchant: str | None = None
    category: str | None = None
    status: str
    product_type: str | None = None
    last4: str | None = None


class PeriodResult(LookupResult):
    """A lookup over one period of the records, narrowed by the customer's filters."""

    period: Period | None = None
    filters: Filters = Filters()


class MovementsResult(PeriodResult):
    order: Literal["newest", "largest"] = "newest"
    count: int = 0
    truncated: bool = False
    movements: list[Movement] = Field(default_factory=list)


class PurchaseOut(BaseModel):
    date: datetime
    merchant: str | None = None
    amount: Decimal
    currency: str
    category: str | None = None


class LargestPurchaseResult(PeriodResult):
    """The largest Approved purchase in each currency of the period."""

    largest: list[PurchaseOut] = Field(default_factory=list)


class Group(BaseModel):
    key: str  # a category, a merchant, or a month (YYYY-MM)
    amount: Decimal
    count: int


class CurrencySpending(BaseModel):
    currency: str
    total: Decimal
    count: int
    groups: list[Group] = Field(default_factory=list)
    more_groups: int = 0  # groups left out of the list


class SpendingResult(PeriodResult):
    """Approved purchases of the period, per currency, optionally grouped."""

    by: GroupBy = "total"
    merchants: list[str] = Field(default_factory=list)  # merchant names matched by a merchant filter
    currencies: list[CurrencySpending] = Field(default_factory=list)


class CurrencyChange(BaseModel):
    currency: str
    earlier: Decimal  # 0 when the lookup ran and that period had no purchase
    earlier_count: int
    later: Decimal
    later_count: int
    difference: Decimal  # later - earlier
    change_pct: Decimal | None = None  # None without purchases in the earlier period: no baseline
    # a month so far against the same days of the month before: that whole month too ("¿este mes o el anterior?")
    earlier_whole: Decimal | None = None
    earlier_whole_count: int | None = None


class ComparisonResult(LookupResult):
    earlier: Period | None = None
    later: Period | None = None
    earlier_whole: Period | None = None  # the whole month `earlier` is the first days of, when it is one
    filters: Filters = Filters()
    currencies: list[CurrencyChange] = Field(default_factory=list)


class Rate(BaseModel):
    source: str
    target: str
    date: date
    per: int = 1  # `per` source = rate target
    rate: Decimal  # to 4 decimals
    buy: Decimal | None = None
    sell: Decimal | None = None


class ExchangeRateResult(LookupResult):
    asked: str | None = None  # the currency asked about, as a code
    on: date | None = None
    rates: list[Rate] = Field(default_factory=list)


class Complaint(BaseModel):
    created: date
    case_type: str
    category: str | None = None
    subcategory: str | None = None
    status: str
    claimed_amount: Decimal | None = None
    currency: str | None = None
    resolved: date | None = None


class StatusCount(BaseModel):
    status: str
    count: int


class ComplaintsResult(LookupResult):
    count: int = 0
    open: int = 0  # Open, In Process or Escalated
    stale_open: int = 0  # of the open ones, those older than stale_after_days
    stale_after_days: int = 90
    by_status: list[StatusCount] = Field(default_factory=list)
    latest: list[Complaint] = Field(default_factory=list)
