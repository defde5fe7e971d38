"""Many customers at once, over HTTP, against real API processes (`quipu serve --workers 2`).

(a) rules provider: 50 simulated customers for 5 minutes, a realistic mix (balances, investigations, lookups,
    actions with their confirmations, a transfer with step-up, hand-offs): p50/p95/p99, turns/s, errors.
(b) the local model behind `quipu model serve` against the in-process default, same concurrency: turns per
    minute, p95, how many were told to retry (503 + Retry-After), errors other than that 503.

    python bench/load.py                 # both parts, full size; writes bench/results/load.json
    python bench/load.py --part rules    # one part at a time (the model part is heavy)
    python bench/load.py --quick         # 10 customers, 30 s (model part: 4 customers, 60 s); load-quick.json
"""

import argparse
import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import httpx
import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import RESULTS, bench_database, percentile, provenance, table  # noqa: E402

from quipu.adapters.cli.model_server import built_version  # noqa: E402
from quipu.adapters.llm.model_files import MODELS, installed  # noqa: E402
from quipu.adapters.postgres import embedded  # noqa: E402
from quipu.adapters.postgres.accounts_admin import set_customer_password, unlock_customer  # noqa: E402
from quipu.adapters.postgres.audit import PgAudit  # noqa: E402
from quipu.adapters.postgres.transfers_store import PgTransfers  # noqa: E402
from quipu.adapters.security.passwords import Passwords  # noqa: E402
from quipu.application.caller import Caller  # noqa: E402
from quipu.application.transfer_results import Proposed  # noqa: E402
from quipu.application.transfers import Transfers  # noqa: E402
from quipu.evaluation.conversations import load as load_conversations  # noqa: E402
from quipu.settings import Settings  # noqa: E402

BANK = 1500
PASSWORD = "carga-simulada-2026"
SECRET = "load-bench-" + "k" * 40
API_PORT, MODEL_PORT = 8092, 8094
# llama-server's slots, shared by the two API processes (--slots to try others): one, because on 2 cores two
# calls decoded together each take twice as long for no more tokens a second (docs/deploy.md, load (b))
SERVER_SLOTS = 1
MIX = (("balance", 25), ("investigate", 20), ("lookup", 20), ("action", 15), ("transfer", 10), ("handoff", 10))
# with the model, half the turns are customers' own first messages from the conversation set: the fixed texts
# above are read by code with no model step, and a model bench where the model never runs measures nothing
MODEL_MIX = (
    ("said", 50),
    ("balance", 12),
    ("investigate", 10),
    ("lookup", 10),
    ("action", 8),
    ("transfer", 5),
    ("handoff", 5),
)
SAID = [c.turns[0].says for c in load_conversations(Path(__file__).resolve().parents[1] / "evals" / "conversations")]
TEXT = {
    "balance": "¿cuánto tengo en mis cuentas?",
    "investigate": "no reconozco un cargo de uber",
    "lookup": "muéstrame mis movimientos del último mes",
    "action": "bloquea mi tarjeta terminada en {card}",
    "transfer": "transfiere 1 de mi cuenta de ahorro {saving} a mi cuenta corriente {checking}",
    "handoff": "quiero hablar con una persona",
}
CODE = re.compile(r"\b(\d{6})\b")
RUN_DATABASE = "quipu_load_run"
RUN = f"{time.time_ns() % 10**10:x}"  # every run its own threads: a thread handed off earlier stays waiting


@dataclass
class Customer:
    customer_id: str
    saving: str
    checking: str
    card: str | None
    token: str = ""
    address: str = "127.0.0.1"

    @property
    def headers(self) -> dict[str, str]:
        """What the load balancer forwards: the customer's token and their own address (X-Forwarded-For)."""
        return {"Authorization": f"Bearer {self.token}", "X-Forwarded-For": self.address}


@dataclass
class Stats:
    turns: list[float] = field(default_factory=list)
    buttons: list[float] = field(default_factory=list)
    by_kind: dict = field(default_factory=dict)
    told_to_retry: int = 0
    rate_limited: int = 0
    past_deadline: int = 0
    errors: list[str] = field(default_factory=list)
    confirmations: dict = field(default_factory=dict)

    def count(self, key: str, into: str = "by_kind") -> None:
        bucket = getattr(self, into)
        bucket[key] = bucket.get(key, 0) + 1


