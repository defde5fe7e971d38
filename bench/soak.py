"""Resident memory of one API process over an hour of chats, at a moderate rate (one turn at a time, a pause
between turns), with the reader in place: 50 distinct customers, each with its own address and threads, saying
what the conversation sets' customers say (every skill, ES and PT, follow-ups). With the model in process
(target <= 3 GB, flat within 10% after warm-up) or served apart (<= 400 MB).

    python bench/soak.py                          # in process, 60 minutes; writes bench/results/soak-in_process.json
    python bench/soak.py --mode served --minutes 10
    python bench/soak.py --quick                  # 3 minutes, 10 customers
"""

import argparse
import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import RESULTS, bench_database, provenance  # noqa: E402
from load import API_PORT, MODEL_PORT, pick_customers, process_env, rss_mb, start, stop, wait_ready  # noqa: E402

from quipu.settings import Settings  # noqa: E402

CONVERSATIONS = Path(__file__).resolve().parents[1] / "evals" / "conversations"
THREADS_PER_CUSTOMER = 3
MESSAGES = (
    "¿cuánto tengo en mis cuentas?",
    "no reconozco un cargo de uber",
    "muéstrame mis movimientos del último mes",
    "¿cuánto debo de mi tarjeta?",
    "¿en qué gasté más este mes?",
    "quiero ver mis quejas",
    # words no skill reads plainly: the router and the skill's step ask the model, so its memory is exercised
    "¿me ayudas a ver cómo van mis cuentas?",
    "tengo una duda con algo que vi en la app ayer",
    "oi, como estão minhas contas?",
    "algo raro pasó con mi tarjeta el martes",
    "¿qué hay en mis registros de mayo?",
    "me explicas lo de mi crédito?",
)


def said_by_customers() -> list[str]:
    """Every message of the team's conversation set (the soak's own list when the set is missing)."""
    import yaml

    said = [
        turn["says"]
        for path in sorted(CONVERSATIONS.glob("*.yaml"))
        for conversation in yaml.safe_load(path.read_text(encoding="utf-8")) or []
        for turn in conversation.get("turns", [])
    ]
    return said or list(MESSAGES)


async def chats(base_url, customers, minutes, pause, process, samples, every, server=None):
    """One customer turn at a time; RSS sampled every `every` seconds in the same loop. Each customer speaks
    from their own address (the bench stands in for the load balancer) in their own threads."""
    rng = random.Random(5)
    messages = said_by_customers()
    turns = errors = 0
    latencies = []
    started = time.monotonic()
    next_sample = started
    async with httpx.AsyncClient(base_url=base_url, timeout=180) as client:
        for c in customers:
            answer = await client.post(
                "/api/auth/token",
                json={"user": c.customer_id, "password": "carga-simulada-2026"},
                headers={"X-Forwarded-For": c.address},
            )
            c.token = answer.json()["access_token"]
            c.signed_at = time.monotonic()
        while time.monotonic() - started < minutes * 60:
            c = rng.choice(customers)
            if time.monotonic() - c.signed_at > 600:  # tokens last 15 minutes
                answer = await client.post(
                    "/api/auth/token",
                    json={"user": c.customer_id, "password": "carga-simulada-2026"},
                    headers={"X-Forwarded-For": c.address},
                )
                if answer.status_code != 200:  # a refused sign-in is an error of the run, not its end
                    errors += 1
                    await asyncio.sleep(pause)
                    continue
                c.token, c.signed_at = answer.json()["access_token"], time.monotonic()
            t0 = time.monotonic()
            answer = await client.post(
                "/api/chat",
                json={
                    "message": rng.choice(messages),
                    "thread_id": f"soak-{c.customer_id}-{rng.randrange(THREADS_PER_CUSTOMER)}",
                },
                headers={"Authorization": f"Bearer {c.token}", "X-Forwarded-For": c.address},
            )
            latencies.append(time.monotonic() - t0)
            turns += 1
            errors += answer.status_code != 200
            if time.monotonic() >= next_sample:
                total = sum(rss_mb(process.pid).values())
                sample = {"minute": round((time.monotonic() - started) / 60, 2), "rss_mb": round(total), "turns": turns}
                if server is not None:  # the model server's own memory, over the same hour
                    sample["model_server_mb"] = round(sum(rss_mb(server.pid).values()))
                samples.append(sample)
                print(f"{sample['minute']:6.1f} min  {total:7.0f} MB  {turns} turns", flush=True)
                next_sample += every
            await asyncio.sleep(pause)
    return turns, errors, latencies


