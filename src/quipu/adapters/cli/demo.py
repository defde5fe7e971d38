"""quipu demo: generate and load the synthetic bank."""

from pathlib import Path

import typer

from quipu.adapters.cli.context import settings_of
from quipu.adapters.cli.db import start_and_prepare
from quipu.adapters.dataset import synthetic
from quipu.adapters.postgres.connection import DatabaseUrls
from quipu.application.demo_data import load_demo_data
from quipu.settings import Settings

app = typer.Typer(no_args_is_help=True, help="The demo bank.")


def load_into(
    settings: Settings,
    urls: DatabaseUrls,
    *,
    only_if_empty: bool,
    seed: int | None = None,
    customers: int | None = None,
) -> None:
    result = load_demo_data(
        urls,
        settings.datasets_dir,
        seed=settings.seed if seed is None else seed,
        customers=settings.demo_customers if customers is None else customers,
        only_if_empty=only_if_empty,
    )
    verb = "loaded" if result.loaded else "kept (core already has data)"
    typer.echo(
        f"demo data {verb}: {result.counts['customers']:,} customers, {result.counts['transactions']:,} transactions"
    )


@app.command()
def generate(
    out: Path = typer.Option(..., help="Folder to write the CSV files and manifest into."),
    seed: int = typer.Option(synthetic.DEFAULT_SEED),
    customers: int = typer.Option(synthetic.DEFAULT_CUSTOMERS, min=0, max=500_000),
) -> None:
    """Write the synthetic bank as CSV files (same seed and size, same bytes)."""
    manifest = synthetic.generate(out, seed=seed, customers=customers)
    for table, entry in manifest["tables"].items():
        typer.echo(f"{table:<28}{entry['rows']:>12,}  {entry['sha256'][:16]}")


@app.command()
def load(
    ctx: typer.Context,
    seed: int | None = typer.Option(None, help="Defaults to QUIPU_SEED."),
    customers: int | None = typer.Option(None, min=0, max=500_000, help="Defaults to QUIPU_DEMO_CUSTOMERS."),
    if_empty: bool = typer.Option(False, help="Only load when core has no customers."),
) -> None:
    """Replace core with the synthetic bank (staged, counted, swapped in one transaction)."""
    settings = settings_of(ctx)
    load_into(settings, start_and_prepare(settings), only_if_empty=if_empty, seed=seed, customers=customers)
