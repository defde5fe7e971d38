"""After migrating, check from the reader's own login that the walls of run_sql are really there.

A migration on a managed PostgreSQL may have been unable to do part of its work (it only says so in a
NOTICE); this check asks the database what the reader can actually do, and run_sql stays off, with the
reason, when any wall is missing.
"""

from dataclasses import dataclass

import psycopg

from quipu.adapters.postgres.connection import DatabaseUnreachable, connect, one_row
from quipu.domain.sql_scope import OWNED

READER_ROLE = "dwh_reader"
RLS_KEY = "walls.reader_customer()"

WHO = """
SELECT session_user::text, r.rolsuper, r.rolbypassrls,
       EXISTS (SELECT FROM pg_auth_members m WHERE m.member = r.oid),
       has_schema_privilege('ops', 'USAGE'),
       has_table_privilege('walls.reader_scope', 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE'),
       has_function_privilege('walls.reader_customer()', 'EXECUTE'),
       has_function_privilege('pg_catalog.set_config(text, text, boolean)', 'EXECUTE'),
       current_setting('temp_file_limit')
FROM pg_roles r WHERE r.rolname = session_user
"""
POLICIES = """
SELECT c.relname, c.relrowsecurity, c.relowner = r.oid,
       has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE'),
       count(p.oid) FILTER (WHERE pg_get_expr(p.polqual, p.polrelid) LIKE %(key)s),
       count(p.oid) FILTER (WHERE pg_get_expr(p.polqual, p.polrelid) NOT LIKE %(key)s)
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'core'
JOIN pg_roles r ON r.rolname = session_user
LEFT JOIN pg_policy p ON p.polrelid = c.oid AND p.polcmd IN ('r', '*') AND p.polpermissive
     AND (r.oid = ANY (p.polroles) OR 0::oid = ANY (p.polroles))
WHERE c.relname = ANY(%(tables)s) AND c.relkind = 'r'
GROUP BY c.relname, c.relrowsecurity, c.relowner, r.oid, c.oid
"""
# Calls the reader never needs (migration 040 revokes them where the migrating role may): ending or
# cancelling another reader's query, which is another customer's, and advisory locks.
SIGNALS_AND_LOCKS = """
SELECT coalesce(string_agg(DISTINCT p.proname, ', ' ORDER BY p.proname), '')
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace AND n.nspname = 'pg_catalog'
WHERE (p.proname IN ('pg_terminate_backend', 'pg_cancel_backend') OR p.proname LIKE 'pg%advisory%')
  AND has_function_privilege(p.oid, 'EXECUTE')
"""
APP_CAN_MAP = "SELECT has_table_privilege('walls.reader_scope', 'INSERT, UPDATE, DELETE')"


@dataclass(frozen=True)
class WallCheck:
    """problems: a wall is missing (run_sql stays off); notes: worth knowing, run_sql stays on."""

    problems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def holds(self) -> bool:
        return not self.problems

    @property
    def off_reason(self) -> str | None:
        return None if self.holds else "; ".join(self.problems)


def check_reader_walls(reader_url: str | None, app_url: str) -> WallCheck:
    if not reader_url:
        return WallCheck(("no reader login is configured (QUIPU_READER_DATABASE_URL)",))
    try:
        with connect(reader_url) as conn:
            problems, notes = reader_problems(conn)
        with connect(app_url) as conn:
            if not one_row(conn.execute(APP_CAN_MAP).fetchone())[0]:
                problems.append("the application role cannot write walls.reader_scope")
    except (DatabaseUnreachable, psycopg.Error) as error:
        first = (str(error).strip().splitlines() or [type(error).__name__])[0]
        return WallCheck((f"the reader's walls could not be checked: {first[:200]}",))
    return WallCheck(tuple(problems), tuple(notes))


def reader_problems(conn: psycopg.Connection) -> tuple[list[str], list[str]]:
    who, superuser, bypass, member, ops, scope, key, set_config, temp_limit = one_row(conn.execute(WHO).fetchone())
    problems = [
        text
        for wrong, text in (
            (who != READER_ROLE, f"the reader logs in as {who}, not {READER_ROLE}"),
            (superuser or bypass, "the reader is a superuser or bypasses row-level security"),
            (member, "the reader is a member of another role"),
            (ops, "the reader can use the ops schema"),
            (scope, "the reader can read or write its own customer mapping (walls.reader_scope)"),
            (not key, "the reader cannot call walls.reader_customer()"),
        )
        if wrong
    ]
    problems += policy_problems(conn)
    notes = []
    if set_config:
        notes.append("set_config is executable by the reader (row-level security does not depend on it)")
    callable_by_reader = one_row(conn.execute(SIGNALS_AND_LOCKS).fetchone())[0]
    if callable_by_reader:
        notes.append(
            f"the reader can call {callable_by_reader} (the guard's allow-list refuses them); an administrator "
            "should revoke them from PUBLIC"
        )
    if temp_limit == "-1":
        notes.append("temp_file_limit is unlimited for the reader; an administrator should set it")
    return problems, notes


def policy_problems(conn: psycopg.Connection) -> list[str]:
    rows = conn.execute(POLICIES, {"key": f"%{RLS_KEY}%", "tables": sorted(OWNED)}).fetchall()
    problems = [f"core.{t} is missing" for t in sorted(OWNED - {r[0] for r in rows})]
    for table, enabled, owner, writes, keyed, other in rows:
        if not enabled or owner or keyed != 1 or other:
            problems.append(f"row-level security on core.{table} is not keyed to {RLS_KEY} alone")
        if writes:
            problems.append(f"the reader can write core.{table}")
    return problems