@dataclass
class Bank:
    """The bench's bank, loaded once and never run on: each side of a run gets a fresh copy. A run blocks cards,
    opens claims and moves money; without the copy the next side (and the next run) would meet another bank,
    with other customers picked and other words for the model to read."""

    template: str
    maintenance: str

    @classmethod
    def loaded(cls) -> "Bank":
        template = f"quipu_load_n{BANK}"
        bench_database(BANK, name=template)
        return cls(template, embedded.maintenance_url(Settings().pgdata))

    def fresh(self, count: int) -> tuple[str, list[Customer]]:
        """A copy made now, and the customers the mix needs in it."""
        embedded.drop_database(self.maintenance, RUN_DATABASE)
        with psycopg.connect(self.maintenance, autocommit=True) as conn:
            conn.execute(
                sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                    sql.Identifier(RUN_DATABASE), sql.Identifier(self.template)
                )
            )
        admin = embedded.urls_for(self.maintenance, RUN_DATABASE).admin
        return admin, pick_customers(admin, count)


def pick_customers(admin_url: str, count: int) -> list[Customer]:
    """Active customers with a savings and a checking account in one currency (the transfer) and a card."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT DISTINCT ON (a.customer_id) a.customer_id, a.product_number_last4, b.product_number_last4, "
            "(SELECT t.product_number_last4 FROM core.products t WHERE t.customer_id = a.customer_id "
            " AND t.product_type ILIKE 'tarjeta%%' AND t.product_status = 'Active' AND NOT EXISTS "
            "(SELECT 1 FROM ops.card_actions x WHERE x.product_id = t.product_id AND x.action IN ('freeze', "
            "'cancel')) "
            " LIMIT 1) "
            "FROM core.products a JOIN core.products b ON b.customer_id = a.customer_id AND b.currency = a.currency "
            "JOIN core.customers c ON c.customer_id = a.customer_id AND c.customer_status = 'Active' "
            "WHERE a.product_type = 'Cuenta Ahorro' AND b.product_type = 'Cuenta Corriente' "
            "AND a.product_status = 'Active' AND b.product_status = 'Active' AND a.current_balance > 1000 "
            "AND c.customer_id NOT LIKE 'DEMO-%%' ORDER BY a.customer_id"
        ).fetchall()
        random.Random(17).shuffle(rows)
        rows.sort(key=lambda row: row[3] is None)  # customers with a card they can still block come first
        chosen = [Customer(*row, address=f"10.20.{i // 250}.{i % 250 + 1}") for i, row in enumerate(rows[:count])]
        passwords = Passwords()
        for c in chosen:
            set_customer_password(conn, passwords, c.customer_id, PASSWORD)
            unlock_customer(conn, c.customer_id, by="load-bench")  # earlier runs' step-up codes stop counting
    if len(chosen) < count:
        raise SystemExit(f"only {len(chosen)} customers fit the mix; load a larger bank")
    return chosen


def process_env(admin_url: str, port: int, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("QUIPU_")}
    env.update(
        QUIPU_DATABASE_URL=admin_url,
        QUIPU_PORT=str(port),
        QUIPU_JWT_SECRET=SECRET,
        QUIPU_LOGIN_RATE_PER_MINUTE="1000",
        QUIPU_CHAT_RATE_PER_MINUTE="60",
        QUIPU_MODELS_PATH=str(Settings().models_dir),
        QUIPU_LOG_FORMAT="json",
        QUIPU_TRUSTED_PROXIES="127.0.0.1",  # the bench stands in for the load balancer: each customer its own address
        PYTHONPATH=os.pathsep.join(p for p in sys.path if p.endswith("src")) or "src",
    )
    env.update({k: str(v) for k, v in extra.items()})
    return env


def start(args: list[str], env: dict, log: Path) -> subprocess.Popen:
    """Its own process group, so stopping it stops its workers too."""
    return subprocess.Popen(
        ["nice", "-n", "10", sys.executable, "-m", "quipu", *args],
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)


def wait_ready(url: str, process: subprocess.Popen, seconds: float = 180) -> None:
    """The process we started answers: something else already listening there would be measured instead."""
    deadline = time.monotonic() + seconds
    time.sleep(1)  # a process that cannot bind its port exits within this
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{url} exited with {process.returncode}")
        try:
            if httpx.get(url, timeout=3).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise SystemExit(f"{url} not ready after {seconds:.0f} s")


def rss_mb(pid: int) -> dict[int, float]:
    """Resident size of a process and its descendants, per process."""
    found, todo = {}, [pid]
    while todo:
        current = todo.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            found[current] = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024
            for task in Path(f"/proc/{current}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError, AttributeError):
            continue
    return found


async def sign_in(client: httpx.AsyncClient, customers: list[Customer]) -> None:
    for c in customers:
        answer = await client.post(
            "/api/auth/token",
            json={"user": c.customer_id, "password": PASSWORD},
            headers={"X-Forwarded-For": c.address},
        )
        answer.raise_for_status()
        c.token = answer.json()["access_token"]


async def turn(client, c: Customer, text: str, thread: str, stats: Stats, deadline: float) -> dict | None:
    started = time.perf_counter()
    try:
        answer = await client.post("/api/chat", json={"message": text, "thread_id": thread}, headers=c.headers)
    except httpx.TransportError as error:  # counted, never the end of the run
        stats.errors.append(f"chat {type(error).__name__}")
        return None
    seconds = time.perf_counter() - started
    if seconds > deadline + 5:
        stats.past_deadline += 1
    if answer.status_code == 503 and answer.json().get("error") == "model_busy" and "retry-after" in answer.headers:
        stats.told_to_retry += 1
        return None
    if answer.status_code == 429 and "retry-after" in answer.headers:
        stats.rate_limited += 1
        return None
    stats.turns.append(seconds)
    body = answer.json() if answer.headers.get("content-type", "").startswith("application/json") else {}
    if answer.status_code != 200 or (body.get("status") == "bot" and not body.get("reply")):
        stats.errors.append(f"chat {answer.status_code} {str(body)[:120]}")
        return None
    return body


async def button(client, c: Customer, path: str, body: dict | None, stats: Stats, label: str) -> dict | None:
    started = time.perf_counter()
    answer = await client.post(path, json=body, headers=c.headers)
    stats.buttons.append(time.perf_counter() - started)
    if answer.status_code != 200:
        stats.errors.append(f"{label} {answer.status_code} {answer.text[:120]}")
        return None
    found = answer.json()
    stats.count(f"{label}:{found.get('status') or found.get('state')}", "confirmations")
    return found


async def transfer_with_step_up(client, c: Customer, transfer_id: str, stats: Stats) -> None:
    """The customer presses confirm; only when the bank asks for a fresh step-up (one lasts QUIPU_STEP_UP_MINUTES)
    does the customer ask for a code, read it and confirm again, as the web page does."""
    auth = c.headers
    started = time.perf_counter()
    first = await client.post("/api/transfers/confirm", json={"transfer_id": transfer_id}, headers=auth)
    stats.buttons.append(time.perf_counter() - started)
    if first.status_code == 200:
        stats.count(f"transfer_confirm:{first.json().get('status')}", "confirmations")
        return
    if first.json().get("error") != "step_up_required":
        stats.errors.append(f"transfer_confirm {first.status_code} {first.text[:120]}")
        return
    if (await client.post("/api/auth/step-up", headers=auth)).status_code != 200:
        stats.errors.append("step-up refused")
        return
    sent = (await client.get("/api/me/outbox", headers=auth)).json()
    codes = [m.group(1) for row in sent for m in [CODE.search(json.dumps(row, ensure_ascii=False))] if m]
    if not codes:
        stats.count("transfer:no_code_readable", "confirmations")  # the code is not shown to the API any more
        await button(client, c, "/api/transfers/cancel", {"transfer_id": transfer_id}, stats, "transfer_cancel")
        return
    verified = await client.post("/api/auth/step-up/verify", json={"code": codes[0]}, headers=auth)
    if verified.status_code != 200:
        stats.errors.append(f"step-up verify {verified.status_code}")
        return
    await button(client, c, "/api/transfers/confirm", {"transfer_id": transfer_id}, stats, "transfer_confirm")


async def customer_loop(
    client, c: Customer, until: float, stats: Stats, rng: random.Random, think: float, deadline, money=None, mix=MIX
):
    kinds, weights = zip(*mix, strict=True)
    n = 0
    await asyncio.sleep(rng.uniform(0, think))
    while time.monotonic() < until:
        kind = rng.choices(kinds, weights)[0]
        if kind == "action" and not c.card:
            kind = "balance"
        n += 1
        text = (
            rng.choice(SAID) if kind == "said" else TEXT[kind].format(card=c.card, saving=c.saving, checking=c.checking)
        )
        body = await turn(client, c, text, f"load-{RUN}-{c.customer_id}-{n}", stats, deadline)
        stats.count(kind)
        if body:
            batch = (
                (body.get("actions") or {}).get("batch_id")
                if (body.get("actions") or {}).get("needs_confirmation")
                else None
            )
            if batch:
                step = "confirm" if rng.random() < 0.3 else "cancel"
                await button(client, c, f"/api/actions/{batch}/{step}", {}, stats, f"actions_{step}")
            transfer_id = (body.get("confirmation") or {}).get("transfer_id")
            if kind == "transfer" and not transfer_id and money is not None:
                # the rules provider lists the accounts but never proposes: propose in code, as a model's tool
                # call would, so the customer's step-up and confirm still go over HTTP under load
                proposal = await money.propose_transfer(
                    Caller(c.customer_id, True, "es", said=text),
                    kind="own_accounts",
                    amount="1",
                    from_last4=c.saving,
                    to_last4=c.checking,
                )
                transfer_id = proposal.confirmation.transfer_id if isinstance(proposal, Proposed) else None
                stats.count(f"proposed_in_code:{proposal.status}", "confirmations")
            if transfer_id:
                await transfer_with_step_up(client, c, transfer_id, stats)
        await asyncio.sleep(rng.expovariate(1 / think))


async def drive(
    base_url: str,
    customers: list[Customer],
    seconds: float,
    think: float,
    deadline: float,
    admin_url,
    mix=MIX,
    warm_ups: int = 0,
):
    stats = Stats()
    # idle connections are dropped before uvicorn's 5 s keep-alive ends, so no request races a closing socket
    limits = httpx.Limits(max_connections=len(customers) + 10, keepalive_expiry=2.0)
    async with (
        httpx.AsyncClient(base_url=base_url, timeout=deadline + 60, limits=limits) as client,
        AsyncConnectionPool(admin_url, min_size=1, max_size=4, kwargs={"autocommit": True}) as pool,
    ):
        clock = lambda: datetime.now(UTC)  # noqa: E731
        money = Transfers(PgTransfers(pool, clock), PgAudit(pool), clock)
        await sign_in(client, customers)
        warm = Stats()  # one untimed turn each: every worker has built its graph and pools before the clock starts
        await asyncio.gather(
            *(turn(client, c, TEXT["balance"], f"warm-{RUN}-{c.customer_id}", warm, deadline) for c in customers)
        )
        if mix is not MIX:
            await warm_model(client, customers[0], deadline, warm_ups)
        started = time.monotonic()
        until = started + seconds
        await asyncio.gather(
            *(
                customer_loop(client, c, until, stats, random.Random(i), think, deadline, money, mix)
                for i, c in enumerate(customers)
            )
        )
        elapsed = time.monotonic() - started
        calls = await model_calls(client)
        refused = await model_refusals(client)
    found = figures(stats, elapsed, len(customers))
    found["model_refused_by_reason"] = refused
    found["model_calls_per_turn"] = round(calls / len(stats.turns), 2) if stats.turns else None
    return found


async def warm_model(
    client: httpx.AsyncClient, c: Customer, deadline: float, warm_ups: int, minutes: float = 10
) -> None:
    """Untimed: the API processes' warm-up calls (one per slot they use) are done and the model has answered a
    customer's turn, so the clock starts with the system prompt evaluated in every slot (a cold start is a
    deployment's warm-up, not a customer's turn)."""
    until = time.monotonic() + minutes * 60
    while await model_calls(client, "warm_up") < warm_ups:
        if time.monotonic() > until:
            raise SystemExit("the model's warm-up calls did not end in time")
        await asyncio.sleep(2)
    for attempt in range(10_000):
        if time.monotonic() > until:
            raise SystemExit("the model did not answer a first turn in time")
        answered = await turn(client, c, SAID[attempt % len(SAID)], f"warm-model-{RUN}-{attempt}", Stats(), deadline)
        if answered and await model_calls(client) > await model_calls(client, "warm_up"):
            return
        await asyncio.sleep(5)


async def model_calls(client: httpx.AsyncClient, purpose: str | None = None) -> float:
    """Model calls the API processes made (warm-up calls included, or only those), from their own /metrics."""
    text = (await client.get("/metrics")).text
    wanted = "quipu_model_call_seconds_count" + ("" if purpose is None else "{")
    return sum(
        float(line.split()[-1])
        for line in text.splitlines()
        if line.startswith(wanted) and (purpose is None or f'purpose="{purpose}"' in line)
    )


async def model_refusals(client: httpx.AsyncClient) -> dict[str, int]:
    """Why the API processes' queues refused model calls (warm-up turns included), from their /metrics."""
    found: dict[str, int] = {}
    for line in (await client.get("/metrics")).text.splitlines():
        if line.startswith("quipu_model_rejections_total{"):
            reason = line.split('reason="', 1)[1].split('"', 1)[0]
            found[reason] = found.get(reason, 0) + int(float(line.split()[-1]))
    return found


