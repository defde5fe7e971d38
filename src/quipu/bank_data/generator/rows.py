"""Helpers shared by the synthetic generators: ids, money, fx and derived rows."""

import hashlib
import math
import random
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from decimal import Decimal

from quipu.bank_data.generator.catalog import BILLERS
from quipu.domain.billing import DebtProduct, bill_for, money
from quipu.domain.dataset import AS_OF, HISTORY_START
from quipu.domain.vocabulary import CURRENCIES

ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
Bundle = dict[str, list[dict]]


def stable_id(prefix: str, *parts: object, length: int = 12) -> str:
    digest = hashlib.sha256(":".join(map(str, (prefix, *parts))).encode()).digest()
    number = int.from_bytes(digest, "big")
    chars = []
    for _ in range(length):
        number, index = divmod(number, len(ID_ALPHABET))
        chars.append(ID_ALPHABET[index])
    return prefix + "".join(chars)


def new_bundle() -> Bundle:
    return {
        "customers": [],
        "products": [],
        "transactions": [],
        "billing": [],
        "service_bills": [],
        "app_sessions": [],
        "customer_service_summary": [],
        "complaints": [],
    }


def random_moment(rng: random.Random, start: datetime, end: datetime) -> datetime:
    seconds = int((end - start).total_seconds())
    return start + timedelta(seconds=rng.randrange(max(seconds, 1)))


def product_row(
    customer_id: str,
    product_id: str,
    product_type: str,
    currency: str,
    balance: Decimal | None,
    *,
    last4: str,
    status: str,
    opened: date,
    fixture: bool,
    **extra,
) -> dict:
    """One core.products row; the columns a product lacks (account number, limit, rate, expiry, arrears) stay
    empty unless `extra` gives them."""
    return {
        "product_id": product_id,
        "customer_id": customer_id,
        "product_type": product_type,
        "product_number_last4": last4,
        "account_number": None,
        "currency": currency,
        "current_balance": balance,
        "credit_limit": None,
        "product_status": status,
        "interest_rate": None,
        "opening_date": opened,
        "expiration_date": None,
        "days_past_due": None,
        "is_synthetic_fixture": fixture,
        **extra,
    }


def debt_product(p: dict) -> DebtProduct:
    """A generated product row as the billing rule reads it."""
    same_named = {k: p[k] for k in ("product_id", "customer_id", "product_type", "currency")}
    return DebtProduct(
        **same_named,
        balance=p["current_balance"],
        status=p["product_status"],
        days_past_due=p.get("days_past_due") or 0,
        interest_rate=p.get("interest_rate"),
    )


def billing_rows(products: Iterable[dict]) -> list[dict]:
    rows = []
    for p in products:
        bill = bill_for(debt_product(p))
        if bill:
            rows.append(vars(bill).copy())
    return rows


def biller_rows() -> list[dict]:
    return [{"biller_id": b, "name": n, "category": c} for b, n, c in BILLERS]


class FxTable:
    """Daily units of each currency per US dollar, from a seeded random walk."""

    START = {"MXN": 17.2, "COP": 4150.0, "ARS": 255.0}
    DRIFT_PER_YEAR = {"MXN": 0.03, "COP": -0.01, "ARS": 0.55}
    VOLATILITY = {"MXN": 0.004, "COP": 0.004, "ARS": 0.006}

    def __init__(self, seed: int, start: date = HISTORY_START, end: date = AS_OF):
        rng = random.Random(f"fx:{seed}")
        self.days = [start + timedelta(days=d) for d in range((end - start).days + 1)]
        self.per_usd: dict[date, dict[str, float]] = {}
        level = dict(self.START)
        for day in self.days:
            for cur in level:
                drift = math.log1p(self.DRIFT_PER_YEAR[cur]) / 365
                level[cur] *= math.exp(drift + rng.gauss(0, self.VOLATILITY[cur]))
            self.per_usd[day] = {"USD": 1.0, **level}

    def rate(self, day: date, source: str, target: str) -> float:
        units = self.per_usd[min(max(day, self.days[0]), self.days[-1])]
        return units[target] / units[source]

    def to_usd(self, amount: Decimal, currency: str, day: date) -> Decimal:
        return money(float(amount) * self.rate(day, currency, "USD"))

    def rows(self) -> Iterable[dict]:
        for day in self.days:
            for source in CURRENCIES:
                for target in CURRENCIES:
                    if source != target:
                        rate = self.rate(day, source, target)
                        yield {
                            "date": day,
                            "source_currency": source,
                            "target_currency": target,
                            "exchange_rate": f"{rate:.6f}",
                            "buy_rate": f"{rate * 0.99:.6f}",
                            "sell_rate": f"{rate * 1.01:.6f}",
                        }
