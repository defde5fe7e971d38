"""'Mis finanzas': the customer's own spending page. Every sentence is a template fed with computed figures."""

from collections import Counter
from datetime import date
from decimal import Decimal
from typing import Any

from quipu.domain import records_text
from quipu.domain.disputes import Dispute
from quipu.domain.evidence import Charge, duplicate_of
from quipu.domain.locale import MEXICO, Locale, local_moment, locale_of, money
from quipu.domain.money import cents, format_money
from quipu.domain.spending import Purchase, currency_block, split_windows
from quipu.domain.texts import by_language, finances

TOP_CATEGORIES = 5
TOP_MERCHANTS = 4
MAX_ALERTS = 5
CATEGORY_NAMES: dict[str, dict[str, str]] = by_language(finances.CATEGORY_NAMES)
OTHERS = finances.OTHERS
MONTHS = finances.SHORT_MONTHS
NOTES: dict[str, dict[str, str]] = by_language(finances.NOTES)
ALERT_QUESTION = finances.ALERT_QUESTION


class NoSpending(Exception):
    pass


def main_currency(purchases: list[Purchase]) -> str:
    """The currency bought in most often (by count, never by amount); ties go alphabetically."""
    counts = Counter(p.currency for p in purchases)
    return sorted(counts, key=lambda c: (-counts[c], c))[0]


def month_label(month: str, language: str) -> str:
    """'2026-03' -> 'mar 2026'."""
    year, number = month.split("-")[:2]
    return f"{MONTHS[language if language in MONTHS else 'es'][int(number) - 1]} {year}"


def categories(by_category: dict[str, str], language: str) -> list[dict[str, Any]]:
    """The top categories, and one "Others" slice for the rest (the bank's own "Other" included, so it shows once)."""
    names = CATEGORY_NAMES[language]
    ranked = sorted(((k, v) for k, v in by_category.items() if k != "Other"), key=lambda kv: -Decimal(kv[1]))
    shown = [{"name": names.get(k, k), "amount": v} for k, v in ranked[:TOP_CATEGORIES]]
    rest = sum((Decimal(v) for _, v in ranked[TOP_CATEGORIES:]), Decimal(by_category.get("Other", "0")))
    if rest > 0:
        shown.append({"name": OTHERS[language], "amount": str(cents(rest))})
    return shown


def duplicate_alerts(
    purchases: list[Purchase], *, locale: Locale | None = None, disputes: list[Dispute] | None = None
) -> list[dict[str, Any]]:
    """Same rule as the agent: same merchant, amount and currency within 10 minutes; each pair once. Each alert
    carries the question its button sends (the pair, named by code) and the dispute already open on it."""
    locale = locale or MEXICO
    charges = [Charge(p.transaction_id, p.at, p.merchant, p.amount, p.currency, p.status) for p in purchases]
    alerts, seen = [], set()
    for charge in sorted(charges, key=lambda c: c.at):
        twin = duplicate_of(charge, charges)
        if twin and frozenset((charge.transaction_id, twin[0].transaction_id)) not in seen:
            seen.add(frozenset((charge.transaction_id, twin[0].transaction_id)))
            pair = [charge.transaction_id, twin[0].transaction_id]
            disputed = next((d for d in disputes or [] if d.is_open and d.transaction_id in pair), None)
            alerts.append(
                {
                    "kind": "duplicate_charge",
                    "merchant": records_text.merchant(charge.merchant),
                    "amount": str(charge.amount),
                    "currency": charge.currency,
                    "date": charge.at.date().isoformat(),
                    "at": charge.at,
                    "secondsApart": twin[1],
                    "question": ALERT_QUESTION[locale.language].format(
                        merchant=charge.merchant,
                        amount=money(charge.amount, charge.currency, locale),
                        when=local_moment(charge.at, locale),
                        seconds=twin[1],
                    ),
                    "dispute": _dispute(disputed),
                }
            )
    return alerts[:MAX_ALERTS]


def _dispute(dispute: Dispute | None) -> dict[str, Any] | None:
    if dispute is None:
        return None
    return {"reference": dispute.reference, "status": dispute.shown_status, "openedAt": dispute.opened_at}


