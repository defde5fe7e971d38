"""The database walls behind the guard: the reader's own login, read-only, time-boxed, row-level security
keyed to a mapping only the application writes, and every pooled connection reset after use. Every test
runs twice: on a database migrated by a superuser, and on one migrated by a non-superuser owner (as on a
managed PostgreSQL, where set_config cannot be revoked)."""

import anyio
import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.reader_walls import check_reader_walls
from quipu.adapters.postgres.schema_catalog import core_columns, read_core_columns
from quipu.adapters.postgres.sql_runner import GuardedRunner, dwh_pool
from quipu.application.customer_limiter import CustomerLimiter
from quipu.application.sql_results import SqlRefusal
from quipu.application.text_to_sql import SqlLookup, run_sql
from quipu.domain.sql_scope import Guarded

pytestmark = pytest.mark.anyio
LUCIA, ANDRES = "DEMO-MX-DUPLICATE", "DEMO-CO-PENDING"
DENIED = psycopg.errors.InsufficientPrivilege


@pytest.fixture
async def runner(walls_db):
    reader = dwh_pool(walls_db.reader, max_size=1)
    app = AsyncConnectionPool(walls_db.app, min_size=1, max_size=2, open=False, kwargs={"autocommit": True})
    await reader.open(wait=True)
    await app.open(wait=True)
    yield GuardedRunner(reader, app)
    await reader.close()
    await app.close()


def lookup(runner) -> SqlLookup:
    return SqlLookup(runner, core_columns(), None)


def raw(sql: str) -> Guarded:
    """A query the guard would refuse, to show the database refuses it too."""
    return Guarded(sql, frozenset(), frozenset())


def count_of(db, customer_id):
    with connect(db.admin) as conn:
        query = "SELECT count(*) FROM core.transactions WHERE customer_id = %s"
        return conn.execute(query, (customer_id,)).fetchone()[0]


async def test_guarded_query_counts_only_the_customers_rows(runner, walls_db):
    result = await run_sql(lookup(runner), "SELECT count(*) FROM transactions", LUCIA)
    assert result.json_ready()["rows"] == [[count_of(walls_db, LUCIA)]]


async def test_row_level_security_scopes_even_an_unguarded_query(runner):
    result = await runner.run(raw("SELECT count(DISTINCT customer_id), min(customer_id) FROM core.transactions"), LUCIA)
    assert result["rows"] == [[1, LUCIA]]


async def test_the_reader_logs_in_as_itself_and_is_member_of_nothing(walls_db):
    with connect(walls_db.reader) as conn:
        who = conn.execute(
            "SELECT session_user, current_user, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = session_user"
        ).fetchone()
        members = conn.execute(
            "SELECT count(*) FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = session_user"
        ).fetchone()[0]
    assert who == ("dwh_reader", "dwh_reader", False, False) and members == 0


async def test_without_a_mapping_the_reader_sees_no_customer_rows(walls_db):
    with connect(walls_db.reader) as conn:
        assert conn.execute("SELECT count(*) FROM core.transactions").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM core.fx_rates").fetchone()[0] > 0


async def test_the_reader_cannot_write_or_read_its_own_mapping(walls_db):
    with connect(walls_db.reader) as conn:
        conn.execute("SET default_transaction_read_only = off")  # the reader may; it does not help it
        for statement in (
            f"INSERT INTO walls.reader_scope (backend_pid, customer_id) VALUES (pg_backend_pid(), '{ANDRES}')",
            f"UPDATE walls.reader_scope SET customer_id = '{ANDRES}'",
            "SELECT * FROM walls.reader_scope",
        ):
            with pytest.raises(DENIED):
                conn.execute(statement)


async def test_set_config_cannot_widen_what_the_reader_sees(runner):
    attempt = (
        f"SELECT set_config('quipu.customer_id', '{ANDRES}', true), "
        f"(SELECT count(*) FROM core.transactions WHERE customer_id = '{ANDRES}')"
    )
    result = await runner.run(raw(attempt), LUCIA)
    assert result.get("error") == "query_failed" or result["rows"][0][1] == 0, result


