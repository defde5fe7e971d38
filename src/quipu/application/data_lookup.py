"""Use cases of the data_lookup skill: questions with parameters (a period, a category or merchant, an amount
range), answered from the session customer's records as typed results. Periods count back from the
dataset's last day."""

from datetime import date, datetime, timedelta
from decimal import Decimal

from quipu.application.data_lookup_results import (
    ComparisonResult,
    Complaint,
    ComplaintsResult,
    CurrencyChange,
    CurrencySpending,
    ExchangeRateResult,
    Filters,
    Group,
    LargestPurchaseResult,
    Movement,
    MovementsResult,
    PurchaseOut,
    Rate,
    SpendingResult,
    StatusCount,
)
from quipu.application.ports import BankRecords
from quipu.domain.dataset import AS_OF, DATASET_NOW
from quipu.domain.money import cents
from quipu.domain.periods import DEFAULT_PERIOD, Period, of_key, previous_period, whole_month_of
from quipu.domain.reading.naming import category_of, currency_of, home_currency
from quipu.domain.reading.periods import read_period
from quipu.domain.spending import Purchase, by_currency, grouped, in_period, largest, matching, total
from quipu.domain.vocabulary import COMPLAINT_STATUSES, CURRENCIES, OPEN_COMPLAINT_STATUSES

PURCHASES = "core.transactions (Approved purchases)"
MAX_GROUPS = 5
LATEST_COMPLAINTS = 5
STALE_AFTER_DAYS = 90
RATE_PLACES = Decimal("0.0001")


def period_of(said: str | None) -> Period | None:
    """The period asked for; the default window when none was given; None when the words name none."""
    return of_key(DEFAULT_PERIOD, AS_OF) if not said else read_period(said, AS_OF)


def filters_of(
    category: str | None, merchant: str | None, lo: Decimal | None = None, hi: Decimal | None = None
) -> Filters:
    """A category word the records do not know is read as part of a merchant name ("Starbucks")."""
    known = category_of(category)
    if category and not known and not merchant:
        merchant = category
    return Filters(category=known, merchant=merchant or None, min_amount=lo, max_amount=hi)


async def _purchases(records: BankRecords, customer_id: str, period: Period, filters: Filters) -> list[Purchase]:
    found = await records.purchases_between(customer_id, period.start, period.end)
    return matching(in_period(found, period.start, period.end), category=filters.category, merchant=filters.merchant)


async def movements(
    records: BankRecords, customer_id: str, *, period: str | None, filters: Filters, order: str, limit: int
) -> MovementsResult:
    window = period_of(period)
    if window is None:
        return MovementsResult(status="unknown_period", filters=filters)
    rows = await records.movements(
        customer_id,
        {
            "since": datetime.combine(window.start, datetime.min.time()),
            "until": datetime.combine(window.end + timedelta(days=1), datetime.min.time()),
            "ptype": None,
            "last4": None,
            "ttype": None,
            "status": None,
            "category": filters.category,
            "merchant": filters.merchant,
            "lo": filters.min_amount,
            "hi": filters.max_amount,
        },
        order,
        limit + 1,
    )
    return MovementsResult.answered(
        rows,
        "core.transactions",
        period=window,
        filters=filters,
        order=order,
        count=min(len(rows), limit),
        truncated=len(rows) > limit,
        movements=[Movement(**r) for r in rows[:limit]],
    )


def _out(p: Purchase) -> PurchaseOut:
    return PurchaseOut(date=p.at, merchant=p.merchant, amount=p.amount, currency=p.currency, category=p.category)


async def largest_purchase(
    records: BankRecords, customer_id: str, *, period: str | None, filters: Filters
) -> LargestPurchaseResult:
    window = period_of(period)
    if window is None:
        return LargestPurchaseResult(status="unknown_period", filters=filters)
    split = by_currency(await _purchases(records, customer_id, window, filters))
    biggest = [_out(p) for ps in split.values() if (p := largest(ps)) is not None]
    biggest.sort(key=lambda p: (p.currency != _main(split), p.currency))
    return LargestPurchaseResult.answered(biggest, PURCHASES, period=window, filters=filters, largest=biggest)


def _main(split: dict[str, list[Purchase]]) -> str | None:
    """The currency bought in most often goes first."""
    return max(split, key=lambda c: (len(split[c]), c), default=None)


def _spending_of(currency: str, purchases: list[Purchase], by: str) -> CurrencySpending:
    groups = [] if by == "total" else [Group(key=k, amount=a, count=n) for k, a, n in grouped(purchases, by)]
    shown = groups if by == "month" else groups[:MAX_GROUPS]
    return CurrencySpending(
        currency=currency,
        total=total(purchases),
        count=len(purchases),
        groups=shown,
        more_groups=len(groups) - len(shown),
    )


async def spending(
    records: BankRecords, customer_id: str, *, period: str | None, filters: Filters, by: str
) -> SpendingResult:
    window = period_of(period)
    if window is None:
        return SpendingResult(status="unknown_period", filters=filters, by=by)
    found = await _purchases(records, customer_id, window, filters)
    split = by_currency(found)
    currencies = [_spending_of(c, split[c], by) for c in sorted(split, key=lambda c: (c != _main(split), c))]
    return SpendingResult.answered(
        found,
        PURCHASES,
        period=window,
        filters=filters,
        by=by,
        merchants=sorted({p.merchant for p in found if p.merchant}) if filters.merchant else [],
        currencies=currencies,
    )


