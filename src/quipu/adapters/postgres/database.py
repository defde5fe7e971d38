"""Finding the database: the configured URL, or the embedded server; then migrations and an empty core."""

from quipu.adapters.postgres import core_loader, embedded, migrations
from quipu.adapters.postgres.connection import DatabaseUrls, connect
from quipu.settings import Settings


def locate(settings: Settings) -> DatabaseUrls:
    """Start the embedded server when no URL is configured; never migrates."""
    if settings.database_url is None:
        return embedded.start(settings.pgdata)
    url = settings.database_url.get_secret_value()
    return DatabaseUrls(admin=url, app=url)


def prepare(urls: DatabaseUrls) -> list[str]:
    """Apply missing migrations and make sure a core schema exists; returns what was applied."""
    with connect(urls.admin) as conn:
        applied = migrations.apply(conn)
        if core_loader.ensure_core(conn):
            applied.append("core (empty)")
    return applied
