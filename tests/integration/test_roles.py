"""dwh_reader reads core and nothing else; the application role writes only what it must."""

import psycopg
import pytest

from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.status import OPS_TABLES
from quipu.bank_data.format import CORE_TABLES

DENIED = psycopg.errors.InsufficientPrivilege


@pytest.fixture
def as_role(demo_db):
    def open_as(role):
        conn = connect(demo_db.admin)
        conn.execute(f"SET ROLE {role}")
        return conn

    return open_as


@pytest.mark.parametrize("table", sorted(set(OPS_TABLES) | {"schema_migrations", "core_builds"}))
def test_dwh_reader_cannot_read_ops(as_role, table):
    with as_role("dwh_reader") as conn, pytest.raises(DENIED):
        conn.execute(f"SELECT * FROM ops.{table} LIMIT 1")


@pytest.mark.parametrize("table", CORE_TABLES)
def test_dwh_reader_reads_core(as_role, table):
    with as_role("dwh_reader") as conn:
        conn.execute(f"SELECT * FROM core.{table} LIMIT 1")


@pytest.mark.parametrize("table", CORE_TABLES)
@pytest.mark.parametrize(
    "statement",
    [
        "DELETE FROM core.{t}",
        "UPDATE core.{t} SET {c} = {c}",
        "INSERT INTO core.{t} SELECT * FROM core.{t} LIMIT 1",
        "TRUNCATE core.{t}",
    ],
)
def test_dwh_reader_cannot_write_core(as_role, table, statement):
    with as_role("dwh_reader") as conn, pytest.raises(DENIED):
        conn.execute(statement.format(t=table, c=CORE_TABLES[table][0]))


def test_dwh_reader_cannot_create_objects_in_core(as_role):
    with as_role("dwh_reader") as conn, pytest.raises(DENIED):
        conn.execute("CREATE TABLE core.evil (x int)")


def test_app_role_writes_only_the_money_movement_columns_of_core(as_role):
    with as_role("quipu_app") as conn:
        with pytest.raises(DENIED):
            conn.execute("UPDATE core.customers SET email = 'x@y'")
        with pytest.raises(DENIED):
            conn.execute("UPDATE core.products SET product_status = 'Closed'")
        with pytest.raises(DENIED):
            conn.execute("DROP TABLE core.transactions")
        with conn.transaction(force_rollback=True):
            conn.execute(
                "UPDATE core.products SET current_balance = current_balance WHERE product_id = 'DEMO-MX-KHIPU-ACC1'"
            )


def test_app_role_cannot_rewrite_the_audit_trail(as_role):
    with as_role("quipu_app") as conn:
        conn.execute("INSERT INTO ops.decision_log (tool) VALUES ('probe')")
        with pytest.raises(DENIED):
            conn.execute("DELETE FROM ops.decision_log")
