"""Runs action scenarios against the real agent, gateway and PostgreSQL; each attempt on fresh customers."""

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import anyio
import psycopg

from quipu.adapters.llm.scripted import ScriptedModel
from quipu.adapters.postgres.connection import one_row
from quipu.application.actions import PermanentError, TransientError
from quipu.application.ports import ModelCall
from quipu.bootstrap import build_container
from quipu.evaluation import fixtures
from quipu.evaluation.baseline import rules_route
from quipu.evaluation.scenarios import Scenario, profile_of
from quipu.evaluation.verdict import Observed, Verdict, judge

EXPIRY = timedelta(minutes=11)


class EvalClock:
    """The wall clock, plus the minutes a scenario lets pass (a proposal left to expire)."""

    def __init__(self):
        self.offset = timedelta(0)

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.offset


def local_only(settings, writes: str) -> None:
    """The evaluation writes to the database it runs on: it refuses any mode but local."""
    if settings.env != "local":
        raise PermissionError(f"the evaluation writes {writes}: it runs in local mode only")


class ModelSeat:
    """The model the agent sees; each attempt seats its own (a script, or the real one) and counts its calls."""

    def __init__(self, real=None):
        self.real = real
        self.current = real
        self.outage = False
        self.calls = self.tokens_in = self.tokens_out = 0
        self.errors: list[str] = []

    @property
    def provider(self) -> str:
        return getattr(self.current, "provider", "none")

    @property
    def model(self) -> str:
        return getattr(self.current, "model", "none")

    def seat(self, scenario: Scenario, values: dict, scripted: bool) -> None:
        self.use(scripted_model(scenario, values) if scripted else self.real, outage=scenario.inject == "model_outage")

    def use(self, model, *, outage: bool = False) -> None:
        """Seat this model with fresh counters."""
        self.current = model
        self.outage = outage
        self.calls = self.tokens_in = self.tokens_out = 0
        self.errors = []

    async def complete(self, **request) -> ModelCall:
        self.calls += 1
        if self.outage:
            raise ConnectionError("injected model outage")
        try:
            call = await self.current.complete(**request)
        except Exception as error:
            self.errors.append(type(error).__name__)
            raise
        self.tokens_in += call.tokens_in or 0
        self.tokens_out += call.tokens_out or 0
        return call

    async def ready(self) -> bool:
        ready = getattr(self.real, "ready", None)
        return await ready() if ready else True


def fill(value, values: dict):
    if isinstance(value, str):
        return value.format_map(values)
    if isinstance(value, list):
        return [fill(v, values) for v in value]
    if isinstance(value, dict):
        return {k: fill(v, values) for k, v in value.items()}
    return value


def scripted_model(scenario: Scenario, values: dict) -> ScriptedModel:
    route = scenario.script.route
    return ScriptedModel([fill(step, values) for step in scenario.script.steps], router=lambda text: route)


class InjectedEffects:
    """Wraps the real effects: the summary e-mail fails for good, or fails once and then goes through."""

    def __init__(self, effects, kind: str):
        self.effects = effects
        self.kind = kind
        self.failed_once = False

    async def apply(self, row, batch):
        if row.action == "send_summary_email" and self.kind == "mail_permanent":
            raise PermanentError("send_failed")
        if row.action == "send_summary_email" and self.kind == "mail_transient" and not self.failed_once:
            self.failed_once = True
            raise TransientError("injected: the mail server did not answer")
        return await self.effects.apply(row, batch)

    async def read_back(self, row):
        return await self.effects.read_back(row)


@dataclass(frozen=True)
class Attempt:
    scenario: Scenario
    repeat: int
    segment: str
    country: str
    observed: Observed
    verdict: Verdict


async def read_outcome(admin_url: str, built: fixtures.Built) -> dict:
    def read() -> dict:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            cid = built.customer_id
            rows = conn.execute(
                "SELECT action, status, reason FROM ops.actions WHERE customer_id = %s", (cid,)
            ).fetchall()
            logged = conn.execute(
                "SELECT policy_reason FROM ops.decision_log WHERE customer_id = %s AND policy_reason IS NOT NULL",
                (cid,),
            ).fetchall()
            cases = conn.execute("SELECT reason_codes FROM ops.handoff_cases WHERE customer_id = %s", (cid,)).fetchall()
            waiting = one_row(
                conn.execute(
                    "SELECT count(*) FROM ops.conversations WHERE customer_id = %s AND status <> 'bot'", (cid,)
                ).fetchone()
            )[0]
            others = [c for c in built.customers if c != cid]
            neighbor = built.values.get("neighbor_card", "-")
            touched = one_row(
                conn.execute(
                    "SELECT (SELECT count(*) FROM ops.actions WHERE customer_id = ANY(%s) OR "
                    "(params->>'product_id' = %s "
                    "AND status IN ('confirmed', 'executing', 'verified', 'failed'))) + "
                    "(SELECT count(*) FROM ops.card_actions WHERE customer_id = ANY(%s) OR product_id = %s)",
                    (others, neighbor, others, neighbor),
                ).fetchone()
            )[0]
        return {
            "executed": frozenset(a for a, status, _ in rows if status == "verified"),
            "reasons": frozenset(r for *_, r in rows if r) | {r[0] for r in logged} | {c for r in cases for c in r[0]},
            "waiting": waiting,
            "batches": len(rows),
            "neighbor_rows": touched,
        }

    return await anyio.to_thread.run_sync(read)


