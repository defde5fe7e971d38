"""Use cases of the data_lookup skill: movements, spending, complaints and exchange rates."""

import logging
from datetime import date, datetime, timedelta

from quipu.domain.dataset import AS_OF, DATASET_NOW
from quipu.domain.spending import spending_summary, window_start
from quipu.domain.vocabulary import OPEN_COMPLAINT_STATUSES

log = logging.getLogger("quipu.data_lookup")
LATEST_COMPLAINTS = 10
STALE_AFTER_DAYS = 90


def _plain_value(value):
    if isinstance(value, datetime):
        return value.isoformat(sep=" ")
    if isinstance(value, date):
        return value.isoformat()
    return value if isinstance(value, int | str | bool) else str(value)


def _plain(row: dict) -> dict:
    """JSON-ready values; None (unknown) is left out."""
    return {k: _plain_value(v) for k, v in row.items() if v is not None}


async def movements(records, customer_id: str, *, days: int, filters: dict, order: str, limit: int) -> dict:
    since = DATASET_NOW - timedelta(days=days)
    rows = await records.movements(customer_id, {"since": since, **filters}, order, limit + 1)
    return {
        "evidence_lookup": "core.transactions",
        "window": {"days": days, "ends": AS_OF.isoformat()},
        "count": min(len(rows), limit),
        "truncated": len(rows) > limit,
        "movements": [_plain(r) for r in rows[:limit]],
    }


async def spending(records, customer_id: str, days: int) -> dict:
    customer = await records.customer(customer_id)
    since = window_start(AS_OF, days) - timedelta(days=days)
    purchases = await records.purchases(customer_id, since)
    return {
        "evidence_lookup": "core.transactions (Approved purchases)",
        "window": {"days": days, "ends": AS_OF.isoformat()},
        "by_currency": spending_summary(
            purchases, as_of=AS_OF, days=days, home_country=customer["country"] if customer else None
        ),
    }


async def complaints(records, customer_id: str) -> dict:
    rows = await records.complaints(customer_id)
    stale_before = DATASET_NOW - timedelta(days=STALE_AFTER_DAYS)
    status_counts: dict[str, int] = {}
    for row in rows:
        status_counts[row["status"]] = status_counts.get(row["status"], 0) + 1
    open_rows = [r for r in rows if r["status"] in OPEN_COMPLAINT_STATUSES]
    return {
        "evidence_lookup": "core.complaints",
        "count": len(rows),
        "open": sum(1 for r in open_rows if r["creation_date"] >= stale_before),
        "stale_open": sum(1 for r in open_rows if r["creation_date"] < stale_before),
        "by_status": status_counts,
        "latest": [_plain(r) for r in rows[:LATEST_COMPLAINTS]],
    }


async def exchange_rate(records, source: str, target: str, on: date | None) -> dict:
    day = on or AS_OF
    if source == target:
        return {
            "evidence_lookup": "core.fx_rates",
            "found": True,
            "source": source,
            "target": target,
            "date": day.isoformat(),
            "rate": "1",
        }
    row = await records.exchange_rate(source, target, day)
    if row is None:
        return {"evidence_lookup": "core.fx_rates", "found": False, "source": source, "target": target}
    return {
        "evidence_lookup": "core.fx_rates",
        "found": True,
        "source": source,
        "target": target,
        **_plain(row),
        "meaning": f"1 {source} = rate {target}",
    }
