"""The quipu command line."""

import sys

import typer
from pydantic import ValidationError

from quipu.adapters.cli import accounts as account_commands
from quipu.adapters.cli import db as db_commands
from quipu.adapters.cli import demo as demo_commands
from quipu.adapters.cli import evaluate as eval_commands
from quipu.adapters.cli import model as model_commands
from quipu.adapters.cli import pipeline as pipeline_commands
from quipu.adapters.cli import reader as reader_commands
from quipu.adapters.cli.context import settings_of
from quipu.adapters.cli.serve import serve
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
app.add_typer(model_commands.app, name="model")
app.add_typer(eval_commands.app, name="eval")
app.add_typer(reader_commands.app, name="reader")
app.add_typer(pipeline_commands.app, name="pipeline")
app.add_typer(account_commands.operator_app, name="operator")
app.add_typer(account_commands.customer_app, name="customer")


@app.callback()
def configure(ctx: typer.Context) -> None:
    ctx.obj = Settings()


@app.command()
def up(ctx: typer.Context, smoke_only: bool = typer.Option(False, help="Stop after the smoke check.")) -> None:
    """Database, demo data (if empty), API + web on one port, a smoke check, the demo sign-ins."""
    settings = settings_of(ctx)
    if settings.chat_memory is None:  # the demo remembers earlier conversations unless told otherwise
        settings = settings.model_copy(update={"chat_memory": "on"})
    urls = db_commands.start_and_prepare(settings)
    demo_commands.load_into(settings, urls, only_if_empty=True)
    db_commands.print_status(urls)
    if not serve(settings, smoke_only=smoke_only):
        raise typer.Exit(1)


@app.command("serve")
def serve_command(
    ctx: typer.Context, workers: int = typer.Option(1, min=1, max=64, help="API processes on the one port.")
) -> None:
    """Serve the API and web (no demo data, no smoke check); --workers N runs N processes."""
    from quipu.adapters.cli.serve import serve_workers

    serve_workers(settings_of(ctx), workers)


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
    except ValidationError as error:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'settings'}: {e['msg']}" for e in error.errors())
        typer.echo(f"error: invalid settings: {problems}", err=True)
        sys.exit(2)