def notes(
    block: dict[str, Any],
    *,
    days: int,
    currency: str,
    language: str,
    alerts: int,
    top: list[dict[str, Any]],
    country: str | None = None,
    disputed: int = 0,
) -> dict[str, Any]:
    """alerts: the duplicates still to review (an invitation); disputed: those the customer already disputed."""
    t = NOTES[language]

    def money(amount: str | Decimal) -> str:  # the country's convention, as on the rest of the page
        return format_money(Decimal(amount), currency, country or language)

    spending = t["spending"].format(
        days=days,
        spend=money(block["spend"]),
        count=block["transactions"],
        merchant=records_text.quoted(records_text.merchant(block["max_ticket"]["merchant"])),
        biggest=money(block["max_ticket"]["amount"]),
    )
    month, amount = max(block["monthly"], key=lambda m: Decimal(m[1]))
    if alerts:
        tip = t["tip_duplicates"].format(n=alerts) if alerts > 1 else t["tip_duplicate"]
    elif disputed:
        tip = t["tip_disputed"]
    elif top and Decimal(top[0]["amount"]) * 100 / Decimal(block["spend"]) >= 40:
        tip = t["tip_category"].format(
            category=top[0]["name"], pct=int(Decimal(top[0]["amount"]) * 100 / Decimal(block["spend"]))
        )
    else:
        tip = t["tip_default"]
    return {
        "spending": spending,
        "monthly": t["monthly"].format(month=month_label(month, language), amount=money(amount)),
        "tip": tip,
    }


def my_finances(
    purchases: list[Purchase],
    *,
    customer_id: str,
    country: str | None,
    language: str,
    as_of: date,
    days: int,
    disputes: list[Dispute] | None = None,
) -> dict[str, Any]:
    """The page's data from Approved and Pending purchases; spending counts Approved ones only.

    Raises NoSpending when the window has no approved purchase.
    """
    language = language if language in NOTES else "es"
    approved = [p for p in purchases if p.status == "Approved"]
    current, previous = split_windows(approved, as_of, days)
    if not current:
        raise NoSpending
    currency = main_currency(current)
    mine = [p for p in current if p.currency == currency]
    block = currency_block(mine, [p for p in previous if p.currency == currency], days, country)
    top = categories(block["by_category"], language)
    in_window = [p for p in split_windows(purchases, as_of, days)[0] if p.currency == currency]
    alerts = duplicate_alerts(in_window, locale=locale_of(country, language), disputes=disputes)
    to_review = sum(1 for a in alerts if a["dispute"] is None)  # a pair already disputed is not invited again
    product = Counter(p.product_type for p in mine if p.product_type).most_common(1)
    others = sorted({p.currency for p in current} - {currency})
    return {
        "clientId": customer_id,
        "product": product[0][0] if product else None,
        "country": country,
        "currency": currency,
        "windowDays": days,
        "totals": {
            "spend": block["spend"],
            "prevChangePct": block.get("change_pct"),
            "transactions": block["transactions"],
            "txPerWeek": block["tx_per_week"],
            "avgTicket": block["avg_ticket"],
            "maxTicket": block["max_ticket"]
            and {
                **block["max_ticket"],
                "merchant": records_text.merchant(block["max_ticket"]["merchant"]),
            },
        },
        "categories": top,
        "monthly": block["monthly"],
        "topMerchants": [
            {"name": records_text.merchant(m["merchant"]), "count": m["count"], "unit": currency, "amount": m["amount"]}
            for m in block["top_merchants"][:TOP_MERCHANTS]
        ],
        "alerts": alerts,
        "notes": notes(
            block,
            days=days,
            currency=currency,
            language=language,
            alerts=to_review,
            top=top,
            country=country,
            disputed=len(alerts) - to_review,
        ),
        "otherCurrencies": [
            {
                "currency": c,
                "spend": str(cents(sum((p.amount for p in current if p.currency == c), Decimal(0)))),
                "transactions": sum(1 for p in current if p.currency == c),
            }
            for c in others
        ],
    }
