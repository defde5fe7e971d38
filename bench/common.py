"""Shared by the benchmarks: a database of the wanted size, timing and the report."""

import json
import platform
import statistics
import time
from datetime import UTC, datetime
from pathlib import Path

from quipu.adapters.postgres import core_loader, database, embedded
from quipu.adapters.postgres.connection import DatabaseUrls, connect
from quipu.bank_data.demo_bank import dataset_directory
from quipu.evaluation.report import commit as current_commit
from quipu.settings import Settings

RESULTS = Path(__file__).resolve().parent / "results"


def bench_database(customers: int, seed: int = 2026, name: str | None = None) -> DatabaseUrls:
    """A database named after its size (or `name`), generated and loaded once, then reused."""
    settings = Settings()
    maintenance = embedded.maintenance_url(settings.pgdata) if settings.embedded else None
    name = name or f"quipu_bench_n{customers}"
    if maintenance is None:
        raise SystemExit("benchmarks use the embedded PostgreSQL; unset QUIPU_DATABASE_URL")
    embedded.ensure_database(maintenance, name)
    urls = embedded.urls_for(maintenance, name)
    database.prepare(urls)
    with connect(urls.admin) as conn:
        if core_loader.row_counts(conn)["customers"] != customers + 10:
            started = time.perf_counter()
            directory = dataset_directory(settings.datasets_dir, seed, customers)
            counts = core_loader.load_dataset(conn, directory)
            conn.execute("ANALYZE")
            print(
                f"loaded {counts['customers']:,} customers, {counts['transactions']:,} transactions "
                f"in {time.perf_counter() - started:.0f} s"
            )
    return urls


def percentile(samples: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(samples)
    return ordered[max(0, min(len(ordered) - 1, round(q * len(ordered) + 0.5) - 1))]


def summary_ms(samples: list[float]) -> dict:
    return {
        "n": len(samples),
        "p50_ms": round(percentile(samples, 0.5) * 1000, 3),
        "p95_ms": round(percentile(samples, 0.95) * 1000, 3),
        "mean_ms": round(statistics.fmean(samples) * 1000, 3),
    }


def provenance() -> dict:
    commit = current_commit()
    return {
        "commit": None if commit == "unknown" else commit,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "python": platform.python_version(),
    }


def write_result(name: str, result: dict) -> Path:
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps({**result, "provenance": provenance()}, indent=2) + "\n")
    return path


def table(rows: list[tuple], headers: tuple) -> str:
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows, strict=True)]
    line = lambda cells: "  ".join(str(c).rjust(w) for c, w in zip(cells, widths, strict=True))  # noqa: E731
    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])
