"""The database walls behind the guard: read-only, time-boxed, role dwh_reader, row-level security,
set_config revoked, and every pooled connection reset after use."""

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.sql_runner import GuardedRunner, dwh_pool
from quipu.application.text_to_sql import run_sql
from quipu.domain.sql_scope import Guarded

pytestmark = pytest.mark.anyio
LUCIA, ANDRES = "DEMO-MX-DUPLICATE", "DEMO-CO-PENDING"


@pytest.fixture
async def runner(demo_db):
    pool = dwh_pool(demo_db.app, max_size=1)
    await pool.open(wait=True)
    yield GuardedRunner(pool)
    await pool.close()


def raw(sql: str) -> Guarded:
    """A query the guard would refuse, to show the database refuses it too."""
    return Guarded(sql, frozenset(), frozenset())


def own_transactions(demo_db, customer_id):
    with connect(demo_db.admin) as conn:
        return conn.execute("SELECT count(*) FROM core.transactions WHERE customer_id = %s", (customer_id,)).fetchone()[
            0
        ]


async def test_guarded_query_counts_only_the_customers_rows(runner, demo_db):
    result = await run_sql(runner, "SELECT count(*) FROM transactions", LUCIA)
    assert result["rows"] == [[own_transactions(demo_db, LUCIA)]]


async def test_row_level_security_scopes_even_an_unguarded_query(runner):
    result = await runner.run(raw("SELECT count(DISTINCT customer_id), min(customer_id) FROM core.transactions"), LUCIA)
    assert result["rows"] == [[1, LUCIA]]


async def test_without_the_setting_dwh_reader_sees_nothing(demo_db):
    with connect(demo_db.app) as conn, conn.transaction():
        conn.execute("SET LOCAL ROLE dwh_reader")
        assert conn.execute("SELECT count(*) FROM core.transactions").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM core.fx_rates").fetchone()[0] > 0


async def test_set_config_is_not_executable(runner, demo_db):
    result = await runner.run(raw("SELECT set_config('quipu.customer_id', 'DEMO-CO-PENDING', true)"), LUCIA)
    assert result["error"] == "query_failed" and "permission denied" in result["detail"]
    with connect(demo_db.app) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute("SELECT set_config('quipu.customer_id', 'x', false)")


@pytest.mark.parametrize(
    "statement",
    [
        "DELETE FROM core.transactions",
        "UPDATE core.products SET current_balance = 0",
        "INSERT INTO core.service_billers VALUES ('X', 'x', 'x')",
        "SELECT * FROM ops.actions",
        "CREATE TABLE core.evil (x int)",
    ],
)
async def test_the_database_refuses_what_the_guard_would(runner, statement):
    result = await runner.run(raw(statement), LUCIA)
    assert result["error"] == "query_failed", result


async def test_an_advisory_lock_taken_by_a_query_is_released_with_the_connection(runner, demo_db):
    result = await runner.run(raw("SELECT pg_advisory_lock(424242)"), LUCIA)
    assert result["row_count"] == 1
    await run_sql(runner, "SELECT 1 FROM fx_rates LIMIT 1", LUCIA)
    with connect(demo_db.admin) as conn:
        held = conn.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 424242").fetchone()
    assert held[0] == 0


@pytest.mark.slow
async def test_a_slow_query_is_cut_at_three_seconds(runner):
    result = await runner.run(raw("SELECT pg_sleep(10)"), LUCIA)
    assert result["error"] == "timeout"


async def test_rows_are_capped_at_100_and_cells_at_300_characters(runner):
    result = await runner.run(raw("SELECT repeat('x', 1000) FROM core.fx_rates LIMIT 150"), LUCIA)
    assert result["row_count"] == 100 and result["truncated"] is True
    assert len(result["rows"][0][0]) == 300


async def test_nothing_a_query_sets_survives_on_the_pooled_connection(runner, demo_db):
    baseline = await settings_of(runner.pool)
    for statement in (
        "SET SESSION work_mem = '64kB'",
        "SET SESSION statement_timeout = 0",
        "SET SESSION default_transaction_read_only = off",
        "SET SESSION quipu.customer_id = 'X'",
    ):
        await runner.run(raw(statement), LUCIA)
    await run_sql(runner, "SELECT count(*) FROM transactions", LUCIA)
    assert await settings_of(runner.pool) == baseline


async def settings_of(pool: AsyncConnectionPool) -> tuple:
    async with pool.connection() as conn:
        return await (
            await conn.execute(
                "SELECT current_user, current_setting('work_mem'), current_setting('statement_timeout'), "
                "current_setting('default_transaction_read_only'), coalesce(current_setting('quipu.customer_id', true), '')"
            )
        ).fetchone()


async def test_refusals_come_back_as_data(runner):
    result = await run_sql(runner, "DELETE FROM core.transactions", LUCIA)
    assert result["blocked"] is True and result["error"] == "not_select" and result["detail"]
