"""The quipu command line."""

import sys

import typer

from quipu.adapters.cli import db as db_commands
from quipu.adapters.cli import demo as demo_commands
from quipu.adapters.cli.context import settings_of
from quipu.adapters.postgres.connection import DatabaseUnreachable
from quipu.adapters.postgres.migrations import MigrationDrift
from quipu.settings import Settings

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="quipu: customer-service agent for retail banks.",
)
app.add_typer(db_commands.app, name="db")
app.add_typer(demo_commands.app, name="demo")


@app.callback()
def configure(ctx: typer.Context) -> None:
    ctx.obj = Settings()


@app.command()
def up(ctx: typer.Context) -> None:
    """Start the database, load the demo data if it is empty, and print the status."""
    settings = settings_of(ctx)
    urls = db_commands.start_and_prepare(settings)
    demo_commands.load_into(settings, urls, only_if_empty=True)
    db_commands.print_status(urls)


@app.command()
def down(ctx: typer.Context) -> None:
    """Stop the embedded database."""
    db_commands.stop_embedded(settings_of(ctx))


def main() -> None:
    try:
        app()
    except (DatabaseUnreachable, MigrationDrift) as error:
        typer.echo(f"error: {error}", err=True)
        sys.exit(2)
