"""Organizer-shaped synthetic customers: a LATAM bank in Mexico, Colombia and Argentina.

Each customer draws from its own seeded random stream, so customer i is the same whatever the
total count, and the whole set is identical for the same seed.
"""

import random
import unicodedata
from datetime import date, timedelta
from decimal import Decimal

from quipu.bank_data.generator import catalog
from quipu.bank_data.generator.activity import CustomerActivity, pick
from quipu.bank_data.generator.rows import (
    Bundle,
    FxTable,
    billing_rows,
    new_bundle,
    product_row,
    stable_id,
)
from quipu.domain.billing import money
from quipu.domain.vocabulary import TYPICAL_TICKET

DOCUMENT_TYPE = {"México": "INE", "Colombia": "CC", "Argentina": "DNI"}
PHONE_PREFIX = {"México": "+52", "Colombia": "+57", "Argentina": "+54"}


def ascii_slug(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(c for c in folded.lower() if c.isalnum())


class OrganizerCustomer(CustomerActivity):
    """Builds every row of one synthetic customer: who they are and their products here, the rest in activity."""

    def __init__(self, seed: int, index: int, fx: FxTable):
        self.rng = random.Random(f"customer:{seed}:{index}")
        self.index = index
        self.fx = fx
        self.customer_id = stable_id("CLI-", seed, index)
        self.country = pick(self.rng, catalog.COUNTRY_SHARE)
        self.local_currency = catalog.COUNTRY_CURRENCY[self.country]
        self.city = self.rng.choice(catalog.CITIES[self.country])
        self.bundle = new_bundle()

    def build(self) -> Bundle:
        self._customer()
        self._products()
        self._transactions()
        self._sessions()
        self._service_bills()
        self._complaints_and_summary()
        self.bundle["billing"] = billing_rows(self.bundle["products"])
        return self.bundle

    def _customer(self) -> None:
        rng = self.rng
        first, last = rng.choice(catalog.FIRST_NAMES), rng.choice(catalog.LAST_NAMES)
        second = rng.choice(catalog.LAST_NAMES)
        self.registered = date(2010, 1, 1) + timedelta(days=rng.randrange(15 * 365))
        self.bundle["customers"].append(
            {
                "customer_id": self.customer_id,
                "document_type": DOCUMENT_TYPE[self.country],
                "document_number": str(rng.randrange(10**7, 10**10)),
                "first_name": first,
                "last_name": f"{last} {second}",
                "date_of_birth": date(1950, 1, 1) + timedelta(days=rng.randrange(56 * 365)),
                "email": f"{ascii_slug(first)}.{ascii_slug(last)}{self.index}@correo.example",
                "mobile_phone": f"{PHONE_PREFIX[self.country]}{rng.randrange(10**9, 10**10)}",
                "city": self.city,
                "country": self.country,
                "detected_accent": catalog.ACCENTS[self.country],
                "preferred_language": "es",
                "segment": pick(rng, (("Basic", 45), ("Plus", 25), ("Premium", 10), ("Student", 20))),
                "customer_status": pick(rng, (("Active", 90), ("Inactive", 6), ("Suspended", 2), ("Closed", 2))),
                "registration_date": self.registered,
                "is_synthetic_fixture": False,
            }
        )

    def _product(self, product_type: str, currency: str, balance: Decimal | None, **extra) -> dict:
        rng = self.rng
        opened = self.registered + timedelta(days=rng.randrange(max((date(2026, 5, 1) - self.registered).days, 1)))
        product_id = stable_id("PRD-", self.customer_id, len(self.bundle["products"]))
        last4 = f"{rng.randrange(10000):04d}"
        status = pick(rng, (("Active", 88), ("Blocked", 4), ("Suspended", 2), ("Closed", 6)))
        row = product_row(
            self.customer_id,
            product_id,
            product_type,
            currency,
            balance,
            last4=last4,
            status=status,
            opened=opened,
            fixture=False,
            **extra,
        )
        self.bundle["products"].append(row)
        return row

    def _products(self) -> None:
        rng = self.rng
        cur = self.local_currency if rng.random() < 0.85 else "USD"
        ticket = TYPICAL_TICKET[cur]
        for k, kind in enumerate(self._account_kinds()):
            self._product(
                kind, cur, money(ticket * rng.lognormvariate(3.0, 0.9)), account_number=f"1{self.index:06d}{k:03d}"
            )
        if self._accounts() and rng.random() < 0.55:
            self._card("Tarjeta Débito", cur, Decimal("0.00"), None)
        if rng.random() < 0.5:
            limit = money(ticket * rng.randint(20, 100))
            self._card("Tarjeta Crédito", cur, money(float(limit) * rng.uniform(0, 0.9)), limit)
        if rng.random() < 0.15:
            self._loan("Préstamo Personal", cur, ticket * rng.randint(50, 400), rng.uniform(18, 45))
        if rng.random() < 0.04:
            self._loan("Préstamo Hipotecario", cur, ticket * rng.randint(2000, 8000), rng.uniform(9, 14))
        if rng.random() < 0.10:
            self._product(
                "Inversión", cur, money(ticket * rng.lognormvariate(4, 1)), interest_rate=money(rng.uniform(4, 11))
            )
        if rng.random() < 0.08:
            self._product("Seguro", cur, None)

    def _account_kinds(self) -> list[str]:
        roll = self.rng.random()
        if roll < 0.05:
            return []
        if roll < 0.30:
            return ["Cuenta Ahorro", "Cuenta Corriente"]
        return [self.rng.choice(("Cuenta Ahorro", "Cuenta Ahorro", "Cuenta Corriente"))]

    def _past_due(self) -> int:
        return 0 if self.rng.random() < 0.88 else self.rng.randint(1, 150)

    def _card(self, kind: str, cur: str, balance: Decimal, limit: Decimal | None) -> None:
        row = self._product(kind, cur, balance, credit_limit=limit)
        row["expiration_date"] = row["opening_date"] + timedelta(days=365 * self.rng.randint(4, 5))
        if kind == "Tarjeta Crédito":
            row["interest_rate"] = money(self.rng.uniform(28, 60))
            row["days_past_due"] = self._past_due()

    def _loan(self, kind: str, cur: str, amount: float, rate: float) -> None:
        row = self._product(kind, cur, money(amount), interest_rate=money(rate))
        row["expiration_date"] = row["opening_date"] + timedelta(days=365 * self.rng.randint(2, 25))
        row["days_past_due"] = self._past_due()