def figures(stats: Stats, elapsed: float, customers: int) -> dict:
    ms = lambda xs, q: round(percentile(xs, q) * 1000, 1) if xs else None  # noqa: E731
    return {
        "customers": customers,
        "seconds": round(elapsed, 1),
        "turns": len(stats.turns),
        "turns_per_second": round(len(stats.turns) / elapsed, 2),
        "turns_per_minute": round(len(stats.turns) / elapsed * 60, 1),
        "turn_p50_ms": ms(stats.turns, 0.5),
        "turn_p95_ms": ms(stats.turns, 0.95),
        "turn_p99_ms": ms(stats.turns, 0.99),
        "buttons": len(stats.buttons),
        "button_p95_ms": ms(stats.buttons, 0.95),
        "told_to_retry": stats.told_to_retry,
        "rate_limited": stats.rate_limited,
        "past_deadline": stats.past_deadline,
        "errors": len(stats.errors),
        "error_samples": stats.errors[:5],
        "mix": stats.by_kind,
        "buttons_by_result": stats.confirmations,
    }


def run_rules(bank: Bank, count: int, seconds: float, logs: Path) -> dict:
    admin_url, customers = bank.fresh(count)
    api = start(
        ["serve", "--workers", "2"], process_env(admin_url, API_PORT, QUIPU_LLM="rules"), logs / "api-rules.log"
    )
    try:
        wait_ready(f"http://127.0.0.1:{API_PORT}/health/ready", api)
        result = asyncio.run(
            drive(f"http://127.0.0.1:{API_PORT}", customers, seconds, think=4.0, deadline=60, admin_url=admin_url)
        )
        result["api_rss_mb"] = {str(k): round(v) for k, v in rss_mb(api.pid).items()}
        return result
    finally:
        stop(api)


