"""The composition root: everything the running service needs, built from one Settings.

`Services` is what routes, the MCP tools and the CLI may use (use cases and read views, typed by their ports);
`Resources` is what the service holds open and closes (pools, the live feed, tasks started with it). Both are
whole when built: nothing is filled in later."""

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import anyio
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.http.backpressure import ChatLimiter
from quipu.adapters.llm.factory import build_model, warm_up_copies
from quipu.adapters.mcp.tooling import ToolDeps
from quipu.adapters.postgres import database
from quipu.adapters.postgres.action_effects import PgEffects
from quipu.adapters.postgres.action_facts import PgActionFacts
from quipu.adapters.postgres.actions_store import PgActionStore
from quipu.adapters.postgres.audit import PgAudit
from quipu.adapters.postgres.bank_records import PgBankRecords
from quipu.adapters.postgres.cases_store import PgHandoffs
from quipu.adapters.postgres.connection import DatabaseUrls
from quipu.adapters.postgres.console_store import PgConsole
from quipu.adapters.postgres.conversations_store import PgConversations
from quipu.adapters.postgres.database import CHECKPOINT_SCHEMA
from quipu.adapters.postgres.identity_store import PgIdentityStore
from quipu.adapters.postgres.live import LiveFeed
from quipu.adapters.postgres.liveness import ProcessLiveness
from quipu.adapters.postgres.outbox_store import PgOutbox
from quipu.adapters.postgres.reader_walls import WallCheck
from quipu.adapters.postgres.schema_catalog import describe_core, read_core_columns
from quipu.adapters.postgres.sql_runner import dwh_pool
from quipu.adapters.postgres.step_up_store import PgStepUpStore
from quipu.adapters.postgres.transfers_store import PgTransfers
from quipu.adapters.postgres.turns_store import PgTurnsInFlight
from quipu.adapters.postgres.views import PgViews
from quipu.adapters.security.passwords import Passwords
from quipu.adapters.security.tokens import Tokens
from quipu.adapters.speech.espeak import EspeakSynthesizer
from quipu.adapters.speech.whisper import WhisperTranscriber
from quipu.adapters.tracing import otlp_tracer
from quipu.application.actions import Gateway
from quipu.application.agent.graph import Agent
from quipu.application.chat import Chat
from quipu.application.console import Console
from quipu.application.identity import Identity
from quipu.application.ports import (
    BankRecords,
    LanguageModel,
    LiveEvents,
    RateLimit,
    Synthesizer,
    Tracing,
    Transcriber,
)
from quipu.application.step_up import StepUp
from quipu.application.text_to_sql import SqlLookup
from quipu.application.transfers import Transfers
from quipu.application.turn_gate import TurnGate
from quipu.application.views import Views
from quipu.domain.mail import route_from
from quipu.domain.sql_columns import CoreColumns
from quipu.settings import Settings
from quipu.wiring import (
    Clock,
    agent_deps,
    agent_tools,
    code_hasher,
    limits_of,
    longest_turn,
    mailer_of,
    new_code,
    sql_lookup,
    statement_reader,
    transfer_limits,
)

Probe = Callable[[], Awaitable[bool]]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Services:
    """What routes, the MCP tools and the CLI may use."""

    settings: Settings
    clock: Clock
    identity: Identity
    step_up: StepUp
    chat: Chat
    gateway: Gateway
    money: Transfers
    console: Console
    sql_runner: SqlLookup
    records: BankRecords
    views: Views  # what the pages read: greeting, products, sent mail, conversations, operators
    events: LiveEvents  # conversations that changed, for the pages watching them
    chat_limit: RateLimit  # chat turns per minute per customer
    turns: TurnGate  # one turn in flight per customer, across every API process
    transcriber: Transcriber
    voice: Synthesizer
    tracer: Tracing  # read at each span, so a test may swap it on a running service
    tools: ToolDeps  # what the skills' MCP tools read and act through
    probes: dict[str, Probe]  # the readiness checks: each dependency answers


@dataclass
class Resources:
    """What the service holds open and closes."""

    urls: DatabaseUrls
    pool: AsyncConnectionPool
    checkpoint_pool: AsyncConnectionPool  # the agent's LangGraph checkpoints
    sql_pool: AsyncConnectionPool | None  # the reader's (guarded SQL); None when run_sql is off (no reader login)
    live: LiveFeed
    liveness: ProcessLiveness  # this process is alive while its lock is held: what it held can be taken over
    background: list[asyncio.Task] = field(default_factory=list)  # started with the service, cancelled with it


@dataclass(frozen=True)
class Container:
    services: Services
    resources: Resources


@asynccontextmanager
async def build_container(
    settings: Settings, *, clock: Clock = utc_now, urls: DatabaseUrls | None = None, model: LanguageModel | None = None
) -> AsyncIterator[Container]:
    if urls is None:
        urls = await anyio.to_thread.run_sync(database.locate, settings)
    await anyio.to_thread.run_sync(database.prepare, urls)
    walls = await anyio.to_thread.run_sync(database.check_logins, urls, settings)
    columns = await anyio.to_thread.run_sync(read_core_columns, urls.app)
    async with AsyncExitStack() as stack:
        resources = await open_resources(stack, urls, with_reader=walls.holds and urls.reader is not None)
        model = model if model is not None else build_model(settings)
        services, agent = assemble(settings, resources, clock, model, walls, columns)
        await services.gateway.sweep()  # actions a crash left `executing`: read back, or to a person
        for held in (resources.live, resources.liveness):
            await held.start()
            stack.push_async_callback(held.stop)
        copies = warm_up_copies(settings, model)
        if copies:  # the first customers should not wait for the prompt
            resources.background.append(asyncio.create_task(agent.warm_up(copies)))
        try:
            yield Container(services, resources)
        finally:
            for task in resources.background:
                task.cancel()


