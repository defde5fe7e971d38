"""The guard runs what it checked: re-parsed, the SQL it renders is the tree it guarded (10,000 generated
queries with hostile aliases, names, literals and comments), PostgreSQL plans only the core tables it
allowed, the review's quoted-alias attack runs as one name, and the reader login cannot signal other
backends or take advisory locks where the migrating role may revoke them."""

import asyncio
import json
from collections import Counter

import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from psycopg_pool import AsyncConnectionPool

from hostile_sql import queries
from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.reader_walls import check_reader_walls
from quipu.adapters.postgres.schema_catalog import core_columns
from quipu.adapters.postgres.sql_runner import GuardedRunner, dwh_pool
from quipu.domain.sql_scope import OWNED, REFERENCE, Guarded, guard
from sql_reparse import assert_renders_what_it_checked, bind

CORE = core_columns()
LUCIA = "DEMO-MX-DUPLICATE"
ALIAS_ATTACK = 'SELECT customer_id FROM customers AS "c UNION ALL SELECT count(*)::text FROM core.customers --"'
PROPERTY_EXAMPLES = 10_000


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_rendered_sql_reparses_to_the_guarded_tree_over_10000_hostile_queries():
    verdicts: Counter = Counter()

    @settings(max_examples=PROPERTY_EXAMPLES, deadline=None, database=None)
    @given(sql=queries())
    def renders_what_it_checked(sql):
        verdict = guard(sql, CORE)
        verdicts["accepted" if isinstance(verdict, Guarded) else verdict.reason] += 1
        if isinstance(verdict, Guarded):
            assert_renders_what_it_checked(sql, verdict.sql)

    renders_what_it_checked()
    print(f"re-parsed {sum(verdicts.values())} generated queries: {dict(verdicts)}")
    assert sum(verdicts.values()) >= PROPERTY_EXAMPLES
    assert verdicts["accepted"] >= PROPERTY_EXAMPLES // 2, verdicts  # the property is about accepted queries


def planned_relations(plan: dict) -> set[tuple[str, str]]:
    found = {(plan["Schema"], plan["Relation Name"])} if "Relation Name" in plan else set()
    for child in plan.get("Plans", []):
        found |= planned_relations(child)
    return found


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sql=queries())
def test_postgresql_plans_only_the_core_tables_the_guard_allowed(demo_db, sql):
    """PostgreSQL's own parser, as the reader: whatever hostile name the query carried, the plan reads
    core's allow-listed tables and nothing else (no catalog, no second statement)."""
    verdict = guard(sql, CORE)
    if not isinstance(verdict, Guarded):
        return
    with connect(demo_db.reader) as conn:
        try:
            plan = conn.execute(
                "EXPLAIN (VERBOSE, FORMAT JSON) " + bind(verdict.sql).replace("'CUSTOMER'", f"'{LUCIA}'")
            )
            plan = plan.fetchone()[0]
        except (
            psycopg.errors.DataError,
            psycopg.errors.DatatypeMismatch,
            psycopg.errors.UndefinedFunction,
            psycopg.errors.DuplicateAlias,
        ):
            return  # a UNION of unlike types, one alias given twice: refused by PostgreSQL, nothing read
    plan = json.loads(plan) if isinstance(plan, str) else plan
    relations = planned_relations(plan[0]["Plan"])
    assert relations <= {("core", t) for t in OWNED | REFERENCE}, (sql, relations)


async def run_as(db, verdict: Guarded, customer: str) -> dict:
    reader = dwh_pool(db.reader, max_size=1)
    app = AsyncConnectionPool(db.app, min_size=1, max_size=1, open=False, kwargs={"autocommit": True})
    await reader.open(wait=True)
    await app.open(wait=True)
    try:
        return await GuardedRunner(reader, app).run(verdict, customer)
    finally:
        await reader.close()
        await app.close()


def test_the_reviews_quoted_alias_runs_as_one_name_and_reads_only_the_customers_row(walls_db):
    verdict = guard(ALIAS_ATTACK, CORE)
    assert isinstance(verdict, Guarded) and "UNION" not in verdict.sql.split('AS "')[0]
    result = asyncio.run(run_as(walls_db, verdict, LUCIA))
    assert result["rows"] == [[LUCIA]], result


def test_a_cte_named_like_an_outer_alias_is_refused_before_postgresql_reads_it_as_a_call():
    for sql in (
        "WITH q AS (SELECT amount AS pg_typeof FROM transactions) SELECT (SELECT q.pg_typeof LIMIT 1) FROM customers q",
        "WITH q AS (SELECT amount AS row_to_json FROM transactions) SELECT (SELECT q.row_to_json) FROM customers q",
    ):
        assert guard(sql, CORE).reason == "cte_shadows_alias"


SIGNALS_AND_LOCKS = (
    "SELECT pg_terminate_backend(pg_backend_pid() + 1)",
    "SELECT pg_cancel_backend(pg_backend_pid() + 1)",
    "SELECT pg_advisory_lock(1)",
    "SELECT pg_try_advisory_xact_lock(1)",
    "SELECT pg_advisory_lock_shared(1, 2)",
)


@pytest.mark.parametrize("statement", SIGNALS_AND_LOCKS)
def test_the_reader_can_neither_signal_other_backends_nor_take_advisory_locks(demo_db, statement):
    with connect(demo_db.reader) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute(statement)


def test_the_application_still_takes_its_advisory_locks(demo_db):
    with connect(demo_db.app) as conn:
        assert conn.execute("SELECT pg_try_advisory_xact_lock(hashtext('quipu.test'))").fetchone()[0] is True


def test_where_the_revoke_needs_an_administrator_the_wall_check_says_so(owner_db):
    notes = check_reader_walls(owner_db.reader, owner_db.app).notes
    assert any("pg_terminate_backend" in note and "advisory" in note for note in notes), notes
