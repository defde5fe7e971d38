"""Property: whatever query the guard accepts, run as customer A, returns no value found only in B's rows."""

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.sql_runner import GuardedRunner, dwh_pool
from quipu.domain.sql_scope import OWNED, Guarded, guard

A, B = "DEMO-MX-DUPLICATE", "DEMO-CO-PENDING"
COLUMNS = {
    "transactions": ["transaction_id", "merchant_name", "amount", "customer_id", "product_id", "transaction_city"],
    "products": ["product_id", "customer_id", "product_number_last4", "account_number", "current_balance"],
    "customers": ["customer_id", "first_name", "last_name", "email", "city", "document_number"],
    "service_bills": ["bill_id", "customer_id", "reference", "amount"],
    "app_sessions": ["session_id", "customer_id", "ip_city"],
    "billing": ["product_id", "customer_id", "minimum_payment"],
    "complaints": ["complaint_id", "customer_id"],
    "customer_service_summary": ["customer_id", "contacts_in_window"],
}
TABLES = sorted(COLUMNS)


def b_only_values(admin_url: str) -> set[str]:
    """Text of every cell of B's rows that appears nowhere in A's rows or in reference data."""
    values: dict[str, set[str]] = {A: set(), B: set()}
    with connect(admin_url) as conn:
        for table in OWNED:
            for customer in (A, B):
                for row in conn.execute(f"SELECT * FROM core.{table} WHERE customer_id = %s", (customer,)):
                    values[customer] |= {str(v) for v in row if v is not None}
    return {v for v in values[B] - values[A] if len(v) >= 4 and v not in ("True", "False")}


@st.composite
def queries(draw):
    table = draw(st.sampled_from(TABLES))
    column = draw(st.sampled_from(COLUMNS[table]))
    literal = draw(st.sampled_from([B, A, "x' OR '1'='1", "%", "DEMO-CO-PENDING-C1", "1"]))
    shape = draw(
        st.sampled_from(
            [
                "plain",
                "where",
                "or_true",
                "union",
                "scalar",
                "exists",
                "cte",
                "join",
                "lateral",
                "in",
                "window",
                "qualified",
                "quoted",
                "comment",
            ]
        )
    )
    other = draw(st.sampled_from(TABLES))
    other_column = draw(st.sampled_from(COLUMNS[other]))
    text = {
        "plain": f"SELECT {column} FROM {table}",
        "where": f"SELECT * FROM {table} WHERE customer_id = '{literal}'",
        "or_true": f"SELECT * FROM {table} WHERE customer_id = '{literal}' OR 1 = 1",
        "union": f"SELECT {column}::text FROM {table} UNION ALL SELECT {other_column}::text FROM {other}",
        "scalar": f"SELECT (SELECT max({other_column}::text) FROM {other} WHERE customer_id <> '{A}') FROM {table}",
        "exists": f"SELECT {column} FROM {table} t WHERE EXISTS (SELECT 1 FROM {other} o WHERE o.customer_id = '{B}')",
        "cte": f"WITH x AS (SELECT * FROM {table} WHERE customer_id = '{literal}') SELECT * FROM x",
        "join": f"SELECT o.{other_column} FROM {table} t JOIN {other} o ON o.customer_id <> t.customer_id",
        "lateral": f"SELECT x.* FROM {table} t, LATERAL (SELECT {other_column} FROM {other} WHERE customer_id = '{B}') x",
        "in": f"SELECT * FROM {table} WHERE customer_id IN (SELECT customer_id FROM {other} WHERE customer_id = '{B}')",
        "window": f"SELECT {column}, count(*) OVER () FROM {table}",
        "qualified": f"SELECT core.{table}.{column} FROM core.{table}",
        "quoted": f'SELECT "{column}" FROM "core"."{table}"',
        "comment": f"SELECT {column} FROM {table} -- WHERE customer_id = '{A}'\n WHERE true",
    }[shape]
    return text


@pytest.fixture(scope="module")
def setup(demo_db):
    return b_only_values(demo_db.admin), demo_db


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sql=queries())
def test_accepted_queries_never_return_values_only_b_has(setup, sql):
    forbidden, demo_db = setup
    assert len(forbidden) > 20
    verdict = guard(sql)
    if not isinstance(verdict, Guarded):
        return
    result = asyncio.run(run_as_a(demo_db.app, verdict))
    returned = {str(cell) for row in result.get("rows", []) for cell in row if cell is not None}
    assert not returned & forbidden, f"{sql} leaked {returned & forbidden}"


async def run_as_a(url: str, verdict: Guarded) -> dict:
    pool = dwh_pool(url, max_size=1)
    await pool.open(wait=True)
    try:
        return await GuardedRunner(pool).run(verdict, A)
    finally:
        await pool.close()
