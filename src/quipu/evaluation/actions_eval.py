"""`quipu eval actions`: choose the scenarios, run them, write the report after every attempt."""

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import anyio

from quipu.application.agent import prompts
from quipu.evaluation import runner
from quipu.evaluation.report import fingerprint, markdown, scenario_rows, summarize
from quipu.evaluation.scenarios import HELD_OUT, load, select

SCENARIOS = Path("evals/actions")
PRICES = Path("evals/pricing.json")


@dataclass(frozen=True)
class EvalRun:
    split: str
    repeats: int = 1
    provider: str = "scripted"
    baseline: str | None = None
    ids: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        variant = "actions-off" if self.baseline == "actions-off" else "with-actions"
        return f"{self.split}_{self.provider}_{variant}"


def prompt_fingerprints() -> dict:
    return {
        name: fingerprint(value)
        for name, value in vars(prompts).items()
        if name.isupper() and isinstance(value, str) and len(value) > 40
    }


def provenance(plan: EvalRun, settings, model) -> dict:
    return {
        "split": plan.split,
        "repeats": plan.repeats,
        "provider": plan.provider,
        "model": getattr(model, "model", "scripted") if model is not None else "per-scenario script",
        "actions": plan.baseline != "actions-off",
        "prompts": prompt_fingerprints(),
        "scenarios_dir": str(SCENARIOS),
    }


def write(report: dict, attempts: list, plan: EvalRun, out: Path, stamp: str) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    body = dict(report)
    if plan.split != HELD_OUT:
        body["scenarios"] = scenario_rows(attempts)
    path = out / f"{plan.name}_{stamp}.json"
    path.write_text(json.dumps(body, ensure_ascii=False, indent=2, default=str) + "\n", encoding="utf-8")
    path.with_suffix(".md").write_text(markdown(report, f"Action evaluation: {plan.name}"), encoding="utf-8")
    return path


def evaluate(plan: EvalRun, settings, *, model=None, urls=None, out: Path = Path(".quipu/eval"), progress=None):
    """model None runs each scenario's own script; otherwise the given provider answers every scenario."""
    everything = load(SCENARIOS)
    chosen = select(everything, plan.split, list(plan.ids) or None)
    settings = runner.with_actions(settings, plan.baseline != "actions-off")
    prices = json.loads(PRICES.read_text()) if PRICES.exists() else {}
    stamp = datetime.now(UTC).strftime("%Y%m%d_%H%M%S")
    attempts: list = []
    facts = provenance(plan, settings, model)

    def record(attempt) -> None:
        attempts.append(attempt)
        write(summarize(attempts, facts, prices), attempts, plan, out, stamp)
        if progress:
            progress(attempt)

    anyio.run(
        lambda: runner.run(
            settings, chosen, everything, repeats=plan.repeats, real_model=model, urls=urls, on_attempt=record
        )
    )
    report = summarize(attempts, facts, prices)
    return report, attempts, write(report, attempts, plan, out, stamp)
