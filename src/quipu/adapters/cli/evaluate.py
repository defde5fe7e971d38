"""`quipu eval`: the action scenarios and the text-to-SQL cases, judged without any model."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import anyio
import typer

from quipu.adapters.cli import db as db_commands
from quipu.adapters.cli import demo as demo_commands
from quipu.adapters.cli.context import settings_of
from quipu.adapters.llm.factory import build_model
from quipu.adapters.llm.model_files import MODELS, installed
from quipu.evaluation import adversarial as adversarial_eval
from quipu.evaluation import sql_eval
from quipu.evaluation.actions_eval import EvalRun, evaluate
from quipu.evaluation.conversations_eval import ConversationRun
from quipu.evaluation.conversations_eval import evaluate as evaluate_conversations
from quipu.evaluation.scenarios import HELD_OUT

app = typer.Typer(no_args_is_help=True, help="Evaluate the agent: verdicts from database rows and regexes only.")
PROVIDERS = ("scripted", "local", "rules", "ollama", "openai", "gemini")
T = TypeVar("T")


def prepared(ctx: typer.Context):
    settings = settings_of(ctx)
    urls = db_commands.start_and_prepare(settings)
    demo_commands.load_into(settings, urls, only_if_empty=True)
    return settings, urls


def model_for(settings, provider: str):
    if provider not in PROVIDERS:
        raise typer.BadParameter(f"provider must be one of {', '.join(PROVIDERS)}")
    return None if provider == "scripted" else build_model(settings.model_copy(update={"llm": provider}))


def check_split(split: str, allowed: tuple[str, ...]) -> None:
    if split not in allowed:
        raise typer.BadParameter(f"split must be {', '.join(allowed[:-1])} or {allowed[-1]}")


def id_list(ids: str) -> tuple[str, ...]:
    """Comma-separated ids, empty ones dropped."""
    return tuple(i for i in ids.split(",") if i)


def progress_printer(split: str, name: Callable[[Any], str]) -> Callable[[Any], None]:
    """Prints each verdict as it comes, except on held-out runs (they print totals only)."""

    def progress(done: Any) -> None:
        if split != HELD_OUT:
            mark = "ok " if done.verdict.correct else "BAD"
            typer.echo(f"{mark} {name(done)} {'; '.join(done.verdict.failures)}")

    return progress


def exit_if_refused(run: Callable[[], T]) -> T:
    """Runs an evaluation; a refused one (a held-out run not allowed here) exits 2 with the reason."""
    try:
        return run()
    except PermissionError as refused:
        typer.echo(str(refused), err=True)
        raise typer.Exit(2) from None


@app.command("actions")
def actions(
    ctx: typer.Context,
    split: str = typer.Option("regression", help="regression or heldout (held-out runs print totals only)."),
    repeats: int = typer.Option(1, min=1, max=10),
    baseline: str | None = typer.Option(None, help="actions-off: the same agent without the acting skills."),
    provider: str = typer.Option("scripted", help="scripted (each scenario's script), local, rules, or a hosted one."),
    ids: str = typer.Option("", help="Comma-separated scenario ids (within the chosen split)."),
    out: Path = typer.Option(Path(".quipu/eval"), help="Folder for the JSON and Markdown reports."),
) -> None:
    """Run the action scenarios on fresh customers and write the report."""
    check_split(split, ("regression", HELD_OUT))
    if baseline not in (None, "actions-off"):
        raise typer.BadParameter("the only baseline is actions-off")
    settings, urls = prepared(ctx)
    plan = EvalRun(split, repeats, provider, baseline, id_list(ids))
    progress = progress_printer(split, lambda attempt: f"{attempt.scenario.id} #{attempt.repeat}")
    report, _, path = exit_if_refused(
        lambda: evaluate(plan, settings, model=model_for(settings, provider), urls=urls, out=out, progress=progress)
    )
    typer.echo(json.dumps({k: report[k] for k in ("attempts", "provider_errors", "correct", "unsafe")}, indent=1))
    typer.echo(f"report: {path}")


@app.command("sql")
def sql(
    ctx: typer.Context,
    split: str = typer.Option("regression", help="regression, heldout or all."),
    repeats: int = typer.Option(1, min=1, max=10),
    provider: str = typer.Option("scripted", help="scripted (the gold answers: proves the harness), local, ..."),
    out: Path = typer.Option(Path(".quipu/eval"), help="Folder for the JSON report."),
) -> None:
    """Text-to-SQL cases through the guard; the gate exits 0 PASS, 1 FAIL, 2 INCONCLUSIVE."""
    check_split(split, ("regression", HELD_OUT, "all"))
    settings, urls = prepared(ctx)
    summary, path = sql_eval.evaluate(
        settings, split=split, model=model_for(settings, provider), repeats=repeats, urls=urls, out=out
    )
    shown = ("attempts", "provider_errors", "execution_accuracy", "unanswerable_declined", "safety_safe", "leaks")
    typer.echo(json.dumps({k: summary[k] for k in shown}, indent=1))
    typer.echo(f"gate: {summary['gate']['verdict']} {'; '.join(summary['gate']['problems'])}")
    if summary["gate"].get("record"):
        typer.echo(f"gate record (the agent offers run_sql only on PASS): {summary['gate']['record']}")
    typer.echo(f"report: {path}")
    raise typer.Exit(sql_eval.EXIT_CODES[summary["gate"]["verdict"]])


@app.command("conversations")
def conversations(
    ctx: typer.Context,
    split: str = typer.Option(
        "regression", help="regression or heldout (held-out runs print totals only); all for a fresh --set."
    ),
    conversation_set: Path = typer.Option(
        Path("evals/conversations"), "--set", help="Folder of conversation YAML files (a fresh first-sight round)."
    ),
    llm: str = typer.Option(
        "scripted", help="scripted (a perfect understanding: proves code's answers), rules, local."
    ),
    model: str | None = typer.Option(None, help="Local model key (qwen2.5-coder-1.5b or qwen2.5-coder-0.5b)."),
    ids: str = typer.Option("", help="Comma-separated conversation ids (within the chosen split)."),
    out: Path = typer.Option(Path(".quipu/eval"), help="Folder for the JSON and Markdown reports."),
) -> None:
    """Customer messages, single and multi-turn: facts in the reply, ungrounded figures, unsafe replies."""
    check_split(split, ("regression", HELD_OUT, "all"))
    if split == "all" and conversation_set == Path("evals/conversations"):
        raise typer.BadParameter("the conversation set is split; --split all is for a fresh --set")
    settings, urls = prepared(ctx)
    if model:
        settings = settings.model_copy(update={"llm_model": model})
    if (
        llm == "local"
        and settings.llm_model in MODELS
        and not installed(MODELS[settings.llm_model], settings.models_dir)
    ):
        typer.echo(f"{settings.llm_model} is not installed: quipu model install --model {settings.llm_model}", err=True)
        raise typer.Exit(2)
    chosen = model_for(settings, llm)
    name = settings.llm_model if llm == "local" else getattr(chosen, "model", "oracle")
    plan = ConversationRun(split, llm, name, id_list(ids), conversation_set)
    progress = progress_printer(split, lambda result: f"{result.conversation.id}#{result.index + 1}")
    report, _, path = exit_if_refused(
        lambda: evaluate_conversations(plan, settings, model=chosen, urls=urls, out=out, progress=progress)
    )
    shown = ("messages", "provider_errors", "correct", "follow_ups", "ungrounded", "unsafe", "efficiency")
    typer.echo(json.dumps({k: report[k] for k in shown}, indent=1, ensure_ascii=False))
    typer.echo(f"report: {path}")


@app.command("adversarial")
def adversarial(
    ctx: typer.Context,
    which: str = typer.Option("no_card", "--set", help="no_card (must draw no proposal) or mirror (must draw one)."),
    llm: str = typer.Option("rules", help="rules (no model) or local; a hosted provider works too."),
    ids: str = typer.Option("", help="Comma-separated ids."),
    directory: Path = typer.Option(Path("evals/adversarial"), "--from", help="Folder of no_card.yaml and mirror.yaml."),
    out: Path = typer.Option(Path(".quipu/eval"), help="Folder for the JSON report."),
) -> None:
    """The rule "act only on the customer's own request": proposals drawn from words that do not ask, and the
    plain requests that must draw theirs."""
    if which not in ("no_card", "mirror"):
        raise typer.BadParameter("--set must be no_card or mirror")
    if llm == "scripted":
        raise typer.BadParameter("the adversarial sets have no script: use rules or local")
    settings, urls = prepared(ctx)
    chosen = model_for(settings, llm)

    def progress(result) -> None:
        mark = "ok " if not result["failures"] else "BAD"
        typer.echo(f"{mark} {result['entry'].id} {'; '.join(result['failures'])}")

    results = anyio.run(
        lambda: adversarial_eval.run(
            settings, which, real_model=chosen, urls=urls, ids=id_list(ids), on_result=progress, directory=directory
        )
    )
    report = adversarial_eval.summarize(which, results, {"provider": llm, "model": getattr(chosen, "model", llm)})
    path = adversarial_eval.write(report, results, out, f"{directory.name}_{which}_{llm}")
    shown = ("messages", "right", "proposals", "by_class", "seconds_p95", "model_calls_mean")
    typer.echo(json.dumps({k: report[k] for k in shown}, indent=1, ensure_ascii=False))
    typer.echo(f"report: {path}")
