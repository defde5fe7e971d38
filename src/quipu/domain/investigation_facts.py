"""Everything one investigation reads, gathered before any rule runs."""

from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal

from quipu.domain.evidence import AppSession, Charge


@dataclass(frozen=True)
class PickedCharges:
    """Which charges an investigation reads: one by its id, or the latest purchases that match (at most
    `limit`); every check runs on the first `checked` of them."""

    transaction_id: str | None = None
    since: datetime | None = None
    merchant: str | None = None
    min_amount: Decimal | None = None
    max_amount: Decimal | None = None
    limit: int = 1
    checked: int = 1


@dataclass(frozen=True)
class InvestigationFacts:
    """What the records said. None means that lookup did not run or failed: unknown, never "none"."""

    candidates: list[Charge]
    home_country: str | None
    neighbours: list[Charge] | None
    sessions: list[AppSession] | None
    usd_rates: dict[tuple[str, date], tuple[Decimal, date]] | None
    unavailable: list[str] = field(default_factory=list)
