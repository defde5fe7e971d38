"""The ten demo customers hold exactly their cases (loaded into a real PostgreSQL)."""

from datetime import datetime
from decimal import Decimal

import pytest

DEMO_IDS = (
    "DEMO-MX-DUPLICATE",
    "DEMO-CO-PENDING",
    "DEMO-MX-FX",
    "DEMO-AR-FRAUD",
    "DEMO-CO-AMBIGUOUS",
    "DEMO-MX-OWN-PURCHASE",
    "DEMO-AR-REVERSED",
    "DEMO-BR-PORTUGUESE",
    "DEMO-MX-KHIPU",
    "DEMO-MX-RECIBE",
)


def charges(admin, customer_id, merchant):
    return admin.execute(
        "SELECT transaction_date, amount, currency, transaction_status, transaction_country, "
        "transaction_city, channel, is_fraud, fraud_score FROM core.transactions "
        "WHERE customer_id = %s AND merchant_name = %s ORDER BY transaction_date",
        (customer_id, merchant),
    ).fetchall()


def test_all_ten_demo_customers_exist_and_are_labeled(admin):
    rows = admin.execute(
        "SELECT customer_id, is_synthetic_fixture, email FROM core.customers WHERE customer_id LIKE 'DEMO-%%'"
    ).fetchall()
    assert sorted(r[0] for r in rows) == sorted(DEMO_IDS)
    assert all(r[1] for r in rows)
    assert all(r[2] == f"{r[0].lower()}@demo.bank" for r in rows)


@pytest.mark.parametrize("table", ["products", "transactions", "app_sessions"])
def test_every_demo_row_is_a_labeled_fixture(admin, table):
    unlabeled = admin.execute(
        f"SELECT count(*) FROM core.{table} WHERE customer_id LIKE 'DEMO-%%' AND NOT is_synthetic_fixture"
    ).fetchone()[0]
    assert unlabeled == 0


def test_lucia_has_two_uber_charges_four_seconds_apart(admin):
    rows = charges(admin, "DEMO-MX-DUPLICATE", "Uber Trip")
    assert [(r[1], r[2], r[3]) for r in rows] == [(Decimal("312.40"), "MXN", "Approved")] * 2
    assert (rows[1][0] - rows[0][0]).total_seconds() == 4
    assert rows[0][0] == datetime(2026, 6, 11, 9, 0, 0)


def test_andres_has_a_pending_amazon_charge_one_day_old(admin):
    (row,) = charges(admin, "DEMO-CO-PENDING", "Amazon Mktp")
    assert (row[1], row[2], row[3], row[4], row[5], row[6]) == (
        Decimal("148900.00"),
        "COP",
        "Pending",
        "USA",
        "Seattle",
        "Web",
    )
    assert row[0].date().isoformat() == "2026-06-17"


def test_mariana_has_a_foreign_best_buy_purchase(admin):
    (row,) = charges(admin, "DEMO-MX-FX", "Best Buy US")
    assert (row[1], row[2], row[3], row[4], row[5]) == (Decimal("1043.00"), "MXN", "Approved", "USA", "Austin")


def test_martina_has_three_fraud_charges_scored_91(admin):
    rows = charges(admin, "DEMO-AR-FRAUD", "ElectroMax Córdoba")
    assert len(rows) == 3
    assert {(r[1], r[2], r[7], r[8]) for r in rows} == {(Decimal("161700.00"), "ARS", True, Decimal("91.00"))}
    assert all(1 <= (datetime(2026, 6, 18, 12) - r[0]).total_seconds() / 3600 <= 2 for r in rows)


def test_camilo_has_four_charges_on_one_day(admin):
    rows = admin.execute(
        "SELECT merchant_name, amount FROM core.transactions WHERE customer_id = 'DEMO-CO-AMBIGUOUS' "
        "AND transaction_date::date = '2026-06-16' ORDER BY transaction_date"
    ).fetchall()
    assert rows == [
        ("Rappi", Decimal("42000.00")),
        ("Éxito", Decimal("131500.00")),
        ("Uber Trip", Decimal("18300.00")),
        ("Amazon Mktp", Decimal("149900.00")),
    ]


