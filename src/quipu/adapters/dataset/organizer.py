"""Organizer-shaped synthetic customers: a LATAM bank in Mexico, Colombia and Argentina.

Each customer draws from its own seeded random stream, so customer i is the same whatever the
total count, and the whole set is identical for the same seed.
"""

import random
import unicodedata
from datetime import date, datetime, timedelta
from decimal import Decimal

from quipu.adapters.dataset import catalog
from quipu.adapters.dataset.rows import (
    Bundle,
    FxTable,
    billing_rows,
    new_bundle,
    random_moment,
    stable_id,
)
from quipu.domain.billing import money
from quipu.domain.dataset import DATASET_NOW, HISTORY_START
from quipu.domain.vocabulary import COMPLAINT_SUBCATEGORIES, OPEN_COMPLAINT_STATUSES, TYPICAL_TICKET

HISTORY_START_AT = datetime.combine(HISTORY_START, datetime.min.time())
PENDING_DAYS = 4
DOCUMENT_TYPE = {"México": "INE", "Colombia": "CC", "Argentina": "DNI"}
PHONE_PREFIX = {"México": "+52", "Colombia": "+57", "Argentina": "+54"}


def pick(rng: random.Random, weighted: tuple[tuple[object, float], ...]):
    values, weights = zip(*weighted, strict=True)
    return rng.choices(values, weights)[0]


