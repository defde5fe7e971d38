"""The data pipeline end to end on the organizer's size: raw partitions → bronze → silver → contracts →
core dataset → load; time per stage, rows per second, peak memory, and bronze against a bare DuckDB read.

    python bench/pipeline.py            # 150,000 customers
    python bench/pipeline.py --quick    # 5,000 customers
"""

import argparse
import os
import resource
import shutil
import sys
import time
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import table, write_result  # noqa: E402

from quipu.adapters.postgres import database, embedded  # noqa: E402
from quipu.bank_data.pipeline.raw import generate_raw  # noqa: E402
from quipu.bank_data.pipeline.raw_layout import COLUMNS  # noqa: E402
from quipu.bank_data.pipeline.run import run_pipeline  # noqa: E402
from quipu.settings import Settings  # noqa: E402


def bare_read_seconds(source: Path) -> tuple[float, int]:
    """Reading every CSV once with DuckDB and nothing else: the floor for the bronze stage."""
    db = duckdb.connect()
    db.execute("SET threads = 2")
    started, rows = time.perf_counter(), 0
    for name in COLUMNS:
        rows += db.execute(
            f"SELECT count(*) FROM read_csv('{source}/{name}/*/*/*/*.csv', union_by_name=true, "
            "all_varchar=true, header=true)"
        ).fetchone()[0]
    return time.perf_counter() - started, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--customers", type=int, default=None, help="another size (bench/growth.py); own result file")
    args = parser.parse_args()
    customers = args.customers or (5_000 if args.quick else 150_000)
    settings = Settings()
    source = settings.home.resolve() / f"raw-{customers}"
    generated_seconds = None
    if not (source / "_planted.json").exists():
        shutil.rmtree(source, ignore_errors=True)
        started = time.perf_counter()
        generate_raw(source, customers=customers)
        generated_seconds = round(time.perf_counter() - started, 1)
    maintenance = embedded.maintenance_url(settings.pgdata)
    name = f"quipu_pipeline_n{customers}"
    embedded.ensure_database(maintenance, name)
    urls = embedded.urls_for(maintenance, name)
    database.prepare(urls)
    work = settings.home.resolve() / f"pipeline-{customers}"
    shutil.rmtree(work, ignore_errors=True)
    started, cpu_started = time.perf_counter(), time.process_time()
    result = run_pipeline(source, work, urls)
    total, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    bare, raw_rows = bare_read_seconds(source)
    peak_gib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 / 1024
    loaded = sum(result.loaded.values())
    rates = {
        "bronze": raw_rows,
        "silver": raw_rows,
        "contracts": sum(result.quality["core_rows"].values()),
        "core dataset": loaded,
        "load": loaded,
    }
    rows = [
        (stage, seconds, f"{rates[stage] / seconds:,.0f}" if seconds else "-")
        for stage, seconds in result.seconds.items()
    ]
    print(table(rows, ("stage", "seconds", "rows/s")))
    ratio = round(result.seconds["bronze"] / bare, 2)
    print(
        f"total {total:.1f} s, peak memory {peak_gib:.2f} GiB, bronze / bare DuckDB read x{ratio} "
        f"({raw_rows:,} raw rows; targets: total < 15 min, memory < 8 GiB)"
    )
    write_result(
        f"pipeline-n{customers}" if args.customers else "pipeline" + ("-quick" if args.quick else ""),
        {
            "customers": customers,
            "raw_rows": raw_rows,
            "generated_seconds": generated_seconds,
            "seconds": result.seconds,
            "total_seconds": round(total, 1),
            "cpu_seconds": round(
                cpu, 1
            ),  # the pipeline process's own CPU: what other work on the machine cannot inflate
            "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
            "peak_memory_gib": round(peak_gib, 2),
            "bare_read_seconds": round(bare, 2),
            "bronze_to_bare_read": ratio,
            "core_rows": result.quality["core_rows"],
            "quality": result.quality["tables"],
            "targets": {"total_seconds": 900, "peak_memory_gib": 8},
        },
    )


if __name__ == "__main__":
    main()