def test_diego_purchase_overlaps_his_own_ios_session(admin):
    (charge,) = charges(admin, "DEMO-MX-OWN-PURCHASE", "Liverpool")
    assert (charge[1], charge[6]) == (Decimal("2899.00"), "App")
    overlapping = admin.execute(
        "SELECT platform, ip_city FROM core.app_sessions WHERE customer_id = 'DEMO-MX-OWN-PURCHASE' "
        "AND %s BETWEEN started_at AND ended_at",
        (charge[0],),
    ).fetchall()
    assert overlapping == [("iOS", "Guadalajara")]


def test_sofia_charge_is_already_reversed(admin):
    (row,) = charges(admin, "DEMO-AR-REVERSED", "Mercado Libre")
    assert (row[1], row[2], row[3]) == (Decimal("54000.00"), "ARS", "Reversed")


def test_ana_is_brazilian_portuguese_with_two_ifood_charges_six_seconds_apart(admin):
    language, country = admin.execute(
        "SELECT preferred_language, country FROM core.customers WHERE customer_id = 'DEMO-BR-PORTUGUESE'"
    ).fetchone()
    assert (language, country) == ("pt", "Brazil")
    rows = charges(admin, "DEMO-BR-PORTUGUESE", "iFood")
    assert [(r[1], r[2]) for r in rows] == [(Decimal("27.90"), "USD")] * 2
    assert (rows[1][0] - rows[0][0]).total_seconds() == 6


def test_valeria_has_two_accounts_a_card_a_loan_and_three_pending_bills(admin):
    products = admin.execute(
        "SELECT product_type, account_number FROM core.products WHERE customer_id = 'DEMO-MX-KHIPU' ORDER BY product_id"
    ).fetchall()
    assert sorted(p[0] for p in products) == sorted(
        ["Cuenta Ahorro", "Cuenta Corriente", "Tarjeta Crédito", "Préstamo Personal"]
    )
    bills = admin.execute(
        "SELECT count(*) FROM core.service_bills WHERE customer_id = 'DEMO-MX-KHIPU' AND status = 'pending'"
    ).fetchone()[0]
    assert bills == 3
    purchases = admin.execute("SELECT count(*) FROM core.transactions WHERE customer_id = 'DEMO-MX-KHIPU'").fetchone()[
        0
    ]
    assert purchases == 0


def test_renata_receives_on_account_4000000033_and_has_no_card(admin):
    rows = admin.execute(
        "SELECT product_type, currency, account_number FROM core.products WHERE customer_id = 'DEMO-MX-RECIBE' "
        "ORDER BY currency DESC"
    ).fetchall()
    assert rows == [("Cuenta Ahorro", "USD", "4000000044"), ("Cuenta Ahorro", "MXN", "4000000033")]


def test_no_background_purchase_looks_like_a_duplicate(admin):
    pairs = admin.execute(
        "SELECT a.customer_id FROM core.transactions a JOIN core.transactions b "
        "ON a.customer_id = b.customer_id AND a.transaction_id < b.transaction_id "
        "AND a.merchant_name = b.merchant_name AND a.amount = b.amount AND a.currency = b.currency "
        "AND abs(extract(epoch FROM a.transaction_date - b.transaction_date)) <= 600 "
        "WHERE a.customer_id LIKE 'DEMO-%%' AND a.transaction_status IN ('Approved','Pending') "
        "AND b.transaction_status IN ('Approved','Pending')"
    ).fetchall()
    assert sorted(p[0] for p in pairs) == ["DEMO-BR-PORTUGUESE", "DEMO-MX-DUPLICATE"]


def test_dataset_ends_on_2026_06_18(admin):
    last = admin.execute("SELECT max(transaction_date)::date FROM core.transactions").fetchone()[0]
    assert last.isoformat() == "2026-06-18"


def test_billing_exists_for_demo_cards(admin):
    rows = admin.execute(
        "SELECT product_id, as_of FROM core.billing WHERE customer_id = 'DEMO-MX-DUPLICATE'"
    ).fetchall()
    assert [(r[0], r[1].isoformat()) for r in rows] == [("DEMO-MX-DUPLICATE-CARD", "2026-06-18")]