def served_growth(samples: list[dict]) -> dict:
    """The model server's first and last warm sample and its growth between them (served mode only)."""
    served = [s["model_server_mb"] for s in samples if s.get("turns") and "model_server_mb" in s]
    if not served:
        return {}
    first, last = served[0], served[-1]
    return {"model_server_mb_first": first, "model_server_mb_peak": max(served), "model_server_mb_last": last,
            "model_server_growth": round(last / first - 1, 3)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=("in_process", "served"), default="in_process")
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--pause", type=float, default=10, help="seconds between turns")
    parser.add_argument("--customers", type=int, default=50, help="distinct customers, each with its own threads")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    minutes = 3 if args.quick else args.minutes
    urls = bench_database(1500)
    customers = pick_customers(urls.admin, 10 if args.quick else args.customers)
    logs = Settings().home.resolve() / "bench-logs"  # process logs stay out of the results
    logs.mkdir(parents=True, exist_ok=True)
    settings = Settings()
    server = None
    extra = {"QUIPU_ALLOW_MODEL_CALLS": "1", "QUIPU_TURN_DEADLINE_SECONDS": 170, "QUIPU_LLM_TIMEOUT_SECONDS": 120}
    if args.mode == "served":
        server = start(
            ["model", "serve", "--port", str(MODEL_PORT)], process_env(urls.admin, API_PORT), logs / "soak-model.log"
        )
        wait_ready(f"http://127.0.0.1:{MODEL_PORT}/health", server, 300)  # open without the server's key
        extra.update(
            QUIPU_LLM="openai",
            QUIPU_LLM_BASE_URL=f"http://127.0.0.1:{MODEL_PORT}/v1",
            QUIPU_LLM_MODEL=settings.llm_model,
        )
    else:
        extra.update(QUIPU_LLM="local")
    api = start(["serve"], process_env(urls.admin, API_PORT, **extra), logs / f"soak-{args.mode}.log")
    samples = []
    try:
        wait_ready(f"http://127.0.0.1:{API_PORT}/health/ready", api)
        samples.append({"minute": 0, "rss_mb": round(sum(rss_mb(api.pid).values())), "turns": 0, "note": "started"})
        turns, errors, latencies = asyncio.run(
            chats(
                f"http://127.0.0.1:{API_PORT}",
                customers,
                minutes,
                args.pause,
                api,
                samples,
                30 if not args.quick else 10,
                server,
            )
        )
        server_mb = round(sum(rss_mb(server.pid).values())) if server else None
    finally:
        stop(api)
        if server:
            stop(server)
    warm = [s["rss_mb"] for s in samples if s["turns"] > 0]
    first, peak, last = warm[0], max(warm), warm[-1]
    result = {
        "mode": args.mode,
        "minutes": minutes,
        "turns": turns,
        "errors": errors,
        "customers": len(customers),
        "threads": len(customers) * THREADS_PER_CUSTOMER,
        "pause_seconds": args.pause,
        "rss_mb_at_start": samples[0]["rss_mb"],
        "rss_mb_after_first_turn": first,
        "rss_mb_peak": peak,
        "rss_mb_last": last,
        "growth_after_warm_up": round(last / first - 1, 3),
        "peak_over_first": round(peak / first - 1, 3),
        "model_server_rss_mb": server_mb,
        **served_growth(samples),
        "turn_p50_s": round(sorted(latencies)[len(latencies) // 2], 2) if latencies else None,
        "samples": samples,
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        "provenance": provenance(),
    }
    name = f"soak-{args.mode}" + ("-quick" if args.quick else "")
    (RESULTS / f"{name}.json").write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k != "samples"}, indent=1))


if __name__ == "__main__":
    main()
