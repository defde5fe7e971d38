"""`quipu reader`: train the learned reader on the skills' examples (deterministic, seconds) and say how well it
reads held-out folds of its own corpus; `make up` and `make test` run it, so the service loads it ready."""

import json
import time

import typer

from quipu.adapters.reader import corpus, store
from quipu.adapters.reader.linear import train

app = typer.Typer(no_args_is_help=True, help="The learned reader of customers' words.")


@app.command("train")
def train_command(
    again: bool = typer.Option(False, "--again", help="Train even when today's corpus was trained before."),
) -> None:
    """Train (or load) the reader for today's corpus and lexicons; print its out-of-fold accuracy and calibration."""
    fingerprint = corpus.fingerprint()
    began = time.perf_counter()
    reader = None if again else store.load(fingerprint)
    trained_now = reader is None
    if reader is None:
        reader = train(corpus.load(), fingerprint)
        store.save(reader)
    seconds = round(time.perf_counter() - began, 1)
    typer.echo(json.dumps({**reader.report(), "trained_now": trained_now, "seconds": seconds}, indent=1))
