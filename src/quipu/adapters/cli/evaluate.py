"""`quipu eval`: the action scenarios and the text-to-SQL cases, judged without any model."""

import json
from pathlib import Path

import typer

from quipu.adapters.cli import db as db_commands
from quipu.adapters.cli import demo as demo_commands
from quipu.adapters.cli.context import settings_of
from quipu.adapters.llm.factory import build_model
from quipu.adapters.llm.model_files import MODELS, installed
from quipu.evaluation import sql_eval
from quipu.evaluation.actions_eval import EvalRun, evaluate
from quipu.evaluation.conversations_eval import ConversationRun
from quipu.evaluation.conversations_eval import evaluate as evaluate_conversations
from quipu.evaluation.scenarios import HELD_OUT

app = typer.Typer(no_args_is_help=True, help="Evaluate the agent: verdicts from database rows and regexes only.")
PROVIDERS = ("scripted", "local", "rules", "ollama", "openai", "gemini")


def prepared(ctx: typer.Context):
    settings = settings_of(ctx)
    urls = db_commands.start_and_prepare(settings)
    demo_commands.load_into(settings, urls, only_if_empty=True)
    return settings, urls


def model_for(settings, provider: str):
    if provider not in PROVIDERS:
        raise typer.BadParameter(f"provider must be one of {', '.join(PROVIDERS)}")
    return None if provider == "scripted" else build_model(settings.model_copy(update={"llm": provider}))


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
    if split not in ("regression", HELD_OUT):
        raise typer.BadParameter("split must be regression or heldout")
    if baseline not in (None, "actions-off"):
        raise typer.BadParameter("the only baseline is actions-off")
    settings, urls = prepared(ctx)
    plan = EvalRun(split, repeats, provider, baseline, tuple(i for i in ids.split(",") if i))
    blind = split == HELD_OUT

    def progress(attempt) -> None:
        if not blind:
            mark = "ok " if attempt.verdict.correct else "BAD"
            typer.echo(f"{mark} {attempt.scenario.id} #{attempt.repeat} {'; '.join(attempt.verdict.failures)}")

    try:
        report, _, path = evaluate(plan, settings, model=model_for(settings, provider), urls=urls, out=out,
                                   progress=progress)  # fmt: skip
    except PermissionError as refused:
        typer.echo(str(refused), err=True)
        raise typer.Exit(2) from None
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
    if split not in ("regression", HELD_OUT, "all"):
        raise typer.BadParameter("split must be regression, heldout or all")
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
    split: str = typer.Option("regression", help="regression or heldout (held-out runs print totals only)."),
    llm: str = typer.Option(
        "scripted", help="scripted (a perfect understanding: proves code's answers), rules, local."
    ),
    model: str | None = typer.Option(None, help="Local model key (qwen2.5-coder-1.5b or qwen2.5-coder-0.5b)."),
    ids: str = typer.Option("", help="Comma-separated conversation ids (within the chosen split)."),
    out: Path = typer.Option(Path(".quipu/eval"), help="Folder for the JSON and Markdown reports."),
) -> None:
    """Customer messages, single and multi-turn: facts in the reply, ungrounded figures, unsafe replies."""
    if split not in ("regression", HELD_OUT):
        raise typer.BadParameter("split must be regression or heldout")
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
    plan = ConversationRun(split, llm, name, tuple(i for i in ids.split(",") if i))
    blind = split == HELD_OUT

    def progress(result) -> None:
        if not blind:
            mark = "ok " if result.verdict.correct else "BAD"
            typer.echo(f"{mark} {result.conversation.id}#{result.index + 1} {'; '.join(result.verdict.failures)}")

    try:
        report, _, path = evaluate_conversations(plan, settings, model=chosen, urls=urls, out=out, progress=progress)
    except PermissionError as refused:
        typer.echo(str(refused), err=True)
        raise typer.Exit(2) from None
    shown = ("messages", "provider_errors", "correct", "follow_ups", "ungrounded", "unsafe", "efficiency")
    typer.echo(json.dumps({k: report[k] for k in shown}, indent=1, ensure_ascii=False))
    typer.echo(f"report: {path}")
