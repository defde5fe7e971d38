"""The on-disk shape of a core dataset: one CSV per table plus a manifest of row counts and hashes.

The synthetic generator writes it, the pipeline can write it, and the loader reads it; the table
order is the load order (parents before children).
"""

import csv
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from quipu.checksums import sha256_of

CORE_TABLES: dict[str, tuple[str, ...]] = {
    "customers": (
        "customer_id",
        "document_type",
        "document_number",
        "first_name",
        "last_name",
        "date_of_birth",
        "email",
        "mobile_phone",
        "city",
        "country",
        "detected_accent",
        "preferred_language",
        "segment",
        "customer_status",
        "registration_date",
        "is_synthetic_fixture",
    ),
    "products": (
        "product_id",
        "customer_id",
        "product_type",
        "product_number_last4",
        "account_number",
        "currency",
        "current_balance",
        "credit_limit",
        "product_status",
        "interest_rate",
        "opening_date",
        "expiration_date",
        "days_past_due",
        "is_synthetic_fixture",
    ),
    "transactions": (
        "transaction_id",
        "customer_id",
        "product_id",
        "transaction_date",
        "transaction_type",
        "transaction_category",
        "amount",
        "currency",
        "amount_usd",
        "channel",
        "merchant_name",
        "transaction_country",
        "transaction_city",
        "transaction_status",
        "response_code",
        "is_fraud",
        "fraud_score",
        "is_synthetic_fixture",
    ),
    "billing": (
        "product_id",
        "customer_id",
        "as_of",
        "statement_date",
        "due_date",
        "statement_balance",
        "minimum_payment",
        "past_due_amount",
        "remaining_installments",
    ),
    "service_billers": ("biller_id", "name", "category"),
    "service_bills": (
        "bill_id",
        "customer_id",
        "biller_id",
        "reference",
        "amount",
        "currency",
        "due_date",
        "status",
        "paid_at",
    ),
    "fx_rates": (
        "date",
        "source_currency",
        "target_currency",
        "exchange_rate",
        "buy_rate",
        "sell_rate",
    ),
    "app_sessions": (
        "session_id",
        "customer_id",
        "started_at",
        "ended_at",
        "channel",
        "platform",
        "ip_country",
        "ip_city",
        "had_login",
        "events",
        "is_synthetic_fixture",
    ),
    "customer_service_summary": (
        "customer_id",
        "contacts_in_window",
        "escalated_contacts",
        "last_contact_at",
        "last_contact_reason",
        "open_complaints",
        "unrecognized_charge_complaints",
        "is_repeat_complainer",
        "last_csat",
    ),
    "complaints": (
        "complaint_id",
        "customer_id",
        "creation_date",
        "case_type",
        "category",
        "subcategory",
        "reception_channel",
        "affected_product_id",
        "description",
        "claimed_amount",
        "currency",
        "priority",
        "status",
        "first_response_date",
        "resolution_date",
        "closing_date",
        "sla_breached",
        "resolution_days",
        "resolution",
        "compensation_granted",
        "resolution_satisfaction",
        "is_repeat_complainer",
    ),
}
MANIFEST = "manifest.json"

Row = Mapping[str, object]


@dataclass(frozen=True)
class TableFile:
    table: str
    path: Path
    rows: int
    sha256: str


def render(value: object) -> object:
    """CSV text for one value: NULL is an empty unquoted field, booleans are t/f."""
    if value is None:
        return None
    if value is True:
        return "t"
    if value is False:
        return "f"
    return value


class DatasetWriter:
    """Streams rows into one CSV per core table and records what was written."""

    def __init__(self, directory: Path):
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)
        self._files = {t: (directory / f"{t}.csv").open("w", newline="", encoding="utf-8") for t in CORE_TABLES}
        self._writers = {t: csv.writer(f, lineterminator="\n") for t, f in self._files.items()}
        self.counts = dict.fromkeys(CORE_TABLES, 0)
        for table, writer in self._writers.items():
            writer.writerow(CORE_TABLES[table])

    def write(self, table: str, rows: Iterable[Row]) -> None:
        columns = CORE_TABLES[table]
        writer = self._writers[table]
        for row in rows:
            writer.writerow([render(row.get(c)) for c in columns])
            self.counts[table] += 1

    def close(self, extra: Mapping[str, object]) -> dict:
        for f in self._files.values():
            f.close()
        manifest = {
            **extra,
            "tables": {
                t: {"rows": n, "sha256": sha256_of(self.directory / f"{t}.csv")} for t, n in self.counts.items()
            },
        }
        (self.directory / MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
        return manifest


def read_manifest(directory: Path) -> dict:
    return json.loads((directory / MANIFEST).read_text())


def table_files(directory: Path) -> list[TableFile]:
    manifest = read_manifest(directory)["tables"]
    return [TableFile(t, directory / f"{t}.csv", manifest[t]["rows"], manifest[t]["sha256"]) for t in CORE_TABLES]
