"""Administration of sign-ins from the command line: operator accounts and customer passwords."""

import uuid
from datetime import datetime

import psycopg

from quipu.adapters.security.passwords import Passwords
from quipu.bank_data.demo_accounts import DEMO_OPERATORS, DEMO_PASSWORDS

OPERATOR_NAMESPACE = uuid.UUID("0b8a4c55-3d1e-5f6a-8b7c-2d9e0f1a3b4c")


def set_customer_password(conn: psycopg.Connection, passwords: Passwords, customer_id: str, password: str) -> None:
    if conn.execute("SELECT 1 FROM core.customers WHERE customer_id = %s", (customer_id,)).fetchone() is None:
        raise LookupError(f"no customer {customer_id}")
    conn.execute(
        "INSERT INTO ops.customer_credentials (customer_id, password_hash) VALUES (%s, %s) "
        "ON CONFLICT (customer_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()",
        (customer_id, passwords.hash(password)),
    )


def unlock_customer(conn: psycopg.Connection, customer_id: str, by: str, at: datetime | None = None) -> None:
    """A person clears a customer's step-up lock (earlier failures and codes stop counting) and sign-in locks."""
    if conn.execute("SELECT 1 FROM core.customers WHERE customer_id = %s", (customer_id,)).fetchone() is None:
        raise LookupError(f"no customer {customer_id}")
    with conn.transaction():
        conn.execute(
            "INSERT INTO ops.step_up_resets (customer_id, reset_at, reset_by) VALUES (%s, coalesce(%s, now()), %s) "
            "ON CONFLICT (customer_id) DO UPDATE SET reset_at = EXCLUDED.reset_at, reset_by = EXCLUDED.reset_by",
            (customer_id, at, by),
        )
        conn.execute(
            "UPDATE ops.login_guards SET failures = 0, locked_until = NULL, locks = 0, in_flight = 0, "
            "updated_at = now() "
            "WHERE subject = %s OR starts_with(subject, %s)",
            (customer_id, customer_id + "|client:"),
        )


def add_operator(
    conn: psycopg.Connection, passwords: Passwords, *, username: str, display_name: str, role: str, password: str
) -> str:
    operator_id = uuid.uuid5(OPERATOR_NAMESPACE, username)
    conn.execute(
        "INSERT INTO ops.operators (operator_id, username, display_name, role, password_hash) "
        "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (username) DO UPDATE SET display_name = EXCLUDED.display_name, "
        "role = EXCLUDED.role, password_hash = EXCLUDED.password_hash, disabled_at = NULL",
        (operator_id, username, display_name, role, passwords.hash(password)),
    )
    return str(operator_id)


def install_demo_sign_ins(conn: psycopg.Connection, passwords: Passwords) -> int:
    """Give the demo customers and operators their passwords, where they do not have them already."""
    installed = 0
    for customer_id, password in DEMO_PASSWORDS.items():
        row = conn.execute(
            "SELECT password_hash FROM ops.customer_credentials WHERE customer_id = %s", (customer_id,)
        ).fetchone()
        known = conn.execute("SELECT 1 FROM core.customers WHERE customer_id = %s", (customer_id,)).fetchone()
        if known and not (row and passwords.verify(row[0], password)):
            set_customer_password(conn, passwords, customer_id, password)
            installed += 1
    for operator in DEMO_OPERATORS:
        row = conn.execute(
            "SELECT password_hash, role FROM ops.operators WHERE username = %s", (operator.username,)
        ).fetchone()
        if not (row and row[1] == operator.role and passwords.verify(row[0], operator.password)):
            add_operator(
                conn,
                passwords,
                username=operator.username,
                display_name=operator.display_name,
                role=operator.role,
                password=operator.password,
            )
            installed += 1
    return installed
