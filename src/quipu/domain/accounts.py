"""Balances and debts: totals per currency over Active products only, never across currencies."""

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from quipu.domain.vocabulary import ACCOUNT_TYPES, CREDIT_CARD, DEBT_TYPES, INVESTMENT

INVESTMENT_TYPES = (INVESTMENT,)


@dataclass(frozen=True)
class Product:
    product_id: str
    product_type: str
    last4: str | None
    currency: str
    balance: Decimal | None
    credit_limit: Decimal | None
    status: str


def group_of(product_type: str) -> str | None:
    if product_type in ACCOUNT_TYPES:
        return "deposits"
    if product_type in INVESTMENT_TYPES:
        return "investments"
    if product_type in DEBT_TYPES:
        return "debt"
    return None


def credit_available(product: Product) -> Decimal | None:
    if product.product_type != CREDIT_CARD or product.credit_limit is None or product.balance is None:
        return None
    return max(product.credit_limit - product.balance, Decimal("0.00"))


def totals(products: list[Product]) -> dict[str, dict[str, str]]:
    """{group: {currency: total}} over Active products with a known balance."""
    sums: dict[str, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    for p in products:
        group = group_of(p.product_type)
        if group and p.status == "Active" and p.balance is not None:
            sums[group][p.currency] += p.balance
    return {g: {c: str(v) for c, v in sorted(by.items())} for g, by in sorted(sums.items())}


def product_view(p: Product) -> dict[str, Any]:
    """One product as a tool shows it; unknown values are left out, never shown as 0."""
    view = {"product_type": p.product_type, "last4": p.last4, "currency": p.currency, "status": p.status}
    if p.balance is not None:
        view["current_balance"] = str(p.balance)
    if p.credit_limit is not None:
        view["credit_limit"] = str(p.credit_limit)
    available = credit_available(p)
    if available is not None:
        view["credit_available"] = str(available)
    return {k: v for k, v in view.items() if v is not None}


def tenure_years(registration: date | None, as_of: date) -> int | None:
    if registration is None or registration > as_of:
        return None
    return as_of.year - registration.year - ((as_of.month, as_of.day) < (registration.month, registration.day))
