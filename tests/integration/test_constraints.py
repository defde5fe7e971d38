"""Every enum CHECK in core and ops rejects a value outside its vocabulary."""

import uuid

import psycopg
import pytest

from quipu.adapters.postgres.connection import connect

ENUM_CHECKS = """
SELECT n.nspname, cl.relname, a.attname, pg_get_constraintdef(c.oid)
FROM pg_constraint c
JOIN pg_class cl ON cl.oid = c.conrelid
JOIN pg_namespace n ON n.oid = cl.relnamespace
JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
WHERE c.contype = 'c' AND n.nspname IN ('core', 'ops') AND array_length(c.conkey, 1) = 1
  AND pg_get_constraintdef(c.oid) LIKE '%%ANY (ARRAY[%%'
ORDER BY 1, 2, 3
"""


def seed_ops_rows(conn) -> None:
    """One valid row in every ops table that has an enum column."""
    op, conv, dispute, action = (uuid.uuid4() for _ in range(4))
    conn.execute("INSERT INTO ops.operators VALUES (%s, 'ana.op', 'Ana', 'operator', 'h')", (op,))
    conn.execute(
        "INSERT INTO ops.conversations (conversation_id, customer_id, thread_id) VALUES (%s, 'C1', 't1')", (conv,)
    )
    conn.execute("INSERT INTO ops.messages (conversation_id, role, content) VALUES (%s, 'customer', 'hola')", (conv,))
    conn.execute("INSERT INTO ops.decision_log (tool, policy_decision) VALUES ('t', 'allowed')")
    conn.execute(
        "INSERT INTO ops.actions (action_id, batch_id, position, customer_id, action, decision, status, "
        "idempotency_key, expires_at) VALUES (%s, %s, 0, 'C1', 'block_card', 'needs_confirmation', "
        "'awaiting_confirmation', %s, now() + interval '10 minutes')",
        (action, uuid.uuid4(), str(action)),
    )
    conn.execute(
        "INSERT INTO ops.outbox (customer_id, destination, template, subject, body) "
        "VALUES ('C1', 'a***@x', 'balances', 's', 'b')"
    )
    conn.execute(
        "INSERT INTO ops.transfers (transfer_id, customer_id, kind, origin_product_id, "
        "destination_product_id, amount, currency, expires_at) VALUES (%s, 'C1', 'own_accounts', "
        "'P1', 'P2', 10, 'MXN', now() + interval '5 minutes')",
        (uuid.uuid4(),),
    )
    conn.execute(
        "INSERT INTO ops.card_actions (action_id, product_id, customer_id, action) VALUES (%s, 'P1', 'C1', 'freeze')",
        (uuid.uuid4(),),
    )
    conn.execute(
        "INSERT INTO ops.disputes (dispute_id, customer_id, transaction_id, sla_due_at, tracking_token) "
        "VALUES (%s, 'C1', 'T1', now(), 'tok')",
        (dispute,),
    )
    conn.execute(
        "INSERT INTO ops.handoff_cases (case_id, customer_id, conversation_id, dispute_id, priority, "
        "sla_due_at, case_file) VALUES (%s, 'C1', %s, %s, 'High', now(), '{}')",
        (uuid.uuid4(), conv, dispute),
    )


def write_bad_value(conn, schema, table, column) -> None:
    if table == "decision_log":  # append-only: a bad value can only arrive in an INSERT
        conn.execute(f'INSERT INTO ops.decision_log (tool, "{column}") VALUES (%s, %s)', ("t", "not-in-vocabulary"))
        return
    row = conn.execute(f"SELECT ctid FROM {schema}.{table} LIMIT 1").fetchone()
    assert row, f"{schema}.{table} has no row to test {column} on"
    conn.execute(f'UPDATE {schema}.{table} SET "{column}" = %s WHERE ctid = %s', ("not-in-vocabulary", row[0]))


@pytest.fixture
def conn(demo_db):
    with connect(demo_db.admin) as conn, conn.transaction(force_rollback=True):
        seed_ops_rows(conn)
        yield conn


def test_every_enum_check_rejects_a_bad_value(conn):
    checks = conn.execute(ENUM_CHECKS).fetchall()
    assert len(checks) >= 45, "the catalog query found fewer enum checks than the schema has"
    tried = []
    for schema, table, column, _definition in checks:
        with pytest.raises(psycopg.errors.CheckViolation), conn.transaction():
            write_bad_value(conn, schema, table, column)
        tried.append(f"{table}.{column}")
    for expected in (
        "customers.country",
        "products.product_type",
        "transactions.transaction_status",
        "service_bills.status",
        "complaints.status",
        "actions.status",
        "actions.decision",
        "transfers.kind",
        "transfers.status",
        "decision_log.policy_decision",
        "handoff_cases.priority",
        "outbox.mode",
        "conversations.status",
        "operators.role",
    ):
        assert expected in tried


def test_foreign_keys_reject_an_unknown_customer(conn):
    with pytest.raises(psycopg.errors.ForeignKeyViolation):
        conn.execute(
            "INSERT INTO core.products (product_id, customer_id, product_type, currency, product_status) "
            "VALUES ('X', 'NOBODY', 'Cuenta Ahorro', 'MXN', 'Active')"
        )


def test_amounts_must_be_positive(conn):
    with pytest.raises(psycopg.errors.CheckViolation):
        conn.execute("UPDATE core.transactions SET amount = -1 WHERE transaction_id = 'DEMO-MX-DUPLICATE-C1'")
