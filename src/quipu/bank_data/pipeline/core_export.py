"""Silver to the core dataset (one CSV per core table and a manifest), which the loader stages, counts and
swaps in. Tables the organizer does not have are derived: billing by the billing rule, app sessions from
digital events, the service summary from contacts, complaints and surveys, service bills by a fixed rule."""

import csv
import json
from decimal import Decimal
from pathlib import Path

import duckdb

from quipu.bank_data.format import CORE_TABLES, MANIFEST
from quipu.bank_data.generator.catalog import BILLERS
from quipu.bank_data.generator.rows import billing_rows
from quipu.checksums import sha256_of

SELECTS = {
    "customers": """SELECT customer_id, document_type, document_number, first_name, last_name,
        TRY_CAST(date_of_birth AS DATE), email, mobile_phone, city, country, detected_accent, 'es',
        segment, customer_status, TRY_CAST(registration_date AS DATE), false FROM {customers}""",
    "products": """SELECT product_id, customer_id, product_type, product_number_last4, nullif(account_number, ''),
        currency, TRY_CAST(current_balance AS DECIMAL(15,2)), TRY_CAST(credit_limit AS DECIMAL(15,2)),
        product_status, TRY_CAST(interest_rate AS DECIMAL(6,2)), TRY_CAST(opening_date AS DATE),
        TRY_CAST(expiration_date AS DATE), TRY_CAST(days_past_due AS INTEGER), false FROM {products}""",
    "transactions": """SELECT transaction_id, customer_id, product_id, TRY_CAST(transaction_date AS TIMESTAMP),
        transaction_type, transaction_category, TRY_CAST(amount AS DECIMAL(15,2)), currency,
        TRY_CAST(amount_usd AS DECIMAL(15,2)), channel, merchant_name, transaction_country, transaction_city,
        transaction_status, response_code, TRY_CAST(is_fraud AS BOOLEAN), TRY_CAST(fraud_score AS DECIMAL(5,2)),
        false FROM {transactions}""",
    "service_bills": """SELECT 'BIL-' || product_id, customer_id,
        ['SVC-LUZ', 'SVC-AGUA', 'SVC-NET'][CAST(1 + hash(product_id) % 3 AS BIGINT)],
        lpad(CAST(hash(product_id) % 10000000000 AS VARCHAR), 10, '0'),
        round(100 + (hash(customer_id) % 900), 2), currency,
        DATE '2026-06-20' + CAST(hash(product_id) % 20 AS INTEGER), 'pending', NULL
        FROM {products} WHERE product_type IN ('Cuenta Ahorro', 'Cuenta Corriente') AND product_status = 'Active'""",
    "fx_rates": """SELECT TRY_CAST(date AS DATE), source_currency, target_currency,
        TRY_CAST(exchange_rate AS DECIMAL(14,6)), TRY_CAST(buy_rate AS DECIMAL(14,6)),
        TRY_CAST(sell_rate AS DECIMAL(14,6)) FROM {daily_exchange_rates}""",
    "app_sessions": """SELECT session_id, any_value(customer_id), min(TRY_CAST(event_time AS TIMESTAMP)),
        max(TRY_CAST(event_time AS TIMESTAMP)), any_value(channel), any_value(platform), any_value(ip_country),
        any_value(ip_city), bool_or(event_type = 'Login'), count(*), false FROM {digital_events} GROUP BY session_id""",
    "customer_service_summary": """SELECT c.customer_id, coalesce(i.contacts, 0), coalesce(i.escalated, 0),
        i.last_at, i.last_reason, coalesce(q.open, 0), coalesce(q.unrecognized, 0), coalesce(q.total, 0) >= 2,
        s.last_csat
        FROM {customers} c
        LEFT JOIN (SELECT customer_id, count(*) AS contacts,
                   count(*) FILTER (WHERE was_escalated = 'true') AS escalated,
                   max(TRY_CAST(interaction_date AS TIMESTAMP)) AS last_at,
                   arg_max(reason, TRY_CAST(interaction_date AS TIMESTAMP)) AS last_reason
                   FROM {call_center_interactions} GROUP BY 1) i USING (customer_id)
        LEFT JOIN (SELECT customer_id, count(*) AS total,
                   count(*) FILTER (WHERE status IN ('Open', 'In Process', 'Escalated')) AS open,
                   count(*) FILTER (WHERE subcategory = 'Cargo no reconocido') AS unrecognized
                   FROM {complaints} GROUP BY 1) q USING (customer_id)
        LEFT JOIN (SELECT customer_id, arg_max(TRY_CAST(csat AS DECIMAL(3,1)), survey_date) AS last_csat
                   FROM {satisfaction_surveys} GROUP BY 1) s USING (customer_id)""",
    "complaints": """SELECT complaint_id, customer_id, TRY_CAST(creation_date AS TIMESTAMP), case_type, category,
        subcategory, reception_channel, affected_product_id, description, TRY_CAST(claimed_amount AS DECIMAL(15,2)),
        nullif(currency, ''), priority, status, TRY_CAST(first_response_date AS TIMESTAMP),
        TRY_CAST(resolution_date AS TIMESTAMP), TRY_CAST(closing_date AS TIMESTAMP), TRY_CAST(sla_breached AS BOOLEAN),
        TRY_CAST(resolution_days AS INTEGER), resolution, TRY_CAST(compensation_granted AS BOOLEAN),
        TRY_CAST(resolution_satisfaction AS SMALLINT), TRY_CAST(is_repeat_complainer AS BOOLEAN) FROM {complaints}""",
}


