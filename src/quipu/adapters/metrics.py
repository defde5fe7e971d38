"""Prometheus metrics, declared once. With several worker processes (PROMETHEUS_MULTIPROC_DIR set) every
process writes its samples to that folder and /metrics adds them up, so any worker answers for all."""

import os
from collections.abc import Mapping
from typing import Protocol

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
TURN_BUCKETS = (0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120)
MODEL_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60)

TURNS = Counter("quipu_turns", "Chat turns answered, by skill, outcome and hand-off", ["skill", "outcome", "handoff"])
TURN_SECONDS = Histogram("quipu_turn_seconds", "Chat turn latency at the HTTP edge", buckets=TURN_BUCKETS)
TURNS_REFUSED = Counter("quipu_turns_refused", "Chat turns not run: model busy or rate limited", ["reason"])
MODEL_SECONDS = Histogram(
    "quipu_model_call_seconds",
    "Model call latency, by provider and purpose",
    ["provider", "purpose"],
    buckets=MODEL_BUCKETS,
)
MODEL_WAITING = Gauge("quipu_model_queue_depth", "Model calls waiting for a slot", multiprocess_mode="livesum")
MODEL_RUNNING = Gauge("quipu_model_in_flight", "Model calls running", multiprocess_mode="livesum")
MODEL_REJECTED = Counter(
    "quipu_model_rejections", "Model calls refused: queue full, per-call timeout or turn deadline", ["reason"]
)
MODEL_ERRORS = Counter("quipu_model_errors", "Model calls that failed, by provider and error", ["provider", "error"])
MODEL_RETRIES = Counter("quipu_model_retries", "Model calls retried once after a connection error", ["provider"])
TOOL_ERRORS = Counter("quipu_tool_errors", "Tool calls answered as unavailable, by tool", ["tool"])
CONFIRMATIONS = Counter(
    "quipu_confirmations", "Confirm/cancel buttons, by kind (actions, transfer) and result", ["kind", "step", "result"]
)
HANDOFFS = Counter("quipu_handoffs", "Cases opened for a person, by reason", ["reason"])
POOL = Gauge(
    "quipu_db_pool_connections",
    "Database pool connections, by pool and state",
    ["pool", "state"],
    multiprocess_mode="liveall",
)
POOL_WAITING = Gauge(
    "quipu_db_pool_waiting", "Requests waiting for a pooled connection", ["pool"], multiprocess_mode="liveall"
)


def counted(kind: str, step: str, result: dict) -> dict:
    """A confirm/cancel button's result, counted by what the bank did (executed, blocked, verified...)."""
    CONFIRMATIONS.labels(kind, step, str(result.get("status") or result.get("state") or "unknown")).inc()
    return result


class Pool(Protocol):
    """What is read of a connection pool (psycopg_pool's): its own counters and its size."""

    @property
    def max_size(self) -> int: ...

    def get_stats(self) -> dict[str, int]: ...


def observe_pools(pools: Mapping[str, Pool]) -> None:
    """Pool use as of now (psycopg_pool's own counters)."""
    for name, pool in pools.items():
        stats = pool.get_stats()
        size, idle = stats.get("pool_size", 0), stats.get("pool_available", 0)
        POOL.labels(name, "open").set(size)
        POOL.labels(name, "in_use").set(size - idle)
        POOL.labels(name, "max").set(pool.max_size)
        POOL_WAITING.labels(name).set(stats.get("requests_waiting", 0))


def exposition() -> tuple[bytes, str]:
    """Every process's samples when several share a folder; this process's otherwise."""
    if os.environ.get(MULTIPROC_ENV):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    from prometheus_client import REGISTRY

    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
