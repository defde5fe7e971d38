"""Finding the database: the configured URL, or the embedded server; then migrations and an empty core."""

from quipu.adapters.postgres import core_loader, embedded, migrations
from quipu.adapters.postgres.connection import DatabaseUrls, connect
from quipu.settings import Settings

CHECKPOINT_SCHEMA = "ops"
CHECKPOINT_LOCK = 0x7175_6972
CHECKPOINT_TABLES = ("checkpoints", "checkpoint_blobs", "checkpoint_writes", "checkpoint_migrations")


def locate(settings: Settings) -> DatabaseUrls:
    """Start the embedded server when no URL is configured; never migrates."""
    if settings.database_url is None:
        return embedded.start(settings.pgdata)
    url = settings.database_url.get_secret_value()
    return DatabaseUrls(admin=url, app=url)


def prepare(urls: DatabaseUrls) -> list[str]:
    """Apply missing migrations, the agent's checkpoint tables, and make sure a core schema exists."""
    with connect(urls.admin) as conn:
        applied = migrations.apply(conn)
        if core_loader.ensure_core(conn):
            applied.append("core (empty)")
    setup_checkpoints(urls.admin)
    return applied


def setup_checkpoints(admin_url: str) -> None:
    """LangGraph's checkpoint tables, in ops (everything the agent writes lives there)."""
    from langgraph.checkpoint.postgres import PostgresSaver
    from psycopg.rows import dict_row

    with connect(admin_url, row_factory=dict_row, options=f"-c search_path={CHECKPOINT_SCHEMA}") as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (CHECKPOINT_LOCK,))
        try:
            PostgresSaver(conn).setup()
            for table in CHECKPOINT_TABLES:
                conn.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {CHECKPOINT_SCHEMA}.{table} TO quipu_app")
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (CHECKPOINT_LOCK,))
