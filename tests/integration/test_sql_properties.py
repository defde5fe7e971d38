"""Properties of the guard and the walls, on a database migrated by a superuser and on one migrated by a
non-superuser owner: whatever query the guard accepts, run as customer A, returns no value found only in
B's rows; and no function outside the allow-list is ever called, whichever name from pg_proc is written in
attribute notation (`t.f`, `(x).f`)."""

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.schema_catalog import core_columns
from quipu.adapters.postgres.sql_runner import GuardedRunner, dwh_pool
from quipu.domain.sql_scope import OWNED, Guarded, guard

A, B = "DEMO-MX-DUPLICATE", "DEMO-CO-PENDING"
CORE = core_columns()
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
        "lateral": f"SELECT x.* FROM {table} t, "
        f"LATERAL (SELECT {other_column} FROM {other} WHERE customer_id = '{B}') x",
        "in": f"SELECT * FROM {table} WHERE customer_id IN (SELECT customer_id FROM {other} WHERE customer_id = '{B}')",
        "window": f"SELECT {column}, count(*) OVER () FROM {table}",
        "qualified": f"SELECT core.{table}.{column} FROM core.{table}",
        "quoted": f'SELECT "{column}" FROM "core"."{table}"',
        "comment": f"SELECT {column} FROM {table} -- WHERE customer_id = '{A}'\n WHERE true",
    }[shape]
    return text


def attribute_shapes(function: str, table: str, column: str) -> list[str]:
    """Every way PostgreSQL reads a name as a call on a row or a value."""
    return [
        f"SELECT t.{function} FROM {table} t",
        f"SELECT {table}.{function} FROM {table}",
        f"SELECT core.{table}.{function} FROM core.{table}",
        f'SELECT t."{function}" FROM {table} t',
        f"SELECT (t.{column}).{function} FROM {table} t",
        f"SELECT (t).{function} FROM {table} t",
        f"SELECT x.{function} FROM (SELECT * FROM {table}) x",
        f"SELECT q.{function} FROM (SELECT {column} FROM {table}) q",
        f"WITH q AS (SELECT {column} AS s FROM {table}) SELECT (q.s).{function} FROM q",
        f"WITH q AS (SELECT * FROM {table}) SELECT q.{function} FROM q",
        f"SELECT * FROM {table} t WHERE t.{function} IS NOT NULL",
        f"SELECT * FROM {table} t ORDER BY t.{function}",
        f"SELECT count(*) FROM {table} t GROUP BY t.{function}",
        f"SELECT (SELECT max(o.{column}::text) FROM {table} o WHERE o.{function} IS NULL) FROM {table}",
        f"SELECT * FROM {table} t WHERE EXISTS (SELECT 1 FROM fx_rates r WHERE t.{function} IS NULL)",
        f"SELECT x.{function} FROM {table} t, LATERAL (SELECT t.{column}) x",
        f"SELECT {function} FROM {table}",
    ]


@pytest.fixture(scope="module")
def proc_names(demo_db) -> list[str]:
    with connect(demo_db.admin) as conn:
        return [r[0] for r in conn.execute("SELECT DISTINCT proname FROM pg_proc ORDER BY 1")]


@pytest.fixture(scope="module")
def setup(walls_db):
    return b_only_values(walls_db.admin), walls_db


async def run_as_a(db, *verdicts: Guarded) -> dict:
    """Rows of every verdict, run as A (the last result, for a single verdict)."""
    reader = dwh_pool(db.reader, max_size=1)
    app = AsyncConnectionPool(db.app, min_size=1, max_size=1, open=False, kwargs={"autocommit": True})
    await reader.open(wait=True)
    await app.open(wait=True)
    try:
        results = [await GuardedRunner(reader, app).run(v, A) for v in verdicts]
        rows = [row for r in results for row in r.get("rows", [])]
        return {**(results[-1] if results else {}), "rows": rows}
    finally:
        await reader.close()
        await app.close()


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sql=queries())
def test_accepted_queries_never_return_values_only_b_has(setup, sql):
    forbidden, db = setup
    assert len(forbidden) > 20
    verdict = guard(sql, CORE)
    if not isinstance(verdict, Guarded):
        return
    result = asyncio.run(run_as_a(db, verdict))
    returned = {str(cell) for row in result.get("rows", []) for cell in row if cell is not None}
    assert not returned & forbidden, f"{sql} leaked {returned & forbidden}"


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_function_in_pg_proc_is_reachable_in_attribute_notation(proc_names, data):
    """Accepted only when the name is a real column of what it names; then it runs as that column."""
    function = data.draw(st.sampled_from(proc_names), label="function")
    table = data.draw(st.sampled_from(TABLES), label="table")
    column = data.draw(st.sampled_from(COLUMNS[table]), label="column")
    for sql in attribute_shapes(function, table, column):
        verdict = guard(sql, CORE)
        if isinstance(verdict, Guarded):
            assert function in CORE.of(table), f"{function} reached through: {sql}"


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_every_pg_proc_name_is_refused_in_every_attribute_shape(proc_names):
    """The exhaustive form of the property, for one table: no pg_proc name that is not a column passes."""
    columns = CORE.of("transactions")
    passed = [
        sql
        for function in proc_names
        if function not in columns
        for sql in attribute_shapes(function, "transactions", "merchant_name")[:6]
        if isinstance(guard(sql, CORE), Guarded)
    ]
    assert len(proc_names) > 2000 and not passed, passed[:5]


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_attribute_shapes_the_guard_accepts_run_as_plain_columns(setup, proc_names, data):
    """Where a pg_proc name is also a column (amount, currency, ...), what runs is the column: no leak."""
    forbidden, db = setup
    table = data.draw(st.sampled_from(TABLES), label="table")
    names = sorted(CORE.of(table) | set(data.draw(st.lists(st.sampled_from(proc_names), max_size=3))))
    function = data.draw(st.sampled_from(names), label="name")
    verdicts = [
        v for sql in attribute_shapes(function, table, COLUMNS[table][0]) if isinstance(v := guard(sql, CORE), Guarded)
    ]
    result = asyncio.run(run_as_a(db, *verdicts))
    returned = {str(cell) for row in result.get("rows", []) for cell in row if cell is not None}
    assert not returned & forbidden, f"{function} on {table} leaked {returned & forbidden}"
