"""quipu db: start, stop, migrate and inspect the database."""

import typer

from quipu.adapters.cli.context import settings_of
from quipu.adapters.postgres import database, embedded
from quipu.adapters.postgres.connection import DatabaseUrls, connect, describe
from quipu.adapters.postgres.status import format_status, read_status
from quipu.settings import Settings

app = typer.Typer(no_args_is_help=True, help="The database.")


def start_and_prepare(settings: Settings) -> DatabaseUrls:
    urls = database.locate(settings)
    applied = database.prepare(urls)
    typer.echo(f"database: {describe(urls.admin)}" + (f"; applied {', '.join(applied)}" if applied else ""))
    return urls


def print_status(urls: DatabaseUrls) -> None:
    with connect(urls.admin) as conn:
        typer.echo(format_status(read_status(conn)))


def stop_embedded(settings: Settings) -> None:
    if not settings.embedded:
        typer.echo("QUIPU_DATABASE_URL is set: that server is not ours to stop.")
        return
    typer.echo("embedded database stopped." if embedded.stop(settings.pgdata) else "embedded database was not running.")


@app.command()
def start(ctx: typer.Context) -> None:
    """Start the embedded database (when no URL is set) and apply migrations."""
    start_and_prepare(settings_of(ctx))


@app.command()
def stop(ctx: typer.Context) -> None:
    """Stop the embedded database."""
    stop_embedded(settings_of(ctx))


@app.command()
def migrate(ctx: typer.Context) -> None:
    """Apply missing migrations."""
    start_and_prepare(settings_of(ctx))


@app.command()
def status(ctx: typer.Context) -> None:
    """Applied migrations, the last core build and row counts per table."""
    print_status(start_and_prepare(settings_of(ctx)))


@app.command()
def url(
    ctx: typer.Context, admin: bool = typer.Option(False, help="The administrator URL instead of the application one.")
) -> None:
    """Print the connection URL (for psql and scripts)."""
    urls = database.locate(settings_of(ctx))
    typer.echo(urls.admin if admin else urls.app)
