"""What the database holds: applied migrations, the last core build, row counts per table."""

from dataclasses import dataclass

import psycopg

from quipu.adapters.postgres.connection import one_row
from quipu.adapters.postgres.core_loader import row_counts

OPS_TABLES = (
    "conversations",
    "messages",
    "decision_log",
    "actions",
    "transfers",
    "card_actions",
    "disputes",
    "handoff_cases",
    "preferences",
    "outbox",
    "sessions",
    "operators",
)


@dataclass(frozen=True)
class DatabaseStatus:
    migrations: list[str]
    core_source: str | None
    core_built_at: str | None
    core_counts: dict[str, int]
    ops_counts: dict[str, int]


def read_status(conn: psycopg.Connection) -> DatabaseStatus:
    migrations = [
        f"{v}_{n}" for v, n in conn.execute("SELECT version, name FROM ops.schema_migrations ORDER BY version")
    ]
    build = conn.execute("SELECT source, built_at FROM ops.core_builds ORDER BY build_id DESC LIMIT 1").fetchone()
    ops_counts = {t: one_row(conn.execute(f"SELECT count(*) FROM ops.{t}").fetchone())[0] for t in OPS_TABLES}
    return DatabaseStatus(
        migrations=migrations,
        core_source=build[0] if build else None,
        core_built_at=build[1].isoformat(timespec="seconds") if build else None,
        core_counts=row_counts(conn),
        ops_counts=ops_counts,
    )


def format_status(status: DatabaseStatus) -> str:
    lines = [
        f"migrations: {', '.join(status.migrations) or 'none'}",
        f"core: {status.core_source or 'not built'} (built {status.core_built_at or '-'})",
        "",
        f"{'table':<34}{'rows':>12}",
    ]
    for schema, counts in (("core", status.core_counts), ("ops", status.ops_counts)):
        lines += [f"{schema + '.' + table:<34}{count:>12,}" for table, count in counts.items()]
    return "\n".join(lines)
