"""One pipeline run: bronze → silver → contracts → core dataset → load (staged, counted, swapped), with a
quality report (JSON and Markdown) and the time of every stage."""

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from quipu.adapters.postgres import core_loader
from quipu.adapters.postgres.connection import DatabaseUrls, connect
from quipu.bank_data.pipeline.core_export import export_core
from quipu.bank_data.pipeline.stages import Pipeline

STAGES = ("bronze", "silver", "contracts", "core dataset", "load")


@dataclass
class RunResult:
    seconds: dict[str, float] = field(default_factory=dict)
    quality: dict = field(default_factory=dict)
    loaded: dict[str, int] = field(default_factory=dict)


def run_pipeline(
    source: Path,
    work: Path,
    urls: DatabaseUrls | None,
    *,
    incremental: bool = False,
    on_stage: Callable[[str], None] = lambda stage: None,
) -> RunResult:
    """A contract violation raises before the load, so core stays exactly as it was."""
    work.mkdir(parents=True, exist_ok=True)
    pipeline = Pipeline(source, work)
    result = RunResult()

    def stage(name, work_fn):
        on_stage(name)
        started = time.perf_counter()
        value = work_fn()
        result.seconds[name] = round(time.perf_counter() - started, 2)
        return value

    stage("bronze", lambda: pipeline.bronze(incremental=incremental))
    result.quality = stage("silver", pipeline.silver)
    stage("contracts", pipeline.contracts)
    manifest = stage("core dataset", lambda: export_core(pipeline.db, pipeline.silver_dir, work / "core", "pipeline"))
    result.quality["core_rows"] = {t: v["rows"] for t, v in manifest["tables"].items()}
    if urls is not None:

        def load():
            with connect(urls.admin) as conn:
                return core_loader.load_dataset(conn, work / "core")

        result.loaded = stage("load", load)
    result.quality["seconds"] = result.seconds
    write_report(work, result.quality)
    return result


def write_report(work: Path, quality: dict) -> None:
    (work / "_quality_report.json").write_text(json.dumps(quality, indent=2, default=str) + "\n")
    lines = ["# Quality report", "", f"Source: `{quality.get('source')}`", ""]
    window = quality.get("history_window")
    if window:
        lines += [f"History window: {window['days']} days, {window['start']} to {window['end']}", ""]
    metrics = sorted({k for counts in quality["tables"].values() for k in counts})
    lines += ["| table | " + " | ".join(metrics) + " |", "|---" * (len(metrics) + 1) + "|"]
    for table, counts in sorted(quality["tables"].items()):
        lines.append(f"| {table} | " + " | ".join(str(counts.get(m, "")) for m in metrics) + " |")
    lines += ["", "Contracts checked: " + "; ".join(quality.get("contracts", [])), ""]
    (work / "_quality_report.md").write_text("\n".join(lines))
