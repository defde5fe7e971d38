"""quipu demo: generate and load the synthetic bank."""

import json
from pathlib import Path

import typer

from quipu.adapters.cli.context import settings_of
from quipu.adapters.cli.db import start_and_prepare
from quipu.adapters.postgres.accounts_admin import install_demo_sign_ins
from quipu.adapters.postgres.connection import DatabaseUrls, connect
from quipu.adapters.security.passwords import Passwords
from quipu.bank_data.demo_accounts import demo_sign_ins
from quipu.bank_data.demo_bank import load_demo_data
from quipu.bank_data.generator import synthetic
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
    if settings.env == "local":
        with connect(urls.admin) as conn:
            installed = install_demo_sign_ins(conn, Passwords())
        if installed:
            typer.echo(f"demo sign-ins installed or refreshed: {installed}")


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


@app.command()
def credentials(as_json: bool = typer.Option(False, "--json", help="Print JSON for scripts.")) -> None:
    """The demo sign-ins: customers (id, name, e-mail, password, case) and operators."""
    sign_ins = demo_sign_ins()
    if as_json:
        typer.echo(json.dumps(sign_ins, ensure_ascii=False, indent=2))
        return
    for c in sign_ins["customers"]:
        typer.echo(f"{c['customer_id']:<22}{c['email']:<34}{c['password']:<30}{c['case']}")
    for o in sign_ins["operators"]:
        typer.echo(f"{o['username']:<22}{o['role']:<34}{o['password']:<30}")