def export_core(db: duckdb.DuckDBPyConnection, silver: Path, out: Path, source: str) -> dict:
    """Writes the core dataset and its manifest; returns the manifest."""
    out.mkdir(parents=True, exist_ok=True)
    relations = {p.stem: f"read_parquet('{p}')" for p in silver.glob("*.parquet")}
    for table, select in SELECTS.items():
        _copy(db, select.format(**relations), out / f"{table}.csv", CORE_TABLES[table])
    _write_billers(out / "service_billers.csv")
    _write_billing(db, relations["products"], out / "billing.csv")
    counts = {t: _rows(out / f"{t}.csv") for t in CORE_TABLES}
    manifest = {
        "source": source,
        "tables": {t: {"rows": counts[t], "sha256": sha256_of(out / f"{t}.csv")} for t in CORE_TABLES},
    }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def _copy(db, select: str, path: Path, columns: tuple[str, ...]) -> None:
    header = ", ".join(f'"{c}"' for c in columns)
    db.execute(f"COPY (SELECT * FROM ({select}) AS q({header}) ORDER BY 1) TO '{path}' (FORMAT csv, HEADER true)")


def _rows(path: Path) -> int:
    with path.open(encoding="utf-8") as f:
        return sum(1 for _ in csv.reader(f)) - 1


def _write_billers(path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(CORE_TABLES["service_billers"])
        writer.writerows(BILLERS)


def _write_billing(db, products: str, path: Path) -> None:
    rows = db.execute(
        f"SELECT product_id, customer_id, product_type, currency, TRY_CAST(current_balance AS DECIMAL(15,2)), "
        f"product_status, coalesce(TRY_CAST(days_past_due AS INTEGER), 0), TRY_CAST(interest_rate AS DECIMAL(6,2)) "
        f"FROM {products} ORDER BY product_id"
    ).fetchall()
    products_view = [
        {
            "product_id": r[0],
            "customer_id": r[1],
            "product_type": r[2],
            "currency": r[3],
            "current_balance": Decimal(r[4]) if r[4] is not None else None,
            "product_status": r[5],
            "days_past_due": r[6],
            "interest_rate": r[7],
        }
        for r in rows
    ]
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(CORE_TABLES["billing"])
        for bill in billing_rows(products_view):
            writer.writerow([bill.get(c) if bill.get(c) is not None else None for c in CORE_TABLES["billing"]])
