"""Finding the database: the configured URLs, or the embedded server; then migrations, an empty core, and
the checks that the logins the service runs as are what they should be."""

import logging

from quipu.adapters.postgres import core_loader, embedded, migrations
from quipu.adapters.postgres.connection import DatabaseUrls, connect, one_row
from quipu.adapters.postgres.reader_walls import WallCheck, check_reader_walls
from quipu.settings import Settings

CHECKPOINT_SCHEMA = "ops"
CHECKPOINT_LOCK = 0x7175_6972
CHECKPOINT_TABLES = ("checkpoints", "checkpoint_blobs", "checkpoint_writes", "checkpoint_migrations")
OWNERS = """
SELECT array_agg(DISTINCT nspowner::regrole::text) || session_user::text
FROM pg_namespace WHERE nspname IN ('ops', 'core', 'walls')
"""
# What a login can do beyond its grants: be a superuser, skip row-level security, make roles (and so grant
# itself more), or act as another role it is a member of (the owner's, say).
LOGIN = """
SELECT session_user::text, r.rolsuper, r.rolbypassrls, r.rolcreaterole,
       array(SELECT o.rolname::text FROM pg_roles o WHERE o.oid <> r.oid AND pg_has_role(r.oid, o.oid, 'MEMBER'))
FROM pg_roles r WHERE r.rolname = session_user
"""

log = logging.getLogger("quipu.database")


class UnsafeLogin(RuntimeError):
    """The application or the reader logs in as the schema owner, a member of it, a superuser, or a role that
    bypasses row-level security or may create roles."""


def locate(settings: Settings) -> DatabaseUrls:
    """Start the embedded server when no URL is configured; never migrates."""
    if settings.database_url is None:
        return embedded.start(settings.pgdata)
    url = settings.database_url.get_secret_value()
    app = settings.app_database_url.get_secret_value() if settings.app_database_url else url
    reader = settings.reader_database_url.get_secret_value() if settings.reader_database_url else None
    return DatabaseUrls(admin=url, app=app, reader=reader)


def prepare(urls: DatabaseUrls) -> list[str]:
    """Apply missing migrations, the agent's checkpoint tables, and make sure a core schema exists."""
    with connect(urls.admin) as conn:
        applied = migrations.apply(conn)
        if core_loader.ensure_core(conn):
            applied.append("core (empty)")
    setup_checkpoints(urls.admin)
    return applied


def check_logins(urls: DatabaseUrls, settings: Settings) -> WallCheck:
    """Refuse (cloud mode) an application or reader login that is the owner (or a member of its role), a
    superuser, or may bypass row-level security or create roles; then check the
    walls of run_sql from the reader's own login, and say at start-up when run_sql is off and why."""
    if settings.env == "cloud":
        refuse_owner_logins(urls)
    walls = check_reader_walls(urls.reader, urls.app)
    if walls.holds:
        for note in walls.notes:
            log.warning("run_sql: %s", note)
    else:
        log.warning("run_sql is off: %s", walls.off_reason)
    return walls


def refuse_owner_logins(urls: DatabaseUrls) -> None:
    with connect(urls.admin) as conn:
        owners = set(one_row(conn.execute(OWNERS).fetchone())[0])
    for name, url in (("application", urls.app), ("reader", urls.reader)):
        if url is None:
            continue
        with connect(url) as conn:
            who, superuser, bypass_rls, create_role, member_of = one_row(conn.execute(LOGIN).fetchone())
        wrong = [
            what
            for unsafe, what in (
                (superuser, "a superuser"),
                (who in owners, "the owner of the schemas"),
                (bool(owners & set(member_of)), "a member of the schemas' owner role"),
                (bypass_rls, "a role that bypasses row-level security"),
                (create_role, "a role that may create roles"),
            )
            if unsafe
        ]
        if wrong:
            raise UnsafeLogin(f"the {name} URL logs in as {who}, {wrong[0]}; cloud mode needs a login of its own")


def setup_checkpoints(admin_url: str) -> None:
    """LangGraph's checkpoint tables, in ops (everything the agent writes lives there)."""
    from langgraph.checkpoint.postgres import PostgresSaver
    from psycopg.rows import dict_row

    with connect(admin_url, row_factory=dict_row, options=f"-c search_path={CHECKPOINT_SCHEMA}") as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (CHECKPOINT_LOCK,))
        try:
            # rows are dicts (row_factory), which psycopg's types cannot tell
            PostgresSaver(conn).setup()  # type: ignore[arg-type]
            for table in CHECKPOINT_TABLES:
                conn.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {CHECKPOINT_SCHEMA}.{table} TO quipu_app")
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (CHECKPOINT_LOCK,))