def ascii_slug(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(c for c in folded.lower() if c.isalnum())


class OrganizerCustomer:
    """Builds every row of one synthetic customer."""

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
        row = {
            "product_id": stable_id("PRD-", self.customer_id, len(self.bundle["products"])),
            "customer_id": self.customer_id,
            "product_type": product_type,
            "product_number_last4": f"{rng.randrange(10000):04d}",
            "account_number": None,
            "currency": currency,
            "current_balance": balance,
            "credit_limit": None,
            "product_status": pick(rng, (("Active", 88), ("Blocked", 4), ("Suspended", 2), ("Closed", 6))),
            "interest_rate": None,
            "opening_date": opened,
            "expiration_date": None,
            "days_past_due": None,
            "is_synthetic_fixture": False,
            **extra,
        }
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

    def _accounts(self) -> list[dict]:
        return [p for p in self.bundle["products"] if p["account_number"]]

    def _spenders(self) -> list[dict]:
        kinds = ("Tarjeta Crédito", "Tarjeta Débito", "Cuenta Ahorro", "Cuenta Corriente")
        return [p for p in self.bundle["products"] if p["product_type"] in kinds]

    def _transactions(self) -> None:
        products = self._spenders()
        if not products:
            return
        count = min(max(int(self.rng.lognormvariate(3.37, 0.6)), 3), 120)
        moments = sorted(random_moment(self.rng, HISTORY_START_AT, DATASET_NOW) for _ in range(count))
        for n, moment in enumerate(moments):
            self.bundle["transactions"].append(self._transaction(n, moment, self.rng.choice(products)))

    def _transaction(self, n: int, moment: datetime, product: dict) -> dict:
        rng = self.rng
        kind = pick(
            rng,
            (("Purchase", 60), ("Payment", 10), ("Transfer", 12), ("Deposit", 8), ("Withdrawal", 9), ("Adjustment", 1)),
        )
        cur = product["currency"]
        row = {
            "transaction_id": stable_id("TRX-", self.customer_id, n, length=14),
            "customer_id": self.customer_id,
            "product_id": product["product_id"],
            "transaction_date": moment,
            "transaction_type": kind,
            "currency": cur,
            "transaction_country": self.country,
            "transaction_city": self.city,
            "is_synthetic_fixture": False,
        }
        if kind == "Purchase":
            row.update(self._purchase(cur))
        else:
            row.update(self._movement(kind, cur))
        row["transaction_status"] = self._status(kind, moment)
        row["response_code"] = {"Approved": "00", "Pending": "00", "Reversed": "00"}.get(
            row["transaction_status"], rng.choice(("05", "51", "54"))
        )
        if rng.random() < 0.6:
            row["amount_usd"] = self.fx.to_usd(row["amount"], cur, moment.date())
        if rng.random() < 0.05:
            row["transaction_category"] = None
        return row

    def _purchase(self, cur: str) -> dict:
        rng = self.rng
        if rng.random() < 0.04:
            name, category, channel, share, country, city = rng.choice(catalog.FOREIGN_MERCHANTS)
        else:
            name, category, channel, share = rng.choice(catalog.MERCHANTS[self.country])
            country, city = self.country, self.city
        fraud = rng.random() < 0.008
        score = rng.gauss(55.7, 18) if fraud else rng.gauss(14.8, 9)
        return {
            "transaction_category": category,
            "amount": money(max(TYPICAL_TICKET[cur] * share * rng.lognormvariate(0, 0.5), 1)),
            "channel": channel,
            "merchant_name": name,
            "transaction_country": country,
            "transaction_city": city,
            "is_fraud": fraud,
            "fraud_score": None if rng.random() < 0.05 else money(min(max(score, 0), 99.99)),
        }

    def _movement(self, kind: str, cur: str) -> dict:
        channel = {
            "Payment": "App",
            "Transfer": "Transfer",
            "Deposit": "Branch",
            "Withdrawal": "ATM",
            "Adjustment": "Branch",
        }[kind]
        return {
            "transaction_category": "Services" if kind == "Payment" else "Other",
            "amount": money(max(TYPICAL_TICKET[cur] * self.rng.lognormvariate(0.8, 0.7), 1)),
            "channel": channel,
            "merchant_name": None,
            "is_fraud": False,
            "fraud_score": money(abs(self.rng.gauss(8, 5))),
        }

    def _status(self, kind: str, moment: datetime) -> str:
        if DATASET_NOW - moment < timedelta(days=PENDING_DAYS) and self.rng.random() < 0.5:
            return "Pending"
        weights = (("Approved", 91), ("Declined", 5), ("Reversed", 4 if kind == "Purchase" else 0))
        return pick(self.rng, weights)

    def _sessions(self) -> None:
        rng = self.rng
        for n in range(rng.randint(0, 12)):
            start = random_moment(rng, HISTORY_START_AT, DATASET_NOW)
            platform = pick(rng, (("iOS", 35), ("Android", 45), ("Web", 20)))
            self.bundle["app_sessions"].append(
                {
                    "session_id": stable_id("SES-", self.customer_id, n, length=14),
                    "customer_id": self.customer_id,
                    "started_at": start,
                    "ended_at": start + timedelta(seconds=rng.randint(30, 1800)),
                    "channel": "Web" if platform == "Web" else "App",
                    "platform": platform,
                    "ip_country": self.country if rng.random() < 0.96 else "USA",
                    "ip_city": self.city,
                    "had_login": rng.random() < 0.9,
                    "events": rng.randint(2, 40),
                    "is_synthetic_fixture": False,
                }
            )

    def _service_bills(self) -> None:
        rng = self.rng
        accounts = [a for a in self._accounts() if a["product_status"] == "Active"]
        if not accounts:
            return
        cur = accounts[0]["currency"]
        for n, (biller_id, _, category) in enumerate(rng.sample(catalog.BILLERS, rng.randint(0, 3))):
            due = date(2026, 6, 5) + timedelta(days=rng.randrange(36))
            paid = due < date(2026, 6, 12) and rng.random() < 0.8
            self.bundle["service_bills"].append(
                {
                    "bill_id": stable_id("BIL-", self.customer_id, n),
                    "customer_id": self.customer_id,
                    "biller_id": biller_id,
                    "reference": str(rng.randrange(10**9, 10**10)),
                    "amount": money(
                        TYPICAL_TICKET[cur] * catalog.BILL_SHARE_OF_TICKET[category] * rng.uniform(0.7, 1.3)
                    ),
                    "currency": cur,
                    "due_date": due,
                    "status": "paid" if paid else "pending",
                    "paid_at": datetime(2026, 6, 1, 9) + timedelta(hours=rng.randrange(24 * 10)) if paid else None,
                }
            )

    def _complaints_and_summary(self) -> None:
        rng = self.rng
        count = pick(rng, ((0, 70), (1, 20), (2, 7), (3, 3)))
        for n in range(count):
            self.bundle["complaints"].append(self._complaint(n))
        complaints = self.bundle["complaints"]
        contacts = rng.randint(0, 6)
        last_contact = random_moment(rng, datetime(2025, 6, 18), DATASET_NOW) if contacts else None
        self.bundle["customer_service_summary"].append(
            {
                "customer_id": self.customer_id,
                "contacts_in_window": contacts,
                "escalated_contacts": sum(rng.random() < 0.1 for _ in range(contacts)),
                "last_contact_at": last_contact,
                "last_contact_reason": rng.choice(catalog.CONTACT_REASONS) if contacts else None,
                "open_complaints": sum(c["status"] in OPEN_COMPLAINT_STATUSES for c in complaints),
                "unrecognized_charge_complaints": sum(c["subcategory"] == "Cargo no reconocido" for c in complaints),
                "is_repeat_complainer": len(complaints) >= 2,
                "last_csat": money(rng.uniform(1, 5)) if contacts else None,
            }
        )

    def _complaint(self, n: int) -> dict:
        rng = self.rng
        created = random_moment(rng, HISTORY_START_AT, DATASET_NOW)
        subcategory = rng.choice(COMPLAINT_SUBCATEGORIES)
        status = pick(
            rng, (("Open", 25), ("In Process", 8), ("Escalated", 4), ("Resolved", 30), ("Closed", 28), ("Rejected", 5))
        )
        finished = status not in OPEN_COMPLAINT_STATUSES
        days = rng.randint(1, 60)
        products = self.bundle["products"]
        claimed = subcategory in ("Cargo no reconocido", "Cobro indebido")
        cur = products[0]["currency"] if products else self.local_currency
        return {
            "complaint_id": stable_id("CMP-", self.customer_id, n),
            "customer_id": self.customer_id,
            "creation_date": created,
            "case_type": pick(rng, (("Complaint", 50), ("Claim", 30), ("Request", 15), ("Suggestion", 5))),
            "category": {
                "Cargo no reconocido": "Transactions",
                "Cobro indebido": "Fees",
                "Problema con app": "Technical",
                "Atención en sucursal": "Branch",
                "Calidad de servicio": "Service",
            }[subcategory],
            "subcategory": subcategory,
            "reception_channel": rng.choice(("App", "Branch", "Call Center", "Email", "Regulator", "Web")),
            "affected_product_id": rng.choice(products)["product_id"] if products else None,
            "description": catalog.COMPLAINT_DESCRIPTIONS[subcategory],
            "claimed_amount": money(TYPICAL_TICKET[cur] * rng.uniform(0.5, 5)) if claimed else None,
            "currency": cur if claimed else None,
            "priority": pick(rng, (("Low", 40), ("Medium", 35), ("High", 20), ("Critical", 5))),
            "status": status,
            "first_response_date": created + timedelta(hours=rng.randint(1, 96)),
            "resolution_date": created + timedelta(days=days) if finished else None,
            "closing_date": created + timedelta(days=days + 1) if status == "Closed" else None,
            "sla_breached": days > 15 if finished else None,
            "resolution_days": days if finished else None,
            "resolution": "Caso atendido conforme a la política vigente." if finished else None,
            "compensation_granted": (rng.random() < 0.2) if finished else None,
            "resolution_satisfaction": rng.randint(1, 5) if finished else None,
            "is_repeat_complainer": n > 0,
        }
