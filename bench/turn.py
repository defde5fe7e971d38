"""A chat turn: everything but the model (a zero-latency scripted model: guard, router, one MCP tool call,
claims check, Postgres checkpoint and messages), with 1 and 2 workers; then turns on the real local model.

    python bench/turn.py            # 300 scripted turns per run, 8 local-model turns
    python bench/turn.py --quick    # 60 scripted turns, 3 local-model turns
"""

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import bench_database, summary_ms, table, write_result  # noqa: E402

from quipu.adapters.llm.factory import build_model  # noqa: E402
from quipu.adapters.llm.scripted import ScriptedModel  # noqa: E402
from quipu.bootstrap import build_container  # noqa: E402
from quipu.settings import Settings  # noqa: E402

CUSTOMERS = [
    "DEMO-MX-KHIPU",
    "DEMO-MX-DUPLICATE",
    "DEMO-CO-PENDING",
    "DEMO-MX-FX",
    "DEMO-AR-FRAUD",
    "DEMO-MX-RECIBE",
    "DEMO-AR-REVERSED",
    "DEMO-MX-OWN-PURCHASE",
]


class ZeroLatencyModel(ScriptedModel):
    """Routes to balance_inquiry, calls get_balances, replies; forever, instantly."""

    def __init__(self):
        super().__init__(router=lambda text: "balance_inquiry")

    async def complete(self, *, purpose, system, messages, schema):
        if purpose == "skill":
            called = any(m["role"] == "tool" for m in messages[-2:])
            self.steps = [
                {"action": "reply", "text": "Aquí están tus saldos."}
                if called
                else {"action": "tool", "tool": "get_balances", "arguments": {}}
            ]
        return await super().complete(purpose=purpose, system=system, messages=messages, schema=schema)


async def turns(settings, urls, model, count: int, workers: int) -> tuple[list[float], float]:
    async with build_container(settings, urls=urls, model=model) as container:
        await container.chat.turn(customer_id=CUSTOMERS[0], signed_in=True, message="warm up", thread_id="warm")
        queue = asyncio.Queue()
        for n in range(count):
            queue.put_nowait(n)
        samples = []

        async def worker(w: int):
            while not queue.empty():
                n = queue.get_nowait()
                start = time.perf_counter()
                await container.chat.turn(
                    customer_id=CUSTOMERS[n % len(CUSTOMERS)],
                    signed_in=True,
                    message="¿cuál es mi saldo?",
                    thread_id=f"bench-{w}-{n % 5}",
                )
                samples.append(time.perf_counter() - start)

        started = time.perf_counter()
        await asyncio.gather(*(worker(w) for w in range(workers)))
        return samples, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    scripted_turns, local_turns = (60, 3) if args.quick else (300, 8)
    urls = bench_database(5_000)
    settings = Settings(home=Path(tempfile.mkdtemp()), jwt_secret="bench-" + "k" * 40)
    one, one_elapsed = asyncio.run(turns(settings, urls, ZeroLatencyModel(), scripted_turns, 1))
    two, two_elapsed = asyncio.run(turns(settings, urls, ZeroLatencyModel(), scripted_turns, 2))
    os.environ["QUIPU_ALLOW_MODEL_CALLS"] = "1"
    local_settings = Settings(jwt_secret="bench-" + "k" * 40)
    local, _ = asyncio.run(turns(local_settings, urls, build_model(local_settings), local_turns, 1))
    result = {
        "overhead_1_worker": summary_ms(one),
        "overhead_2_workers": summary_ms(two),
        "turns_per_second_1_worker": round(len(one) / one_elapsed, 1),
        "turns_per_second_2_workers": round(len(two) / two_elapsed, 1),
        "local_model_turn": summary_ms(local),
        "local_model": local_settings.llm_model,
        "model_calls_per_turn": 3,
        "targets": {"overhead_p95_ms": 40, "local_p50_s": 3},
    }
    rows = [
        (
            "overhead, 1 worker",
            len(one),
            result["overhead_1_worker"]["p50_ms"],
            result["overhead_1_worker"]["p95_ms"],
            result["turns_per_second_1_worker"],
        ),
        (
            "overhead, 2 workers",
            len(two),
            result["overhead_2_workers"]["p50_ms"],
            result["overhead_2_workers"]["p95_ms"],
            result["turns_per_second_2_workers"],
        ),
        (
            "local model turn",
            len(local),
            result["local_model_turn"]["p50_ms"],
            result["local_model_turn"]["p95_ms"],
            "",
        ),
    ]
    print(table(rows, ("what", "turns", "p50 ms", "p95 ms", "turns/s")))
    print("targets: overhead p95 < 40 ms; local-model p50 < 3 s")
    print(f"written {write_result('turn' + ('-quick' if args.quick else ''), result)}")


if __name__ == "__main__":
    main()
