"""A chat turn over the conversation set (evals/conversations: every skill, follow-ups, ES and PT): first
everything but the model (the oracle answers instantly: guard, router, the skill's tools, code's answer,
claims check, Postgres checkpoint and messages) with 1 and 2 workers; then the same turns on the local model.

    python bench/turn.py                       # the whole set without the model, then the regression split
                                               # on the local model
    python bench/turn.py --quick               # every eighth conversation without the model, 3 on the model
    python bench/turn.py --model qwen2.5-coder-0.5b
    python bench/turn.py --no-local            # only the overhead
"""

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import bench_database, summary_ms, table, write_result  # noqa: E402

from quipu.adapters.llm.factory import build_model  # noqa: E402
from quipu.adapters.llm.model_files import MODELS, installed  # noqa: E402
from quipu.bootstrap import build_container  # noqa: E402
from quipu.evaluation.conversation_runner import OracleModel, converse  # noqa: E402
from quipu.evaluation.conversations import load, select  # noqa: E402
from quipu.evaluation.runner import ModelSeat  # noqa: E402
from quipu.settings import Settings  # noqa: E402

CONVERSATIONS = Path(__file__).resolve().parents[1] / "evals" / "conversations"
SECRET = "bench-" + "k" * 40


async def turns(settings, urls, model, conversations, workers: int) -> list:
    """Every turn of the conversations, `workers` conversations at a time; each result keeps the seconds of
    the chat turn alone (reading the expected facts and scoring the reply happen outside the clock).
    With one worker the model sits in a seat that counts its calls; the oracle keeps no state, so two
    workers share it directly."""
    seat = ModelSeat(model)
    results = []
    queue = asyncio.Queue()
    for conversation in conversations:
        queue.put_nowait(conversation)
    async with build_container(settings, urls=urls, model=seat if workers == 1 else model) as container:
        await converse(container, ModelSeat(model), conversations[0])  # warm up: pools, MCP, caches

        async def worker():
            mine = seat if workers == 1 else ModelSeat(model)
            while not queue.empty():
                results.extend(await converse(container, mine, queue.get_nowait()))

        await asyncio.gather(*(worker() for _ in range(workers)))
        return results


def measured(results: list) -> dict:
    return {
        **summary_ms([r.observed.seconds for r in results]),
        "model_calls_per_turn": round(sum(r.observed.model_calls for r in results) / max(1, len(results)), 2),
        "correct": sum(r.verdict.correct for r in results),
        "ungrounded_figures": sum(len(r.verdict.ungrounded) for r in results),
        "by_model_calls": by_model_calls(results),
        "slowest": [
            {
                "turn": f"{r.conversation.id}#{r.index}",
                "seconds": round(r.observed.seconds, 2),
                "model_calls": r.observed.model_calls,
                "tokens_in": r.observed.tokens_in,
                "tokens_out": r.observed.tokens_out,
            }
            for r in sorted(results, key=lambda r: -r.observed.seconds)[:8]
        ],  # fmt: skip
    }


def by_model_calls(results: list) -> dict:
    """Where the time goes: turns grouped by how many model calls they made."""
    groups: dict[int, list] = {}
    for r in results:
        groups.setdefault(r.observed.model_calls, []).append(r)
    return {
        str(calls): {**summary_ms([r.observed.seconds for r in group]),
                     "tokens_in_mean": round(sum(r.observed.tokens_in for r in group) / len(group))}
        for calls, group in sorted(groups.items())
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--model", default="qwen2.5-coder-1.5b", choices=sorted(MODELS))
    parser.add_argument("--no-local", action="store_true", help="Measure only the overhead without the model.")
    parser.add_argument("--customers", type=int, default=None, help="Size of the bench bank (5,000; quick 300).")
    args = parser.parse_args()
    everything = load(CONVERSATIONS)
    overhead_set = everything[::8] if args.quick else everything
    local_set = select(everything, "regression")[: 3 if args.quick else None]
    urls = bench_database(args.customers or (300 if args.quick else 5_000))
    settings = Settings(home=Path(tempfile.mkdtemp()), jwt_secret=SECRET)
    oracle = OracleModel(everything)
    one = asyncio.run(turns(settings, urls, oracle, overhead_set, 1))
    two = asyncio.run(turns(settings, urls, oracle, overhead_set, 2))
    result = {
        "conversations": len(overhead_set),
        "overhead_1_worker": measured(one),
        "overhead_2_workers": {k: v for k, v in measured(two).items() if k != "model_calls_per_turn"},  # not counted
        "targets": {"overhead_p95_ms": 40, "local_p50_s": 2.5, "local_p95_s": 6},
    }
    rows = [
        ("overhead, 1 worker", len(one), result["overhead_1_worker"]["p50_ms"], result["overhead_1_worker"]["p95_ms"]),
        ("overhead, 2 workers", len(two), result["overhead_2_workers"]["p50_ms"], result["overhead_2_workers"]["p95_ms"]),
    ]  # fmt: skip
    local_settings = Settings(jwt_secret=SECRET, llm_model=args.model, allow_model_calls=True)
    if args.no_local or not installed(MODELS[args.model], local_settings.models_dir):
        result["local_model_turn"] = f"not measured ({'--no-local' if args.no_local else 'model not installed'})"
    else:
        local = asyncio.run(turns(local_settings, urls, build_model(local_settings), local_set, 1))
        result["local_model_turn"] = measured(local)
        result["local_model"] = args.model
        rows.append(("local model turn", len(local), result["local_model_turn"]["p50_ms"],
                     result["local_model_turn"]["p95_ms"]))  # fmt: skip
    print(table(rows, ("what", "turns", "p50 ms", "p95 ms")))
    print("targets: overhead p95 ≤ 40 ms; local-model p50 ≤ 2.5 s, p95 ≤ 6 s")
    print(f"written {write_result('turn' + ('-quick' if args.quick else ''), result)}")


if __name__ == "__main__":
    main()
