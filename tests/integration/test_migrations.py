import pytest

from quipu.adapters.postgres import database as database_setup
from quipu.adapters.postgres import migrations
from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.migrations import MigrationDrift

CATALOG = """
SELECT table_schema, table_name, column_name, data_type, is_nullable, column_default
FROM information_schema.columns WHERE table_schema IN ('core', 'ops') ORDER BY 1, 2, 3
"""
CONSTRAINTS = """
SELECT n.nspname, conrelid::regclass::text, conname, pg_get_constraintdef(c.oid)
FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
WHERE n.nspname IN ('core', 'ops') ORDER BY 1, 2, 3
"""
INDEXES = "SELECT schemaname, indexname, indexdef FROM pg_indexes WHERE schemaname IN ('core', 'ops') ORDER BY 1, 2"


def snapshot(conn):
    return [conn.execute(q).fetchall() for q in (CATALOG, CONSTRAINTS, INDEXES)]


def test_applying_migrations_twice_changes_nothing(empty_db):
    first = database_setup.prepare(empty_db)
    assert first[:3] == ["001_roles", "002_ops", "003_identity"]
    with connect(empty_db.admin) as conn:
        before = snapshot(conn)
    assert database_setup.prepare(empty_db) == []
    with connect(empty_db.admin) as conn:
        assert snapshot(conn) == before
        assert conn.execute("SELECT count(*) FROM ops.schema_migrations").fetchone()[0] == len(migrations.available())


def test_an_edited_migration_is_refused(migrated_db):
    with connect(migrated_db.admin) as conn:
        conn.execute("UPDATE ops.schema_migrations SET checksum = 'x' WHERE version = '002'")
        with pytest.raises(MigrationDrift):
            migrations.apply(conn)


def test_schema_has_the_named_indexes(demo_db):
    with connect(demo_db.admin) as conn:
        names = {r[1] for r in conn.execute(INDEXES).fetchall()}
    assert {
        "transactions_customer_date_idx",
        "transactions_date_idx",
        "service_bills_customer_status_idx",
        "products_account_number_key",
        "card_actions_product_idx",
        "transfers_daily_limit_idx",
        "messages_conversation_idx",
        "conversations_customer_recent_idx",
        "conversations_visible_idx",
        "outbox_action_idx",
        "actions_idempotency_key_key",
    } <= names


def test_money_columns_are_numeric_15_2(demo_db):
    with connect(demo_db.admin) as conn:
        rows = conn.execute(
            "SELECT table_name, column_name, numeric_precision, numeric_scale FROM information_schema.columns "
            "WHERE table_schema = 'core' AND column_name IN ('amount', 'current_balance', 'credit_limit', "
            "'statement_balance', 'minimum_payment', 'past_due_amount', 'claimed_amount', 'amount_usd')"
        ).fetchall()
    assert rows and all((r[2], r[3]) == (15, 2) for r in rows)


def test_decision_log_is_append_only(migrated_db):
    with connect(migrated_db.admin) as conn:
        conn.execute("INSERT INTO ops.decision_log (tool, proposed) VALUES ('t', '{}')")
        for statement in (
            "UPDATE ops.decision_log SET tool = 'x'",
            "DELETE FROM ops.decision_log",
            "TRUNCATE ops.decision_log",
        ):
            with pytest.raises(Exception, match="append-only"):
                conn.execute(statement)
        assert conn.execute("SELECT count(*) FROM ops.decision_log").fetchone()[0] == 1
