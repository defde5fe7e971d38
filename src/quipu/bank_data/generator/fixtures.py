"""The rows of the ten demo customers (see demo_customers.py), each a labeled fixture."""

import random
from datetime import date, datetime, timedelta
from decimal import Decimal

from quipu.bank_data.demo_customers import DEMO_CUSTOMERS, Charge, DemoCustomer
from quipu.bank_data.generator import catalog
from quipu.bank_data.generator.rows import Bundle, FxTable, billing_rows, new_bundle, product_row, stable_id
from quipu.domain.billing import money
from quipu.domain.dataset import DATASET_NOW
from quipu.domain.vocabulary import TYPICAL_TICKET

FIXTURE_SEED = 2026
BACKGROUND_PURCHASES = 30
BACKGROUND_DAYS = 90


DISPUTE_ACCOUNT_BALANCE = {"MXN": "12000.00", "COP": "2500000.00", "ARS": "750000.00", "USD": "900.00"}
DISPUTE_BILLS = (("luz", 1.6), ("agua", 0.7), ("internet", 1.3))


class FixtureBuilder:
    def __init__(self, index: int, demo: DemoCustomer, fx: FxTable):
        self.index = index
        self.demo = demo
        self.fx = fx
        self.rng = random.Random(f"fixture:{FIXTURE_SEED}:{demo.customer_id}")
        self.bundle = new_bundle()

    @property
    def cid(self) -> str:
        return self.demo.customer_id

    def build(self) -> Bundle:
        d = self.demo
        self.bundle["customers"].append(
            {
                "customer_id": d.customer_id,
                "document_type": "DEMO",
                "document_number": d.customer_id,
                "first_name": d.first_name,
                "last_name": d.last_name,
                "date_of_birth": date(1990, 1, 1) + timedelta(days=self.rng.randrange(3650)),
                "email": d.email,
                "mobile_phone": None,
                "city": d.city,
                "country": d.country,
                "detected_accent": None,
                "preferred_language": d.language,
                "segment": "Plus",
                "customer_status": "Active",
                "registration_date": date(2019, 5, 20),
                "is_synthetic_fixture": True,
            }
        )
        self._accounts()
        if d.dispute_card:
            self._dispute_card()
        for extra in d.extra_products:
            self._extra(extra)
        self._bills()
        self._session(DATASET_NOW - timedelta(days=30), platform="Android", city=d.city, events=6)
        for s in d.sessions:
            self._session(s["started_at"], s["platform"], s["ip_city"], s["events"], s["ended_at"])
        self.bundle["customer_service_summary"].append(
            {
                "customer_id": self.cid,
                "contacts_in_window": 0,
                "escalated_contacts": 0,
                "open_complaints": 0,
                "unrecognized_charge_complaints": 0,
                "is_repeat_complainer": False,
            }
        )
        self.bundle["billing"] = billing_rows(self.bundle["products"])
        return self.bundle

    def _product(self, product_type: str, currency: str, balance, last4: str, suffix: str, **extra) -> dict:
        product_id = f"{self.cid}-{suffix}"
        opened = date(2021, 3, 15)
        row = product_row(
            self.cid,
            product_id,
            product_type,
            currency,
            Decimal(balance),
            last4=last4,
            status="Active",
            opened=opened,
            fixture=True,
            **extra,
        )
        self.bundle["products"].append(row)
        return row

    def _accounts(self) -> None:
        accounts = self.demo.accounts
        if self.demo.dispute_card:
            number = f"40000010{self.index:02d}"
            accounts = (("Cuenta Ahorro", self.demo.currency, DISPUTE_ACCOUNT_BALANCE[self.demo.currency], number),)
        for n, (kind, cur, balance, number) in enumerate(accounts, start=1):
            self._product(kind, cur, balance, number[-4:], account_number=number, suffix=f"ACC{n}")

    def _dispute_card(self) -> None:
        cur = self.demo.currency
        ticket = TYPICAL_TICKET[cur]
        card = self._product(
            "Tarjeta Crédito",
            cur,
            money(18 * ticket),
            f"{4100 + 111 * self.index:04d}",
            suffix="CARD",
            credit_limit=money(60 * ticket),
            interest_rate=Decimal("36.00"),
            expiration_date=date(2029, 3, 31),
            days_past_due=0,
        )
        for n, charge in enumerate(self.demo.charges):
            self._charge(card, f"C{n + 1}", charge)
        self._background(card)

    def _extra(self, spec: dict) -> None:
        spec = dict(spec)
        suffix = "CARD" if spec["product_type"] == "Tarjeta Crédito" else "LOAN"
        self._product(
            spec.pop("product_type"),
            self.demo.currency,
            spec.pop("current_balance"),
            spec.pop("last4"),
            suffix=suffix,
            days_past_due=0,
            expiration_date=date(2029, 3, 31),
            **spec,
        )

    def _charge(self, card: dict, suffix: str, c: Charge) -> None:
        amount = Decimal(c.amount)
        self.bundle["transactions"].append(
            {
                "transaction_id": f"{self.cid}-{suffix}",
                "customer_id": self.cid,
                "product_id": card["product_id"],
                "transaction_date": c.at,
                "transaction_type": "Purchase",
                "transaction_category": c.category,
                "amount": amount,
                "currency": card["currency"],
                "amount_usd": self.fx.to_usd(amount, card["currency"], c.at.date()),
                "channel": c.channel,
                "merchant_name": c.merchant,
                "transaction_country": c.country or self.demo.country,
                "transaction_city": c.city or self.demo.city,
                "transaction_status": c.status,
                "response_code": "00",
                "is_fraud": c.is_fraud,
                "fraud_score": Decimal(c.fraud_score),
                "is_synthetic_fixture": True,
            }
        )

    def _background(self, card: dict) -> None:
        """About thirty ordinary approved purchases that cannot be mistaken for the case."""
        case_days = {c.at.date() for c in self.demo.charges}
        case_merchants = {c.merchant for c in self.demo.charges}
        merchants = [m for m in catalog.MERCHANTS[self.demo.country] if m[0] not in case_merchants]
        ticket = TYPICAL_TICKET[card["currency"]]
        n = 0
        while n < BACKGROUND_PURCHASES:
            at = DATASET_NOW - timedelta(days=2, seconds=self.rng.randrange(BACKGROUND_DAYS * 86400))
            if at.date() in case_days:
                continue
            name, category, channel, share = self.rng.choice(merchants)
            amount = money(ticket * share * self.rng.uniform(0.5, 1.5) + n / 100)
            self._charge(
                card,
                f"B{n + 1:02d}",
                Charge(name, str(amount), at, channel=channel, category=category, fraud_score="8.00"),
            )
            n += 1

    def _bills(self) -> None:
        cur = self.demo.currency
        bills = self.demo.bills or tuple((cat, str(money(TYPICAL_TICKET[cur] * share))) for cat, share in DISPUTE_BILLS)
        billers = {category: biller_id for biller_id, _, category in catalog.BILLERS}
        for n, (category, amount) in enumerate(bills, start=1):
            self.bundle["service_bills"].append(
                {
                    "bill_id": f"{self.cid}-BILL{n}",
                    "customer_id": self.cid,
                    "biller_id": billers[category],
                    "reference": f"{7000000000 + n * 1111 + sum(map(ord, self.cid))}",
                    "amount": Decimal(amount),
                    "currency": cur,
                    "due_date": date(2026, 6, 20) + timedelta(days=4 * n),
                    "status": "pending",
                    "paid_at": None,
                }
            )

    def _session(self, start: datetime, platform: str, city: str, events: int, end: datetime | None = None):
        n = len(self.bundle["app_sessions"])
        self.bundle["app_sessions"].append(
            {
                "session_id": stable_id("SES-", self.cid, n, length=14),
                "customer_id": self.cid,
                "started_at": start,
                "ended_at": end or start + timedelta(minutes=9),
                "channel": "App",
                "platform": platform,
                "ip_country": "Brazil" if self.demo.country == "Brazil" else self.demo.country,
                "ip_city": city,
                "had_login": True,
                "events": events,
                "is_synthetic_fixture": True,
            }
        )


def demo_bundles(fx: FxTable):
    for index, demo in enumerate(DEMO_CUSTOMERS):
        yield FixtureBuilder(index, demo, fx).build()