async def test_the_reader_cannot_switch_to_another_role(runner, walls_db):
    for attempt in ("SELECT set_config('role', 'quipu_app', true)", "SELECT set_config('role', 'postgres', false)"):
        result = await runner.run(raw(attempt), LUCIA)
        assert result["error"] == "query_failed" and "permission denied" in result["detail"], result
    with connect(walls_db.reader) as conn:
        for role in ("quipu_app", "postgres"):
            with pytest.raises(DENIED):
                conn.execute(f"SET ROLE {role}")


@pytest.mark.parametrize("table", ["operators", "customer_credentials", "sessions", "actions", "schema_migrations"])
async def test_the_reader_cannot_read_ops(runner, table):
    result = await runner.run(raw(f"SELECT * FROM ops.{table}"), LUCIA)
    assert result["error"] == "query_failed" and "permission denied" in result["detail"], result


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


@pytest.mark.parametrize(
    "attack",
    [
        "SELECT c.row_to_json FROM customers c",
        "WITH q AS (SELECT 'quipu.customer_id' AS s FROM fx_rates LIMIT 1) SELECT (q.s).current_setting FROM q",
        "WITH q AS (SELECT 'SELECT usename FROM pg_user' AS s FROM fx_rates LIMIT 1) SELECT (q.s).ts_stat FROM q",
        "SELECT t.json_agg FROM transactions t",
        "SELECT core.customers.row_to_json FROM core.customers",
    ],
)
async def test_the_attribute_notation_attacks_of_the_review_are_refused(runner, attack):
    result = await run_sql(lookup(runner), attack, LUCIA)
    assert isinstance(result, SqlRefusal) and "rows" not in result.json_ready(), result


async def test_an_advisory_lock_is_refused_to_the_reader_or_released_with_the_connection(runner, walls_db):
    """Refused where migration 040 could revoke it (superuser-migrated); released after use elsewhere."""
    with connect(walls_db.reader) as conn:
        may_lock = conn.execute("SELECT has_function_privilege('pg_advisory_lock(bigint)', 'EXECUTE')").fetchone()[0]
    result = await runner.run(raw("SELECT pg_advisory_lock(424242)"), LUCIA)
    assert result.get("row_count") == 1 if may_lock else "rows" not in result, result
    await run_sql(lookup(runner), "SELECT 1 FROM fx_rates LIMIT 1", LUCIA)
    with connect(walls_db.admin) as conn:
        held = conn.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 424242").fetchone()
    assert held[0] == 0


@pytest.mark.slow
async def test_a_slow_query_is_cut_at_three_seconds(runner):
    result = await runner.run(raw("SELECT pg_sleep(10)"), LUCIA)
    assert result["error"] == "timeout"


async def test_rows_are_capped_at_100_and_cells_at_300_characters(runner):
    result = await runner.run(raw("SELECT repeat('x', 1000) FROM core.fx_rates LIMIT 150"), LUCIA)
    assert result["row_count"] <= 100 and result["truncated"] is True
    assert len(result["rows"][0][0]) == 300


async def test_the_answer_is_capped_in_characters(runner):
    result = await runner.run(
        raw("SELECT repeat('x', 290) AS a, repeat('y', 290) AS b FROM core.fx_rates LIMIT 100"), LUCIA
    )
    size = sum(len(str(c)) for row in result["rows"] for c in row)
    assert result["truncated"] is True and size <= 32_000 and result["row_count"] < 100


async def test_the_mapping_is_removed_after_each_query(runner, walls_db):
    await run_sql(lookup(runner), "SELECT count(*) FROM transactions", LUCIA)
    with connect(walls_db.app) as conn:
        assert conn.execute("SELECT count(*) FROM walls.reader_scope").fetchone()[0] == 0


async def test_nothing_a_query_sets_survives_on_the_pooled_connection(runner):
    baseline = await settings_of(runner.pool)
    for statement in (
        "SET SESSION work_mem = '64MB'",
        "SET SESSION statement_timeout = 0",
        "SET SESSION default_transaction_read_only = off",
        "SET SESSION quipu.customer_id = 'X'",
    ):
        await runner.run(raw(statement), LUCIA)
    await run_sql(lookup(runner), "SELECT count(*) FROM transactions", LUCIA)
    assert await settings_of(runner.pool) == baseline


