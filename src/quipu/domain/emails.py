"""Outgoing mail, written by code from stored figures, in the customer's language. Names stay plain text, and a
merchant's name is the merchant's text (one line, cut, in “ ”), never the bank's words."""

from datetime import date
from decimal import Decimal
from typing import Any

from quipu.domain import records_text
from quipu.domain.money import format_date, format_money
from quipu.domain.texts import by_language, mail
from quipu.domain.words import word

DUE_SOON_DAYS = 5
TEXT: dict[str, dict[str, str]] = by_language(mail.EMAILS)


def _t(language: str) -> dict[str, Any]:
    return TEXT.get(language, TEXT["es"])


def payment_state(past_due: Decimal | None, due: date | None, as_of: date) -> str:
    if (past_due or 0) > Decimal("0.01") or (due is not None and due < as_of):
        return "overdue"
    if due is not None and (due - as_of).days <= DUE_SOON_DAYS:
        return "due_soon"
    return "current"


def balances_email(
    language: str, products: list[dict[str, Any]], as_of: date, place: str | None = None
) -> tuple[str, str]:
    """place: the customer's country (their number convention); dates in words, never ISO."""
    t = _t(language)
    place = place or language
    lines = [t["balances_intro"].format(as_of=format_date(as_of, language))]
    lines += [
        t["line_product"].format(
            kind=p["product_type"], last4=p["last4"] or "—", amount=format_money(p["balance"], p["currency"], place)
        )
        for p in products
        if p["balance"] is not None
    ]
    return t["balances_subject"], "\n".join([*lines, "", t["footer"]])


def movements_email(
    language: str, movements: list[dict[str, Any]], start: date, as_of: date, place: str | None = None
) -> tuple[str, str]:
    """The last days' movements, newest first; a merchant's name is its own text, quoted."""
    t = _t(language)
    place = place or language
    lines = [t["movements_intro"].format(start=format_date(start, language), as_of=format_date(as_of, language))]
    lines += [
        t["line_movement"].format(
            day=format_date(m["date"], language),
            merchant=records_text.quoted(records_text.merchant(m.get("merchant"))),
            amount=format_money(m["amount"], m["currency"], place),
            kind=word(m.get("type"), language),
        )
        for m in movements
    ] or [t["no_movements"]]
    return t["movements_subject"], "\n".join([*lines, "", t["footer"]])


def payment_status_email(
    language: str, debts: list[dict[str, Any]], as_of: date, place: str | None = None
) -> tuple[str, str]:
    t = _t(language)
    place = place or language
    lines = [t["payment_intro"].format(as_of=format_date(as_of, language))]
    for d in debts:
        state = payment_state(d.get("past_due_amount"), d.get("due_date"), as_of)
        minimum = format_money(d["minimum_payment"], d["currency"], place) if d.get("minimum_payment") else "—"
        lines.append(
            t["line_debt"].format(
                kind=d["product_type"],
                last4=d["last4"] or "—",
                minimum=minimum,
                due=format_date(d["due_date"], language) if d.get("due_date") else "—",
                state=t[state],
            )
        )
    return t["payment_subject"], "\n".join([*lines, "", t["footer"]])


def case_receipt_email(
    language: str,
    *,
    reference: str,
    sla_hours: int,
    merchant: str | None,
    amount: Decimal,
    currency: str,
    place: str | None = None,
) -> tuple[str, str]:
    t = _t(language)
    body = t["receipt_body"].format(
        reference=reference,
        merchant=records_text.quoted(records_text.merchant(merchant)),
        sla_hours=sla_hours,
        amount=format_money(amount, currency, place or language),
    )
    return t["receipt_subject"].format(reference=reference), f"{body}\n\n{t['footer']}"
