"""What the bank's own records say about a charge. Pure: values in, findings out.

An unknown stays absent: a check that could not run is reported by the caller as unavailable,
never as a finding that says "no".
"""

import unicodedata
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from quipu.domain.signals import FRAUD_SCORE_THRESHOLD, Signal

DUPLICATE_WINDOW_SECONDS = 600
DUPLICATE_STATUSES = ("Approved", "Pending")
RATE_LOOKBACK_DAYS = 7
SESSION_MARGIN = timedelta(minutes=5)


@dataclass(frozen=True)
class Charge:
    transaction_id: str
    at: datetime
    merchant: str | None
    amount: Decimal
    currency: str
    status: str
    country: str | None = None
    city: str | None = None
    channel: str | None = None
    is_fraud: bool | None = None
    fraud_score: Decimal | None = None


@dataclass(frozen=True)
class AppSession:
    started_at: datetime
    ended_at: datetime | None
    platform: str | None
    city: str | None
    country: str | None
    had_login: bool | None


@dataclass(frozen=True)
class Finding:
    kind: Signal
    facts: dict[str, Any] = field(default_factory=dict)


def fold(text: str | None) -> str:
    """Accent- and case-folded, for comparing place names written differently."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def duplicate_of(charge: Charge, others: list[Charge]) -> tuple[Charge, int] | None:
    """The nearest other charge that makes this one a duplicate, with the seconds between them."""
    if charge.status not in DUPLICATE_STATUSES:
        return None
    twins = [
        (other, abs(int((other.at - charge.at).total_seconds())))
        for other in others
        if other.transaction_id != charge.transaction_id
        and other.status in DUPLICATE_STATUSES
        and other.merchant == charge.merchant
        and other.amount == charge.amount
        and other.currency == charge.currency
        and abs((other.at - charge.at).total_seconds()) <= DUPLICATE_WINDOW_SECONDS
    ]
    return min(twins, key=lambda pair: pair[1]) if twins else None


def is_foreign(charge: Charge, home_country: str | None) -> bool | None:
    """None when either country is unknown: an unknown is not a "no"."""
    if not charge.country or not home_country:
        return None
    return fold(charge.country) != fold(home_country)


def possible_fraud(charge: Charge) -> bool:
    return bool(charge.is_fraud) or (charge.fraud_score is not None and charge.fraud_score >= FRAUD_SCORE_THRESHOLD)


def overlapping_session(charge: Charge, sessions: list[AppSession]) -> AppSession | None:
    for session in sessions:
        end = session.ended_at or session.started_at
        if session.had_login and session.started_at - SESSION_MARGIN <= charge.at <= end + SESSION_MARGIN:
            return session
    return None


def findings_for(
    charge: Charge,
    others: list[Charge],
    *,
    home_country: str | None,
    usd_rate: Decimal | None = None,
    rate_date: str | None = None,
    sessions: list[AppSession] | None = None,
) -> list[Finding]:
    """Every verified fact about one charge. Checks whose inputs are None are left out."""
    found: list[Finding] = []
    twin = duplicate_of(charge, others)
    if twin:
        found.append(
            Finding(Signal.DUPLICATE, {"other_transaction_id": twin[0].transaction_id, "seconds_apart": twin[1]})
        )
    if charge.status == "Pending":
        found.append(Finding(Signal.PENDING))
    if charge.status == "Reversed":
        found.append(Finding(Signal.REVERSED))
    if is_foreign(charge, home_country):
        facts = {"country": charge.country, "city": charge.city}
        if usd_rate is not None:
            facts |= {
                "usd_rate": str(usd_rate),
                "rate_date": rate_date,
                "amount_usd": str((charge.amount * usd_rate).quantize(Decimal("0.01"))),
            }
        found.append(Finding(Signal.FOREIGN_PURCHASE, facts))
    if possible_fraud(charge):
        found.append(
            Finding(Signal.POSSIBLE_FRAUD, {"fraud_score": str(charge.fraud_score) if charge.fraud_score else None})
        )
    if sessions is not None:
        session = overlapping_session(charge, sessions)
        if session:
            found.append(
                Finding(
                    Signal.OWN_APP_SESSION,
                    {
                        "platform": session.platform,
                        "city": session.city,
                        "country": session.country,
                        "started_at": session.started_at.isoformat(sep=" "),
                    },
                )
            )
    return found


def signals_of(charge: Charge, others: list[Charge], *, home_country: str | None) -> frozenset[Signal]:
    """The risk signals of one charge, for a decision taken on it (no rates or sessions needed)."""
    return frozenset(f.kind for f in findings_for(charge, others, home_country=home_country))
