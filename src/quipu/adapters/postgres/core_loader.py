"""Loads a dataset into core: build core_staging, verify every table's row count, swap in one transaction.

A load that fails or is killed before the swap leaves the live core exactly as it was; ops is never
touched.
"""

import hashlib
import json
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path

import psycopg
from psycopg import sql

from quipu.adapters.postgres.connection import one_row
from quipu.bank_data.format import CORE_TABLES, read_manifest, table_files

LIVE = "core"
STAGING = "core_staging"
RETIRED = "core_retired"
LOAD_LOCK = 0x7175_6971
COPY_CHUNK = 1 << 20


class LoadMismatch(RuntimeError):
    pass


def core_ddl() -> str:
    return (files("quipu.adapters.postgres") / "core.sql").read_text(encoding="utf-8")


def core_fingerprint() -> str:
    return hashlib.sha256(core_ddl().encode()).hexdigest()[:16]


def load_dataset(
    conn: psycopg.Connection, directory: Path, *, after_table: Callable[[str], None] | None = None
) -> dict:
    """Replace core with the dataset in directory; returns the row count of every table."""
    conn.execute("SELECT pg_advisory_lock(%s)", (LOAD_LOCK,))
    try:
        with conn.transaction():
            _create_schema(conn, STAGING)
        counts = {}
        for table in table_files(directory):
            with conn.transaction():
                counts[table.table] = _copy_table(conn, table.path, table.table)
            if counts[table.table] != table.rows:
                raise LoadMismatch(f"{table.table}: sent {table.rows} rows, {counts[table.table]} arrived")
            if after_table:
                after_table(table.table)
        manifest = read_manifest(directory)
        _swap(conn, manifest.get("source", "unknown"), counts)
        return counts
    finally:
        conn.execute("SELECT pg_advisory_unlock(%s)", (LOAD_LOCK,))


def ensure_core(conn: psycopg.Connection) -> bool:
    """Create an empty core when there is none; True when one was created."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOAD_LOCK,))
        if _schema_exists(conn, LIVE):
            return False
        _create_schema(conn, LIVE)
        _grant(conn, LIVE)
        _record_build(conn, "empty", dict.fromkeys(CORE_TABLES, 0))
    return True


def _schema_exists(conn: psycopg.Connection, schema: str) -> bool:
    return conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", (schema,)).fetchone() is not None


def _create_schema(conn: psycopg.Connection, schema: str) -> None:
    conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))
    conn.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
    conn.execute(sql.SQL("SET LOCAL search_path = {}").format(sql.Identifier(schema)))
    conn.execute(core_ddl())


def _copy_table(conn: psycopg.Connection, path: Path, table: str) -> int:
    columns = sql.SQL(", ").join(map(sql.Identifier, CORE_TABLES[table]))
    statement = sql.SQL("COPY {}.{} ({}) FROM STDIN WITH (FORMAT csv, HEADER true)").format(
        sql.Identifier(STAGING), sql.Identifier(table), columns
    )
    with conn.cursor() as cur:
        with cur.copy(statement) as copy, path.open("rb") as source:
            while chunk := source.read(COPY_CHUNK):
                copy.write(chunk)
        counted = sql.SQL("SELECT count(*) FROM {}.{}").format(sql.Identifier(STAGING), sql.Identifier(table))
        return one_row(cur.execute(counted).fetchone())[0]


def _grant(conn: psycopg.Connection, schema: str) -> None:
    s = sql.Identifier(schema)
    for statement in (
        "GRANT USAGE ON SCHEMA {s} TO dwh_reader, quipu_app",
        "GRANT SELECT ON ALL TABLES IN SCHEMA {s} TO dwh_reader, quipu_app",
        "GRANT UPDATE (current_balance) ON {s}.products TO quipu_app",
        "GRANT INSERT ON {s}.transactions TO quipu_app",
        "GRANT UPDATE (status, paid_at) ON {s}.service_bills TO quipu_app",
    ):
        conn.execute(sql.SQL(statement).format(s=s))


def _swap(conn: psycopg.Connection, source: str, counts: dict) -> None:
    with conn.transaction():
        _grant(conn, STAGING)
        conn.execute("SET LOCAL lock_timeout = '10s'")
        if _schema_exists(conn, LIVE):
            conn.execute(sql.SQL("ALTER SCHEMA {} RENAME TO {}").format(sql.Identifier(LIVE), sql.Identifier(RETIRED)))
        conn.execute(sql.SQL("ALTER SCHEMA {} RENAME TO {}").format(sql.Identifier(STAGING), sql.Identifier(LIVE)))
        conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(RETIRED)))
        _record_build(conn, source, counts)


def _record_build(conn: psycopg.Connection, source: str, counts: dict) -> None:
    conn.execute(
        "INSERT INTO ops.core_builds (source, fingerprint, row_counts) VALUES (%s, %s, %s)",
        (source, core_fingerprint(), json.dumps(counts)),
    )


def row_counts(conn: psycopg.Connection, schema: str = LIVE) -> dict[str, int]:
    counts = {}
    for table in CORE_TABLES:
        query = sql.SQL("SELECT count(*) FROM {}.{}").format(sql.Identifier(schema), sql.Identifier(table))
        counts[table] = one_row(conn.execute(query).fetchone())[0]
    return counts
