"""Versioned SQL migrations for the ops schema and the roles, applied on start, tracked in a table."""

import hashlib
from dataclasses import dataclass
from importlib.resources import files

import psycopg

MIGRATION_LOCK = 0x7175_6970  # "quip": serialises concurrent starts


class MigrationDrift(RuntimeError):
    pass


@dataclass(frozen=True)
class Migration:
    version: str
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


def available() -> list[Migration]:
    folder = files("quipu.adapters.postgres") / "migrations"
    found = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".sql"):
            version, _, rest = entry.name.partition("_")
            found.append(Migration(version, rest.removesuffix(".sql"), entry.read_text(encoding="utf-8")))
    return found


def apply(conn: psycopg.Connection) -> list[str]:
    """Apply what is missing, in order; refuse when an applied file was edited afterwards."""
    newly = []
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        conn.execute("CREATE SCHEMA IF NOT EXISTS ops")
        conn.execute(
            "CREATE TABLE IF NOT EXISTS ops.schema_migrations ("
            " version text PRIMARY KEY, name text NOT NULL, checksum text NOT NULL,"
            " applied_at timestamptz NOT NULL DEFAULT now())"
        )
        applied: dict[str, str] = dict(conn.execute("SELECT version, checksum FROM ops.schema_migrations").fetchall())
        for migration in available():
            if migration.version in applied:
                if applied[migration.version] != migration.checksum:
                    raise MigrationDrift(f"migration {migration.version}_{migration.name} changed after it was applied")
                continue
            conn.execute(migration.sql)
            conn.execute(
                "INSERT INTO ops.schema_migrations (version, name, checksum) VALUES (%s, %s, %s)",
                (migration.version, migration.name, migration.checksum),
            )
            newly.append(f"{migration.version}_{migration.name}")
    return newly
