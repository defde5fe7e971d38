"""A chat turn over the conversation set (evals/conversations: every skill, follow-ups, ES and PT) as customers
get it by default: the message read once (the lexicon and the learned reader), routed, answered by code from
the skill's tools, checked, stored; with the local model loaded in process (it reads only what the reader
leaves in doubt, under QUIPU_READER=learned+model, measured too). Also the reader's own time per message.

    python bench/turn.py                       # the whole set, 1 and 2 workers; then learned+model on the model
    python bench/turn.py --quick               # every eighth conversation
    python bench/turn.py --no-local            # without the local model
"""

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import time  # noqa: E402

from common import bench_database, summary_ms, table, write_result  # noqa: E402

from quipu.adapters.llm.factory import build_model  # noqa: E402
from quipu.adapters.llm.model_files import MODELS, installed  # noqa: E402
from quipu.adapters.reader.store import trained  # noqa: E402
from quipu.bootstrap import build_container  # noqa: E402
from quipu.domain.language import detect_language  # noqa: E402
from quipu.domain.reading.model import ReadingContext  # noqa: E402
from quipu.domain.reading.reader import read  # noqa: E402
from quipu.evaluation.conversation_runner import OracleModel, converse  # noqa: E402
from quipu.evaluation.conversations import load  # noqa: E402
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
        ],
    }


def by_model_calls(results: list) -> dict:
    """Where the time goes: turns grouped by how many model calls they made."""
    groups: dict[int, list] = {}
    for r in results:
        groups.setdefault(r.observed.model_calls, []).append(r)
    return {
        str(calls): {
            **summary_ms([r.observed.seconds for r in group]),
            "tokens_in_mean": round(sum(r.observed.tokens_in for r in group) / len(group)),
        }
        for calls, group in sorted(groups.items())
    }


def reader_alone(conversations) -> dict:
    """The learned reader's own time per message (normalising, clauses, cues, slots, the two models), no I/O."""
    learned = trained()
    said = [t.says for c in conversations for t in c.turns]
    for text in said[:20]:  # warm: the lexicon's patterns compile on first use
        read(text, ReadingContext(detect_language(text)), learned)
    seconds = []
    for text in said * 3:
        began = time.perf_counter()
        read(text, ReadingContext(detect_language(text)), learned)
        seconds.append(time.perf_counter() - began)
    return {"messages": len(said) * 3, **summary_ms(seconds), "target_p95_ms": 10}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--model", default="qwen2.5-coder-1.5b", choices=sorted(MODELS))
    parser.add_argument("--no-local", action="store_true", help="Measure only the overhead without the model.")
    parser.add_argument("--customers", type=int, default=None, help="Size of the bench bank (5,000; quick 300).")
    args = parser.parse_args()
    everything = load(CONVERSATIONS)
    overhead_set = everything[::8] if args.quick else everything
    urls = bench_database(args.customers or (300 if args.quick else 5_000))
    settings = Settings(home=Path(tempfile.mkdtemp()), jwt_secret=SECRET)
    oracle = OracleModel(everything)  # a seat for the model: the learned reader never asks it
    reader = reader_alone(overhead_set)
    one = asyncio.run(turns(settings, urls, oracle, overhead_set, 1))
    two = asyncio.run(turns(settings, urls, oracle, overhead_set, 2))
    result = {
        "conversations": len(overhead_set),
        "reader_alone": reader,
        "default_1_worker": measured(one),
        "default_2_workers": {k: v for k, v in measured(two).items() if k != "model_calls_per_turn"},  # not counted
        "targets": {"turn_p95_s": 1.5, "moonshot_turn_p95_s": 1.0, "reader_p95_ms": 10},
    }
    rows = [
        ("the reader alone (per message)", reader["messages"], reader["p50_ms"], reader["p95_ms"]),
        (
            "turn, default reader, 1 worker",
            len(one),
            result["default_1_worker"]["p50_ms"],
            result["default_1_worker"]["p95_ms"],
        ),
        (
            "turn, default reader, 2 workers",
            len(two),
            result["default_2_workers"]["p50_ms"],
            result["default_2_workers"]["p95_ms"],
        ),
    ]
    local_settings = Settings(jwt_secret=SECRET, llm_model=args.model, allow_model_calls=True, reader="learned+model")
    if args.no_local or not installed(MODELS[args.model], local_settings.models_dir):
        result["learned_and_model_turn"] = f"not measured ({'--no-local' if args.no_local else 'model not installed'})"
    else:
        local = asyncio.run(turns(local_settings, urls, build_model(local_settings), overhead_set, 1))
        result["learned_and_model_turn"] = measured(local)
        result["local_model"] = args.model
        rows.append(
            (
                "turn, learned reader + local model",
                len(local),
                result["learned_and_model_turn"]["p50_ms"],
                result["learned_and_model_turn"]["p95_ms"],
            )
        )
    print(table(rows, ("what", "turns", "p50 ms", "p95 ms")))
    model_calls = result["default_1_worker"]["model_calls_per_turn"]
    print(f"model calls per message (default): {model_calls}")
    print("targets: turn p95 ≤ 1.5 s (moonshot ≤ 1 s); the reader's own p95 ≤ 10 ms")
    print(f"written {write_result('turn' + ('-quick' if args.quick else ''), result)}")


if __name__ == "__main__":
    main()
