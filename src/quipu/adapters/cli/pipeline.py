"""quipu pipeline: the organizer-shaped raw source and the run that turns it into core."""

from pathlib import Path

import typer

from quipu.adapters.cli.context import settings_of
from quipu.adapters.cli.db import start_and_prepare
from quipu.bank_data.pipeline.raw import generate_raw
from quipu.bank_data.pipeline.run import STAGES, run_pipeline
from quipu.bank_data.pipeline.stages import ContractViolation

app = typer.Typer(no_args_is_help=True, help="The data pipeline: raw partitions to the bank's core.")


@app.command()
def generate(
    out: Path = typer.Option(..., help="Folder for the CSV partitions."),
    customers: int = typer.Option(1500, min=1, max=500_000),
    seed: int = typer.Option(2026),
) -> None:
    """Write the raw source with its planted defects (counted in _planted.json)."""
    planted = generate_raw(out, customers=customers, seed=seed)
    for name, count in planted.items():
        typer.echo(f"{name:<36}{count:>10,}")


@app.command()
def run(
    ctx: typer.Context,
    source: Path = typer.Option(..., exists=True, file_okay=False),
    work: Path = typer.Option(Path(".quipu/pipeline"), help="Bronze, silver, the core dataset and reports."),
    full: bool = typer.Option(True, "--full/--incremental", help="Incremental reprocesses the last 7 days."),
    load: bool = typer.Option(True, help="Load into core (staged, counted, swapped in one transaction)."),
) -> None:
    """bronze → silver → contracts → core dataset → load, with a quality report."""
    urls = start_and_prepare(settings_of(ctx)) if load else None
    with typer.progressbar(length=len(STAGES), label="pipeline") as bar:

        def on_stage(name: str) -> None:
            bar.label = name
            bar.update(1)

        try:
            result = run_pipeline(source, work, urls, incremental=not full, on_stage=on_stage)
        except ContractViolation as error:
            typer.echo(f"\nerror: {error}; core was not touched", err=True)
            raise typer.Exit(2) from None
    typer.echo(f"\n{'stage':<16}{'seconds':>10}")
    for name, seconds in result.seconds.items():
        typer.echo(f"{name:<16}{seconds:>10.2f}")
    typer.echo(f"\n{'core table':<28}{'rows':>12}")
    for table, rows in result.quality["core_rows"].items():
        typer.echo(f"{table:<28}{rows:>12,}")
    typer.echo(f"\nquality report: {work / '_quality_report.md'}")
