"""Spending of a customer in a window against the previous window of the same length, per currency."""

from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from quipu.domain.evidence import fold
from quipu.domain.money import cents


@dataclass(frozen=True)
class Purchase:
    transaction_id: str
    at: datetime
    merchant: str | None
    amount: Decimal
    currency: str
    category: str | None
    country: str | None
    product_type: str | None = None
    status: str = "Approved"


def window_start(as_of: date, days: int) -> datetime:
    """The window is the last `days` days ending with as_of (inclusive)."""
    return datetime.combine(as_of - timedelta(days=days - 1), datetime.min.time())


def split_windows(purchases: list[Purchase], as_of: date, days: int) -> tuple[list[Purchase], list[Purchase]]:
    start = window_start(as_of, days)
    previous_start = start - timedelta(days=days)
    current = [p for p in purchases if p.at >= start]
    previous = [p for p in purchases if previous_start <= p.at < start]
    return current, previous


def change_pct(now: Decimal, before: Decimal) -> str | None:
    """None when there was nothing before: no baseline is not a 0 % change."""
    if before <= 0:
        return None
    return str(cents((now - before) / before * 100))


def currency_block(
    current: list[Purchase], previous: list[Purchase], days: int, home_country: str | None
) -> dict[str, Any]:
    spend = sum((p.amount for p in current), Decimal("0"))
    before = sum((p.amount for p in previous), Decimal("0"))
    biggest = max(current, key=lambda p: p.amount) if current else None
    by_category: dict[str, Decimal] = defaultdict(Decimal)
    by_merchant: dict[str, Decimal] = defaultdict(Decimal)
    counts: Counter[str] = Counter()
    monthly: dict[str, Decimal] = defaultdict(Decimal)
    for p in current:
        by_category[p.category or "Uncategorized"] += p.amount
        by_merchant[p.merchant or "—"] += p.amount
        counts[p.merchant or "—"] += 1
        monthly[p.at.strftime("%Y-%m")] += p.amount
    foreign = [p for p in current if home_country and p.country and fold(p.country) != fold(home_country)]
    block = {
        "spend": str(cents(spend)),
        "previous_spend": str(cents(before)),
        "transactions": len(current),
        "tx_per_week": str(cents(Decimal(len(current)) * 7 / days)),
        "avg_ticket": str(cents(spend / len(current))) if current else None,
        "max_ticket": {"merchant": biggest.merchant, "amount": str(biggest.amount)} if biggest else None,
        "by_category": {k: str(cents(v)) for k, v in sorted(by_category.items(), key=lambda kv: -kv[1])},
        "top_merchants": [
            {"merchant": m, "count": counts[m], "amount": str(cents(v))}
            for m, v in sorted(by_merchant.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
        ],
        "monthly": [[month, str(cents(v))] for month, v in sorted(monthly.items())],
        "foreign": {"transactions": len(foreign), "amount": str(cents(sum((p.amount for p in foreign), Decimal(0))))},
    }
    pct = change_pct(spend, before)
    if pct is not None:
        block["change_pct"] = pct
    return {k: v for k, v in block.items() if v is not None}


def spending_summary(purchases: list[Purchase], *, as_of: date, days: int, home_country: str | None) -> dict[str, Any]:
    """One block per currency; currencies are never added together."""
    current, previous = split_windows(purchases, as_of, days)
    currencies = sorted({p.currency for p in current} | {p.currency for p in previous})
    return {
        cur: currency_block(
            [p for p in current if p.currency == cur], [p for p in previous if p.currency == cur], days, home_country
        )
        for cur in currencies
    }


# --- the data_lookup skill's questions: a period, a filter, totals per currency ------------------------------
def in_period(purchases: list[Purchase], start: date, end: date) -> list[Purchase]:
    """Purchases from the first day through the last day of the period, both included."""
    return [p for p in purchases if start <= p.at.date() <= end]


def matching(purchases: list[Purchase], *, category: str | None = None, merchant: str | None = None) -> list[Purchase]:
    wanted = fold(merchant) if merchant else None
    return [
        p
        for p in purchases
        if (category is None or p.category == category) and (wanted is None or wanted in fold(p.merchant))
    ]


def by_currency(purchases: list[Purchase]) -> dict[str, list[Purchase]]:
    """Currencies are never added together; each gets its own list, in code order."""
    split: dict[str, list[Purchase]] = defaultdict(list)
    for p in purchases:
        split[p.currency].append(p)
    return dict(sorted(split.items()))


def total(purchases: list[Purchase]) -> Decimal:
    return cents(sum((p.amount for p in purchases), Decimal("0")))


def largest(purchases: list[Purchase]) -> Purchase | None:
    """The biggest amount; on a tie, the later one."""
    return max(purchases, key=lambda p: (p.amount, p.at), default=None)


def group_key(p: Purchase, by: str) -> str:
    if by == "category":
        return p.category or "Uncategorized"
    if by == "merchant":
        return p.merchant or "—"
    return p.at.strftime("%Y-%m")


def grouped(purchases: list[Purchase], by: str) -> list[tuple[str, Decimal, int]]:
    """(key, amount, count), largest amount first; months in calendar order."""
    amounts: dict[str, Decimal] = defaultdict(Decimal)
    counts: Counter[str] = Counter()
    for p in purchases:
        key = group_key(p, by)
        amounts[key] += p.amount
        counts[key] += 1
    rows = [(k, cents(v), counts[k]) for k, v in amounts.items()]
    if by == "month":
        return sorted(rows)
    return sorted(rows, key=lambda row: (-row[1], row[0]))