def run_model(
    bank: Bank,
    count: int,
    seconds: float,
    logs: Path,
    only: str | None = None,
    server_flags: tuple[str, ...] = (),
    slots: int = SERVER_SLOTS,
) -> dict:
    """The same customers and mix, each side on its own fresh copy of the bank: the model served apart, then the
    in-process default."""
    settings = Settings()
    if not installed(MODELS[settings.llm_model], settings.models_dir):
        raise SystemExit("the model part needs `quipu model install`")
    deadline = 60
    common = {"QUIPU_TURN_DEADLINE_SECONDS": deadline, "QUIPU_ALLOW_MODEL_CALLS": "1"}
    out: dict = {"deadline_seconds": deadline}
    if only != "in_process":
        out["served"] = run_served(bank, count, seconds, logs, common, server_flags, slots)
    if only == "served":
        return out
    # the in-process default is what `make up` runs: one API process holding the model (each more process
    # would load its own copy of the weights onto the same cores)
    env = {"QUIPU_LLM": "local", **common}
    out["in_process"] = run_api(bank, count, env, seconds, deadline, logs / "api-in-process.log", workers=1)
    return out


def run_served(
    bank: Bank,
    count: int,
    seconds: float,
    logs: Path,
    common: dict,
    server_flags: tuple[str, ...],
    slots: int,
) -> dict:
    settings = Settings()
    engine = "llama-server" if built_version(settings.home) else "llama-cpp-python server"
    flags = ["--", *server_flags] if server_flags else []
    server = start(
        ["model", "serve", "--port", str(MODEL_PORT), "--slots", str(slots), *flags],
        process_env(bank.maintenance, MODEL_PORT),  # the model server reads no database
        logs / "model-server.log",
    )
    try:
        wait_ready(f"http://127.0.0.1:{MODEL_PORT}/health", server, 300)  # open without the server's key
        env = {
            "QUIPU_LLM": "openai",
            "QUIPU_LLM_BASE_URL": f"http://127.0.0.1:{MODEL_PORT}/v1",
            "QUIPU_LLM_MODEL": settings.llm_model,
            "QUIPU_LLM_SLOTS": max(1, slots // 2) if engine == "llama-server" else 1,
            # each API process's share of the queue in front of the one model, so as many turns wait in all
            # as wait in front of the in-process model
            "QUIPU_LLM_QUEUE": max(1, settings.llm_queue // 2),
            **common,
        }
        deadline = common["QUIPU_TURN_DEADLINE_SECONDS"]
        served = run_api(bank, count, env, seconds, deadline, logs / "api-served.log")
        served["model_server_rss_mb"] = round(sum(rss_mb(server.pid).values()))
        served["engine"] = engine
        served["server_flags"] = list(server_flags)
        served["server_slots"] = slots
        return served
    finally:
        stop(server)


def run_api(
    bank: Bank, count: int, settings: dict, seconds: float, deadline: float, log: Path, workers: int = 2
) -> dict:
    """One side of the model part: its own copy of the bank, API processes with these settings, the mix."""
    admin_url, customers = bank.fresh(count)
    env = process_env(admin_url, API_PORT, **settings)
    api = start(["serve", "--workers", str(workers)], env, log)
    try:
        wait_ready(f"http://127.0.0.1:{API_PORT}/health/ready", api)
        result = asyncio.run(
            drive(
                f"http://127.0.0.1:{API_PORT}",
                customers,
                seconds,
                think=4.0,
                deadline=deadline,
                admin_url=admin_url,
                mix=MODEL_MIX,
                warm_ups=workers * int(settings.get("QUIPU_LLM_SLOTS", 1)),
            )
        )
        result["api_rss_mb"] = {str(k): round(v) for k, v in rss_mb(api.pid).items()}
        result["api_processes"] = workers
        return result
    finally:
        stop(api)


def report(results: dict) -> None:
    rows = []
    for name, r in (("rules", results.get("rules")), *((f"model {k}", v) for k, v in results.get("model", {}).items())):
        if isinstance(r, dict) and "turns" in r:
            rows.append(
                (
                    name,
                    r["customers"],
                    r["turns"],
                    r["turns_per_second"],
                    r["turns_per_minute"],
                    r["turn_p50_ms"],
                    r["turn_p95_ms"],
                    r["turn_p99_ms"],
                    r["told_to_retry"],
                    r["errors"],
                )
            )
    headers = ("run", "customers", "turns", "turns/s", "turns/min", "p50 ms", "p95 ms", "p99 ms", "retry", "errors")
    print(table(rows, headers))
    model = results.get("model", {})
    if "served" in model and "in_process" in model and model["in_process"]["turns_per_minute"]:
        ratio = model["served"]["turns_per_minute"] / model["in_process"]["turns_per_minute"]
        print(f"served / in-process turns per minute: {ratio:.2f}x")
    if "rules" in results:
        r = results["rules"]
        print(f"rules: p95 {r['turn_p95_ms']} ms (target <= 250), errors {r['errors']} (target 0)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--part", choices=("rules", "model", "all"), default="all")
    parser.add_argument("--only", choices=("served", "in_process"), help="one side of the model part")
    parser.add_argument("--seconds", type=float, help="how long each run lasts (default 300; --quick 30)")
    parser.add_argument("--server-flags", default="", help="more llama-server flags, e.g. '--poll 0'")
    parser.add_argument("--slots", type=int, default=SERVER_SLOTS, help="llama-server's parallel slots")
    parser.add_argument("--out", help="results file name in bench/results (a trial, not the committed run)")
    args = parser.parse_args()
    customers_n, seconds = (10, 30) if args.quick else (50, args.seconds or 300)
    model_customers, model_seconds = (4, 60) if args.quick else (customers_n, seconds)
    bank = Bank.loaded()
    logs = Settings().home.resolve() / "bench-logs"  # process logs stay out of the results
    logs.mkdir(parents=True, exist_ok=True)
    path = RESULTS / (args.out or ("load-quick.json" if args.quick else "load.json"))
    results = json.loads(path.read_text()) if path.exists() else {}
    if args.part in ("rules", "all"):
        results["rules"] = run_rules(bank, customers_n, seconds, logs)
    if args.part in ("model", "all"):
        results["model"] = results.get("model", {}) | run_model(
            bank,
            model_customers,
            model_seconds,
            logs,
            args.only,
            tuple(args.server_flags.split()),
            args.slots,
        )
    results["provenance"] = provenance()
    results["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    results["cpu_cores"] = os.cpu_count()
    path.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    report(results)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