def _change(currency: str, earlier: list[Purchase], later: list[Purchase]) -> CurrencyChange:
    before, after = total(earlier), total(later)
    pct = cents((after - before) / before * 100) if before > 0 else None
    return CurrencyChange(
        currency=currency,
        earlier=before,
        earlier_count=len(earlier),
        later=after,
        later_count=len(later),
        difference=after - before,
        change_pct=pct,
    )


async def compare_spending(
    records: BankRecords, customer_id: str, *, period: str | None, versus: str | None, filters: Filters
) -> ComparisonResult:
    """Two periods side by side, the earlier one first; without `versus`, the period just before."""
    first = period_of(period)
    second = previous_period(first) if first and not versus else read_period(versus, AS_OF) if versus else None
    if first is None or second is None:
        return ComparisonResult(status="unknown_period", filters=filters)
    earlier, later = sorted((first, second), key=lambda p: (p.start, p.end))
    a = by_currency(await _purchases(records, customer_id, earlier, filters))
    b = by_currency(await _purchases(records, customer_id, later, filters))
    currencies = [_change(c, a.get(c, []), b.get(c, [])) for c in sorted(a.keys() | b.keys())]
    whole = whole_month_of(earlier)
    if whole is not None:
        w = by_currency(await _purchases(records, customer_id, whole, filters))
        currencies = [
            c.model_copy(
                update={
                    "earlier_whole": total(w.get(c.currency, [])),
                    "earlier_whole_count": len(w.get(c.currency, [])),
                }
            )
            for c in currencies
        ]
    return ComparisonResult.answered(
        currencies,
        PURCHASES,
        earlier=earlier,
        later=later,
        earlier_whole=whole,
        filters=filters,
        currencies=currencies,
    )


async def complaints(records: BankRecords, customer_id: str) -> ComplaintsResult:
    rows = await records.complaints(customer_id)
    stale_before = DATASET_NOW - timedelta(days=STALE_AFTER_DAYS)
    open_rows = [r for r in rows if r["status"] in OPEN_COMPLAINT_STATUSES]
    counts = {s: sum(1 for r in rows if r["status"] == s) for s in COMPLAINT_STATUSES}
    return ComplaintsResult.answered(
        rows,
        "core.complaints",
        count=len(rows),
        open=len(open_rows),
        stale_open=sum(1 for r in open_rows if r["creation_date"] < stale_before),
        stale_after_days=STALE_AFTER_DAYS,
        by_status=[StatusCount(status=s, count=n) for s, n in counts.items() if n],
        latest=[
            Complaint.model_validate(
                r | {"created": _day(r["creation_date"]), "resolved": _day(r["resolution_date"] or r["closing_date"])}
            )
            for r in rows[:LATEST_COMPLAINTS]
        ],
    )


def _day(value: date | None) -> date | None:
    return value.date() if isinstance(value, datetime) else value


def day_of(said: str | None) -> date:
    """An ISO day, or the dataset's last day; a day after it is read as the last day."""
    try:
        return min(date.fromisoformat((said or "").strip()[:10]), AS_OF)
    except ValueError:
        return AS_OF


async def _rate(records: BankRecords, source: str, target: str, on: date) -> Rate | None:
    row = await records.exchange_rate(source, target, on)
    if row is None:
        inverse = await records.exchange_rate(target, source, on)
        if inverse is None or not inverse["exchange_rate"]:
            return None
        return Rate(
            source=source, target=target, date=inverse["date"], rate=_places(1 / Decimal(inverse["exchange_rate"]))
        )
    return Rate(
        source=source,
        target=target,
        date=row["date"],
        rate=_places(row["exchange_rate"]),
        buy=_places(row["buy_rate"]) if row.get("buy_rate") is not None else None,
        sell=_places(row["sell_rate"]) if row.get("sell_rate") is not None else None,
    )


def _places(value: object) -> Decimal:
    return Decimal(str(value)).quantize(RATE_PLACES)


async def exchange_rate(
    records: BankRecords, customer_id: str, *, currency: str | None, target: str | None, on: str | None
) -> ExchangeRateResult:
    """1 of the asked currency (the dollar by default) in the customer's own currency, or in every other one."""
    customer = await records.customer(customer_id)
    home = home_currency(customer["country"] if customer else None)
    asked = currency_of(currency, home) if currency else "USD"
    wanted = currency_of(target, home) if target else None
    day = day_of(on)
    if asked is None or (target and wanted is None):
        return ExchangeRateResult(status="unknown_currency", on=day)
    targets = [wanted] if wanted else [home] if home and home != asked else [c for c in CURRENCIES if c != asked]
    rates = [r for t in targets if t != asked and (r := await _rate(records, asked, t, day))]
    return ExchangeRateResult.answered(rates, "core.fx_rates", asked=asked, on=day, rates=rates)