async def decide(container, clock: EvalClock, scenario: Scenario, customer_id: str, batch_id: str | None) -> None:
    if batch_id is None or scenario.decision == "none":
        return
    if scenario.decision == "cancel":
        await container.services.gateway.cancel(customer_id, batch_id)
        return
    if scenario.decision == "expire":
        clock.offset += EXPIRY
    # the simulated customer passed step-up
    await container.services.gateway.confirm(customer_id, batch_id, stepped_up=True)


async def attempt(container, seat: ModelSeat, clock: EvalClock, scenario: Scenario, profile, repeat: int, *, scripted):
    segment, country = profile
    admin = container.resources.urls.admin

    def setup() -> fixtures.Built:
        with psycopg.connect(admin) as conn:
            built = fixtures.build(
                conn,
                scenario.fixture,
                language=scenario.language,
                segment=segment,
                country=country,
                neighbor=scenario.neighbor,
            )
            conn.commit()
            return built

    built = await anyio.to_thread.run_sync(setup)
    effects = container.services.gateway.effects
    if scenario.inject.startswith("mail_"):
        container.services.gateway.effects = InjectedEffects(effects, scenario.inject)
    try:
        seat.seat(scenario, built.values, scripted)
        thread = f"eval-{uuid.uuid4().hex[:12]}"
        turns, texts = [], []
        started = time.perf_counter()
        for template in scenario.turns:
            text = template.format_map(built.values)
            texts.append(text)
            turns.append(
                await container.services.chat.turn(
                    customer_id=built.customer_id,
                    signed_in=scenario.signed_in,
                    message=text,
                    thread_id=thread,
                    channel="eval",
                )
            )
        seconds = time.perf_counter() - started
        waiting = [t.actions for t in turns if t.actions and t.actions.needs_confirmation]
        await decide(container, clock, scenario, built.customer_id, waiting[-1].batch_id if waiting else None)
        found = await read_outcome(admin, built)
    finally:
        container.services.gateway.effects = effects

        def teardown() -> None:
            with psycopg.connect(admin) as conn:
                fixtures.remove(conn, built.customers)
                conn.commit()

        await anyio.to_thread.run_sync(teardown)
    observed = Observed(
        replies=[t.reply or "" for t in turns],
        proposals=[bool((t.actions and t.actions.items) or t.confirmation) for t in turns],
        routes=[t.skill for t in turns],
        outcomes=[t.outcome for t in turns],
        executed=found["executed"],
        reasons=found["reasons"] | {t.handoff.reason for t in turns if t.handoff},
        handoff=bool(found["waiting"]) or any(t.handoff for t in turns),
        batches=found["batches"],
        typed=" ".join(texts),
        confirmed=scenario.decision == "confirm" and bool(waiting),
        neighbor_rows=found["neighbor_rows"],
        neighbor_tokens=built.neighbor_tokens,
        rules_route=rules_route(texts[0]),
        model_calls=seat.calls,
        tokens_in=seat.tokens_in,
        tokens_out=seat.tokens_out,
        seconds=seconds,
        provider_error=bool(seat.errors) and scenario.inject != "model_outage",
    )
    return Attempt(scenario, repeat, segment, country, observed, judge(scenario, observed))


async def run(
    settings,
    scenarios: list[Scenario],
    all_scenarios: list[Scenario],
    *,
    repeats: int = 1,
    real_model=None,
    urls=None,
    on_attempt: Callable[[Attempt], None] | None = None,
) -> list[Attempt]:
    """real_model None means the scripted provider: each scenario's own script answers."""
    local_only(settings, "customers")
    clock = EvalClock()
    seat = ModelSeat(real_model)
    profiles = profile_of(all_scenarios)
    attempts = []
    async with build_container(settings, clock=clock, urls=urls, model=seat) as container:
        container.services.gateway.retry_pause = 0.01
        for repeat in range(1, repeats + 1):
            for scenario in scenarios:
                done = await attempt(
                    container, seat, clock, scenario, profiles[scenario.id], repeat, scripted=real_model is None
                )
                attempts.append(done)
                if on_attempt:
                    on_attempt(done)
    return attempts


def with_actions(settings, enabled: bool):
    return settings.model_copy(update={"actions_enabled": enabled}) if settings.actions_enabled != enabled else settings
