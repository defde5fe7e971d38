"""How quipu grows: the pipeline at 15,000 / 50,000 / 150,000 customers (seconds, peak memory, the fitted growth
n^b, the largest bank 24 GiB carries), and the confirm and turn benches at 1, 10 and 50 concurrent customers.

    python bench/growth.py --part pipeline [--sizes 15000 50000 150000]
    python bench/growth.py --part concurrency
    python bench/growth.py --quick        # pipeline at 2,000 / 5,000; concurrency with fewer turns
Writes bench/results/growth.json (growth-quick.json with --quick); parts merge into the same file.
"""

import argparse
import asyncio
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import RESULTS, bench_database, provenance, summary_ms, table  # noqa: E402

MACHINE_GIB = 24
CONCURRENCY = (1, 10, 50)


def fit(sizes: list[int], values: list[float]) -> tuple[float, float]:
    """Least squares on logs: value = a * n^b."""
    xs, ys = [math.log(n) for n in sizes], [math.log(v) for v in values]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)
    return math.exp(my - b * mx), b


def pipeline(sizes: list[int], reuse: bool = False) -> dict:
    here = Path(__file__).resolve().parent
    rows = []
    for n in sizes:
        measured = RESULTS / f"pipeline-n{n}.json"
        if not (reuse and measured.exists()):
            subprocess.run(
                ["nice", "-n", "10", sys.executable, str(here / "pipeline.py"), "--customers", str(n)], check=True
            )
        found = json.loads(measured.read_text())
        rows.append(
            {
                "customers": n,
                "seconds": found["total_seconds"],
                "peak_memory_gib": found["peak_memory_gib"],
                "generated_seconds": found["generated_seconds"],
                "raw_rows": found["raw_rows"],
                "cpu_seconds": found.get("cpu_seconds"),
                "measured": found.get("provenance", {}).get("date"),
            }
        )
    cpu = [r["cpu_seconds"] for r in rows]
    timed = "cpu_seconds" if all(cpu) else "seconds"  # CPU seconds: what other work on the machine cannot inflate
    a_t, b_t = fit(sizes, [r[timed] for r in rows])
    a_m, b_m = fit(sizes, [r["peak_memory_gib"] for r in rows])
    capped = b_m < 0.9  # DuckDB spills past its memory_limit: peak memory flattens instead of growing with n
    largest = None if capped else int((MACHINE_GIB / a_m) ** (1 / b_m))
    return {
        "sizes": rows,
        "seconds_fit": {"of": timed, "a": a_t, "b": round(b_t, 3)},
        "memory_fit": {"a": a_m, "b": round(b_m, 3)},
        "largest_bank_for_24_gib": largest,
        "note": "peak memory is the pipeline process's (DuckDB, memory_limit 6GB by default, spilling to disk past "
        "it); PostgreSQL's own memory is apart"
        + ("; memory flattens at the limit, so 24 GiB does not bound the bank: time and disk do" if capped else ""),
    }


async def confirm_at(clients: int, confirms: int) -> dict:
    from confirm import run

    return await run(5_000, confirms, clients)


async def turn_at(workers: int, quick: bool) -> dict:
    """The turn bench's conversations without the model (its oracle answers at once), `workers` at a time."""
    import time

    from turn import CONVERSATIONS, SECRET, turns

    from quipu.evaluation.conversation_runner import OracleModel
    from quipu.evaluation.conversations import load
    from quipu.settings import Settings

    conversations = load(CONVERSATIONS)[:: 8 if quick else 2]
    urls = bench_database(5_000)
    settings = Settings(home=Path(tempfile.mkdtemp()), jwt_secret=SECRET)
    started = time.perf_counter()
    results = await turns(settings, urls, OracleModel(load(CONVERSATIONS)), conversations, workers)
    elapsed = time.perf_counter() - started
    samples = [r.observed.seconds for r in results]
    return {"workers": workers, **summary_ms(samples), "turns_per_second": round(len(samples) / elapsed, 1)}


def concurrency(quick: bool) -> dict:
    confirms = 100 if quick else 300
    out = {"confirm": [], "turn": []}
    for clients in CONCURRENCY:
        found = asyncio.run(confirm_at(clients, confirms))
        out["confirm"].append(
            {"clients": clients, **found["latency"], "executed_per_second": found["executed_per_second"]}
        )
        out["turn"].append(asyncio.run(turn_at(clients, quick)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", choices=("pipeline", "concurrency", "all"), default="all")
    parser.add_argument("--sizes", type=int, nargs="+", default=None)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--reuse", action="store_true", help="Sizes already measured (pipeline-n<N>.json) are not run again."
    )
    args = parser.parse_args()
    path = RESULTS / ("growth-quick.json" if args.quick else "growth.json")
    results = json.loads(path.read_text()) if path.exists() else {}
    if args.part in ("pipeline", "all"):
        sizes = args.sizes or ([2_000, 5_000] if args.quick else [15_000, 50_000, 150_000])
        results["pipeline"] = pipeline(sizes, args.reuse)
        p = results["pipeline"]
        print(
            table(
                [(r["customers"], r["seconds"], r["peak_memory_gib"]) for r in p["sizes"]],
                ("customers", "seconds", "peak GiB"),
            )
        )
        print(
            f"{p['seconds_fit']['of']} ~ n^{p['seconds_fit']['b']}, memory ~ n^{p['memory_fit']['b']}; "
            f"largest bank for 24 GiB: {p['largest_bank_for_24_gib'] or 'not bounded by memory (see note)'}"
        )
    if args.part in ("concurrency", "all"):
        results["concurrency"] = concurrency(args.quick)
        c = results["concurrency"]
        print(
            table(
                [(r["clients"], r["p50_ms"], r["p95_ms"], r["executed_per_second"]) for r in c["confirm"]],
                ("confirm clients", "p50 ms", "p95 ms", "executed/s"),
            )
        )
        print(
            table(
                [(r["workers"], r["p50_ms"], r["p95_ms"], r["turns_per_second"]) for r in c["turn"]],
                ("turn customers", "p50 ms", "p95 ms", "turns/s"),
            )
        )
    results["provenance"] = provenance()
    results["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    results["cpu_cores"] = os.cpu_count()
    path.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