async def open_resources(stack: AsyncExitStack, urls: DatabaseUrls, *, with_reader: bool) -> Resources:
    """The pools, open and registered to close with the stack; run_sql's only when the reader's walls hold."""

    async def opened(pool: AsyncConnectionPool) -> AsyncConnectionPool:
        await pool.open(wait=True, timeout=15)
        stack.push_async_callback(pool.close)
        return pool

    check = AsyncConnectionPool.check_connection  # a database restart costs one retry, not a burst of errors
    pool = await opened(
        AsyncConnectionPool(urls.app, min_size=1, max_size=10, open=False, kwargs={"autocommit": True}, check=check)
    )
    sql_pool = await opened(dwh_pool(urls.reader)) if with_reader and urls.reader else None
    checkpoints = {"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row}
    checkpoint_pool = await opened(
        AsyncConnectionPool(
            urls.app,
            min_size=1,
            max_size=4,
            open=False,
            check=check,
            kwargs={**checkpoints, "options": f"-c search_path={CHECKPOINT_SCHEMA}"},
        )
    )
    return Resources(urls, pool, checkpoint_pool, sql_pool, LiveFeed(urls.app), ProcessLiveness(urls.app))


def assemble(
    settings: Settings,
    resources: Resources,
    clock: Clock,
    model: LanguageModel,
    walls: WallCheck,
    columns: CoreColumns,
) -> tuple[Services, Agent]:
    pool = resources.pool
    key = settings.signing_key()
    passwords = Passwords()
    outbox = PgOutbox(pool, route_from(settings.mail_mode, settings.mail_allowlist), mailer_of(settings))

    async def verify(stored_hash: str | None, password: str) -> bool:
        return await anyio.to_thread.run_sync(passwords.verify, stored_hash, password)

    async def database_ready() -> bool:
        async with pool.connection(timeout=3) as conn:
            await conn.execute("SELECT 1")
        return True

    async def model_ready() -> bool:
        ready = getattr(model, "ready", None)
        return await ready() if ready else True

    limits = limits_of(settings)
    action_facts = PgActionFacts(pool)
    audit = PgAudit(pool)
    tokens = Tokens(key, timedelta(minutes=settings.access_token_minutes))
    identity = Identity(PgIdentityStore(pool), verify, tokens, clock, limits)
    gateway = Gateway(
        PgActionStore(pool),
        action_facts,
        PgEffects(pool, clock, outbox),
        PgHandoffs(pool, clock),
        audit,
        clock,
        receipts=outbox.action_receipt,
    )
    records = PgBankRecords(pool)
    sql_runner = sql_lookup(settings, pool, resources.sql_pool, clock, walls, columns)
    money = Transfers(PgTransfers(pool, clock, outbox), audit, clock, transfer_limits(settings))
    tools = ToolDeps(
        records=records,
        audit=audit,
        sql_runner=sql_runner,
        catalog=lambda: describe_core(pool),
        gateway=gateway,
        action_facts=action_facts,
        money=money,
    )
    # the agent asks for the tracer at each span (services is bound below), so a swapped tracer is the one used
    hub_tools = agent_tools(settings, model, tools, run_sql_off=sql_runner.off_reason is not None)
    agent = Agent(
        agent_deps(
            settings,
            model,
            hub_tools,
            gateway=gateway,
            handoffs=PgHandoffs(pool, clock),
            audit=audit,
            tracer=lambda: services.tracer,
        )
    )
    # rows are dicts (row_factory), which psycopg's types cannot tell
    # the checkpoint reads back only the types a turn's state holds (no arbitrary class from a stored row)
    serde = JsonPlusSerializer(allowed_msgpack_modules=[("quipu.application.caller", "Caller")])
    saver = AsyncPostgresSaver(resources.checkpoint_pool, serde=serde)  # type: ignore[arg-type]
    graph = agent.build(checkpointer=saver)
    conversations = PgConversations(pool)
    services = Services(
        settings=settings,
        clock=clock,
        identity=identity,
        step_up=StepUp(
            PgStepUpStore(pool),
            outbox,
            new_code=new_code,
            hash_code=code_hasher(key),
            clock=clock,
            window=limits.step_up_window,
            rate=identity.rate,
            show_codes=settings.step_up_codes_shown,
        ),
        chat=Chat(graph, conversations, conversations, statements=statement_reader(settings)),
        gateway=gateway,
        money=money,
        console=Console(PgConsole(pool), gateway, action_facts, clock),
        sql_runner=sql_runner,
        records=records,
        views=PgViews(pool),
        events=resources.live,
        chat_limit=ChatLimiter(identity.rate, settings.chat_rate_per_minute, clock),
        turns=TurnGate(PgTurnsInFlight(pool, resources.liveness), clock, longest_turn(settings)),
        transcriber=WhisperTranscriber(settings.models_dir, threads=settings.llm_threads),
        voice=EspeakSynthesizer(),
        tracer=otlp_tracer(settings.otlp_endpoint),
        tools=tools,
        probes={"database": database_ready, "model": model_ready},
    )
    return services, agent
