"""Fresh customers for each attempt, written as team-made fixtures and removed afterwards.

Only the append-only decision log keeps their traces (it refuses deletes by design)."""

import uuid
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

import psycopg

from quipu.domain.dataset import DATASET_NOW

CURRENCY = {"México": "MXN", "Colombia": "COP", "Argentina": "ARS", "Brazil": "USD"}
SCALE: dict[str, int | Decimal] = {"MXN": 1, "COP": 200, "ARS": 50, "USD": Decimal("0.06")}
FIRST_NAMES = {"es": ("Elena", "Tomás", "Rocío", "Julián"), "pt": ("Beatriz", "Rafael", "Larissa", "Thiago")}
OPS_BY_CUSTOMER = ("handoff_cases", "disputes", "card_actions", "outbox", "preferences", "actions", "transfers")
CORE_BY_CUSTOMER = ("transactions", "billing", "app_sessions", "customer_service_summary", "complaints", "products")
CHECKPOINT_TABLES = ("checkpoint_writes", "checkpoint_blobs", "checkpoints")


@dataclass(frozen=True)
class Built:
    customer_id: str
    values: dict
    neighbor_tokens: tuple[str, ...]
    customers: tuple[str, ...]


def amount(value: str, currency: str) -> Decimal:
    return (Decimal(value) * SCALE[currency]).quantize(Decimal("0.01"))


class FixtureWriter:
    """Rows for one fixture kind; every id carries the attempt's tag so nothing collides or lingers."""

    def __init__(self, conn: psycopg.Connection, tag: str, language: str, segment: str, country: str):
        self.conn = conn
        self.tag = tag
        self.language = language
        self.segment = segment
        self.country = country
        self.currency = CURRENCY[country]
        self.last4 = iter(f"{n:04d}" for n in range(int(tag[-3:], 16) % 5000 + 1000, 10000))

    def customer(self, suffix: str, first_name: str, *, email: bool = True) -> str:
        customer_id = f"EVAL-{self.tag}-{suffix}".upper()
        self.conn.execute(
            "INSERT INTO core.customers (customer_id, document_type, document_number, first_name, last_name, email, "
            "city, country, preferred_language, segment, customer_status, registration_date, is_synthetic_fixture) "
            "VALUES (%s, 'EVAL', %s, %s, 'Prueba', %s, 'Demo', %s, %s, %s, 'Active', '2020-01-01', true)",
            (
                customer_id,
                customer_id,
                first_name,
                f"{customer_id.lower()}@demo.bank" if email else None,
                self.country,
                self.language,
                self.segment,
            ),
        )
        self.product(customer_id, "ACC", "Cuenta Ahorro", amount("5000", self.currency))
        return customer_id

    def product(self, customer_id: str, suffix: str, kind: str, balance, *, status="Active", past_due=0) -> tuple:
        product_id, last4 = f"{customer_id}-{suffix}", next(self.last4)
        card = kind.startswith("Tarjeta")
        self.conn.execute(
            "INSERT INTO core.products (product_id, customer_id, product_type, product_number_last4, account_number, "
            "currency, current_balance, credit_limit, product_status, opening_date, days_past_due, "
            "is_synthetic_fixture) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, '2022-01-01', %s, true)",
            (
                product_id,
                customer_id,
                kind,
                last4,
                None if card else f"9{uuid.uuid4().int % 10**9:09d}",
                self.currency,
                balance,
                amount("20000", self.currency) if kind == "Tarjeta Crédito" else None,
                status,
                past_due if card else None,
            ),
        )
        return product_id, last4

    def charge(self, customer_id: str, product_id: str, suffix: str, merchant: str, value: str, **extra) -> str:
        transaction_id = f"{customer_id}-T{suffix}"
        self.conn.execute(
            "INSERT INTO core.transactions (transaction_id, customer_id, product_id, transaction_date, "
            "transaction_type, transaction_category, amount, currency, channel, merchant_name, transaction_country, "
            "transaction_status, is_fraud, fraud_score, is_synthetic_fixture) "
            "VALUES (%s, %s, %s, %s, 'Purchase', 'Other', %s, %s, 'POS', %s, %s, %s, %s, %s, true)",
            (
                transaction_id,
                customer_id,
                product_id,
                DATASET_NOW - timedelta(days=extra.get("days_ago", 2), minutes=int(suffix) * 7),
                amount(value, self.currency),
                self.currency,
                merchant,
                self.country,
                extra.get("status", "Approved"),
                extra.get("fraud", False),
                Decimal("91.00") if extra.get("fraud") else Decimal("8.00"),
            ),
        )
        return transaction_id