async def settings_of(pool: AsyncConnectionPool) -> tuple:
    async with pool.connection() as conn:
        return await (
            await conn.execute(
                "SELECT current_user, current_setting('work_mem'), current_setting('statement_timeout'), "
                "current_setting('default_transaction_read_only'), "
                "coalesce(current_setting('quipu.customer_id', true), '')"
            )
        ).fetchone()


async def test_refusals_come_back_as_data(runner):
    result = await run_sql(lookup(runner), "DELETE FROM core.transactions", LUCIA)
    assert result.blocked is True and result.error == "not_select" and result.detail


async def test_the_wall_check_holds_on_this_database(walls_db):
    check = check_reader_walls(walls_db.reader, walls_db.app)
    assert check.holds, check.problems


async def test_the_wall_check_refuses_a_reader_that_is_the_application(walls_db):
    check = check_reader_walls(walls_db.app, walls_db.app)
    assert not check.holds and "quipu_app" in check.off_reason


async def test_run_sql_is_off_when_the_wall_is_missing(runner):
    result = await run_sql(
        SqlLookup(runner, core_columns(), None, off_reason="no reader"), "SELECT 1 FROM fx_rates", LUCIA
    )
    assert result.error == "unavailable" and result.blocked is True


async def test_on_the_owner_migrated_database_set_config_really_stayed_executable(owner_db):
    """The case the review reproduced: the REVOKE only warned; the walls above hold anyway."""
    with connect(owner_db.reader) as conn:
        assert conn.execute("SELECT has_function_privilege('set_config(text, text, boolean)', 'EXECUTE')").fetchone()[0]
    assert any("set_config" in note for note in check_reader_walls(owner_db.reader, owner_db.app).notes)


SLOW = (
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000000) "
    "SELECT count(*) FROM n, fx_rates"
)


async def test_one_customer_running_slow_queries_cannot_hold_every_reader_connection(walls_db, clock):
    """Two reader connections; Lucía sends four slow queries at once, Andrés's quick one still answers."""
    reader = dwh_pool(walls_db.reader, max_size=2)
    app = AsyncConnectionPool(walls_db.app, min_size=1, max_size=4, open=False, kwargs={"autocommit": True})
    await reader.open(wait=True)
    await app.open(wait=True)
    limiter = CustomerLimiter(concurrent=1, per_minute=100, clock=clock)
    sql_lookup = SqlLookup(GuardedRunner(reader, app, timeout_ms=2500), core_columns(), limiter)
    slow_results, quick = [], {}

    async def slow():
        slow_results.append(await run_sql(sql_lookup, SLOW, LUCIA))

    try:
        async with anyio.create_task_group() as tasks:
            for _ in range(4):
                tasks.start_soon(slow)
            await anyio.sleep(0.2)
            started = anyio.current_time()
            quick.update((await run_sql(sql_lookup, "SELECT count(*) FROM transactions", ANDRES)).json_ready())
            quick["seconds"] = anyio.current_time() - started
    finally:
        await reader.close()
        await app.close()
    assert quick["rows"] == [[count_of(walls_db, ANDRES)]] and quick["seconds"] < 1.5, quick
    errors = sorted(str(r.error) for r in slow_results)
    assert errors == ["busy", "busy", "busy", "timeout"], errors


async def test_the_guards_column_sets_are_real_columns_of_core(walls_db):
    """The committed description may leave a column out (refused: safe), never name one core lacks (that
    name would be a function call); the service itself runs with the columns read from the database."""
    live = read_core_columns(walls_db.app)
    assert set(live.tables) == set(core_columns().tables)
    for table, columns in core_columns().tables.items():
        assert set(columns) <= live.of(table), table
    assert "provenance" in live.of("billing") and "provenance" not in core_columns().of("billing")


async def test_the_reader_runs_with_small_work_mem_a_timeout_and_a_temp_file_limit(runner, walls_db):
    query = (
        "SELECT current_setting('work_mem'), current_setting('statement_timeout'), current_setting('temp_file_limit')"
    )
    work_mem, timeout, temp_limit = (await runner.run(raw(query), LUCIA))["rows"][0]
    assert (work_mem, timeout) == ("4MB", "3s")
    notes = check_reader_walls(walls_db.reader, walls_db.app).notes
    assert temp_limit == "64MB" or any("temp_file_limit" in note for note in notes)
