"""What an organizer-shaped customer does over the history: transactions, app sessions, service bills and
complaints, each drawn from the customer's own random stream (in this order, so a seed gives the same rows)."""

import random
from datetime import date, datetime, timedelta

from quipu.bank_data.generator import catalog
from quipu.bank_data.generator.rows import Bundle, FxTable, random_moment, stable_id
from quipu.domain.billing import money
from quipu.domain.dataset import DATASET_NOW, HISTORY_START
from quipu.domain.vocabulary import COMPLAINT_SUBCATEGORIES, OPEN_COMPLAINT_STATUSES, TYPICAL_TICKET

HISTORY_START_AT = datetime.combine(HISTORY_START, datetime.min.time())
PENDING_DAYS = 4


def pick(rng: random.Random, weighted: tuple[tuple[object, float], ...]):
    values, weights = zip(*weighted, strict=True)
    return rng.choices(values, weights)[0]


class CustomerActivity:
    """The activity half of OrganizerCustomer; it reads the customer's products, country and stream."""

    rng: random.Random
    fx: FxTable
    bundle: Bundle
    customer_id: str
    country: str
    city: str
    local_currency: str

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