def build(
    conn: psycopg.Connection, fixture: str, *, language: str, segment: str, country: str, neighbor: bool
) -> Built:
    tag = uuid.uuid4().hex[:10]
    w = FixtureWriter(conn, tag, language, segment, country)
    names = FIRST_NAMES[language]
    cid = w.customer("C", names[0], email=fixture != "no_email")
    card_balance = {"indebted": "8000", "cancelable": "0"}.get(fixture, "1200")
    card, last4 = w.product(
        cid,
        "CARD",
        "Tarjeta Crédito",
        amount(card_balance, w.currency),
        status="Blocked" if fixture == "bank_blocked" else "Active",
        past_due=12 if fixture == "indebted" else 0,
    )
    values = {"card": card, "last4": last4, "customer_id": cid}
    if fixture == "two_cards":
        values["other_card"], values["other_last4"] = w.product(
            cid, "CARD2", "Tarjeta Crédito", amount("300", w.currency)
        )
    values["txn"] = w.charge(cid, card, "1", "Cinepolis Centro", "240", days_ago=9)
    w.charge(cid, card, "2", "Farmacia del Ahorro", "180", days_ago=6)
    if fixture == "charges":
        values["txn_reversed"] = w.charge(cid, card, "3", "Mercado Libre", "990", status="Reversed", days_ago=8)
        values["txn_declined"] = w.charge(cid, card, "4", "Steam Games", "450", status="Declined", days_ago=4)
        values["txn_pending"] = w.charge(cid, card, "5", "Amazon Mktp", "1290", status="Pending", days_ago=0)
    if fixture == "fraud":
        for n in ("6", "7", "8"):
            w.charge(cid, card, n, "ElectroMax Online", "3200", fraud=True, days_ago=0)
    customers = [cid]
    tokens: tuple[str, ...] = ()
    if neighbor:
        other = w.customer("N", names[1])
        neighbor_card, neighbor_last4 = w.product(other, "CARD", "Tarjeta Crédito", amount("900", w.currency))
        w.charge(other, neighbor_card, "1", "Librería Gandhi", "610", days_ago=3)
        values |= {"neighbor_id": other, "neighbor_card": neighbor_card, "neighbor_last4": neighbor_last4}
        customers.append(other)
        tokens = (other, neighbor_card, neighbor_last4, f"{other}-T1")
    return Built(cid, values, tokens, tuple(customers))


def remove(conn: psycopg.Connection, customers: tuple[str, ...]) -> None:
    """Everything the attempt wrote, except the append-only decision log."""
    ids = list(customers)
    conversations = [
        r[0]
        for r in conn.execute(
            "SELECT conversation_id FROM ops.conversations WHERE customer_id = ANY(%s)", (ids,)
        ).fetchall()
    ]
    threads = [str(c) for c in conversations]
    for table in CHECKPOINT_TABLES:
        conn.execute(f"DELETE FROM ops.{table} WHERE thread_id = ANY(%s)", (threads,))
    conn.execute("DELETE FROM ops.messages WHERE conversation_id = ANY(%s)", (conversations,))
    for table in OPS_BY_CUSTOMER:
        conn.execute(f"DELETE FROM ops.{table} WHERE customer_id = ANY(%s)", (ids,))
    conn.execute("DELETE FROM ops.conversations WHERE customer_id = ANY(%s)", (ids,))
    for table in CORE_BY_CUSTOMER:
        conn.execute(f"DELETE FROM core.{table} WHERE customer_id = ANY(%s)", (ids,))
    conn.execute("DELETE FROM core.customers WHERE customer_id = ANY(%s)", (ids,))
