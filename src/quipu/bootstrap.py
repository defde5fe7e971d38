"""The composition root: everything the running service needs, built from one Settings."""

import asyncio
import hashlib
import hmac
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import anyio
from fastmcp import FastMCP
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.llm.factory import build_model
from quipu.adapters.mcp.hub import hub
from quipu.adapters.mcp.in_process import InProcessTools
from quipu.adapters.mcp.tooling import ToolDeps
from quipu.adapters.ocr.gemini_reader import GeminiStatementReader
from quipu.adapters.ocr.tesseract import TesseractReader
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
from quipu.adapters.postgres.outbox_store import PgOutbox
from quipu.adapters.postgres.reader_walls import WallCheck
from quipu.adapters.postgres.schema_catalog import core_columns, describe_core, read_core_columns
from quipu.adapters.postgres.sql_runner import GuardedRunner, dwh_pool
from quipu.adapters.postgres.step_up_store import PgStepUpStore
from quipu.adapters.postgres.transfers_store import PgTransfers
from quipu.adapters.postgres.views import PgViews
from quipu.adapters.security.passwords import Passwords
from quipu.adapters.security.tokens import Tokens
from quipu.adapters.smtp import SmtpMailer
from quipu.adapters.speech.espeak import EspeakSynthesizer
from quipu.adapters.speech.whisper import WhisperTranscriber
from quipu.adapters.tracing import Tracer, otlp_tracer
from quipu.application.actions import Gateway
from quipu.application.agent.deps import AgentDeps
from quipu.application.agent.graph import Agent
from quipu.application.chat import Chat
from quipu.application.console import Console
from quipu.application.customer_limiter import CustomerLimiter
from quipu.application.identity import Identity, Limits
from quipu.application.step_up import StepUp
from quipu.application.text_to_sql import SqlLookup
from quipu.application.transfers import Transfers
from quipu.application.views import Views
from quipu.domain.mail import route_from
from quipu.domain.sql_columns import CoreColumns
from quipu.domain.step_up import CODE_DIGITS
from quipu.domain.transfers import Limits as TransferLimits
from quipu.settings import Settings
from quipu.skills.data_lookup.gate import gate_sql_tools
from quipu.skills.registry import discover

Clock = Callable[[], datetime]
Probe = Callable[[], Awaitable[bool]]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Container:
    settings: Settings
    urls: DatabaseUrls
    pool: AsyncConnectionPool
    identity: Identity
    step_up: StepUp
    outbox: PgOutbox
    conversations: PgConversations
    records: PgBankRecords
    sql_runner: SqlLookup
    gateway: Gateway
    money: Transfers
    action_facts: PgActionFacts
    audit: PgAudit
    clock: Clock
    console: Console
    live: LiveFeed
    transcriber: WhisperTranscriber
    voice: EspeakSynthesizer
    statements: TesseractReader
    views: Views
    tracer: Tracer = field(default_factory=Tracer)
    probes: dict[str, Probe] = field(default_factory=dict)
    chat: Chat | None = None
    model: object = None
    sql_pool: AsyncConnectionPool | None = None  # read by /metrics (None when run_sql is off)
    checkpoint_pool: AsyncConnectionPool | None = None  # read by /metrics
    background: list = field(default_factory=list)  # tasks started with the service, cancelled with it


def limits_of(settings: Settings) -> Limits:
    return Limits(
        max_failures=settings.login_max_failures,
        lockout=timedelta(minutes=settings.lockout_minutes),
        rate_per_minute=settings.login_rate_per_minute,
        step_up_window=timedelta(minutes=settings.step_up_minutes),
    )


def transfer_limits(settings: Settings) -> TransferLimits:
    return TransferLimits(
        Decimal(str(settings.transfer_limit_per_operation_usd)), Decimal(str(settings.transfer_limit_per_day_usd))
    )


def mailer_of(settings: Settings) -> SmtpMailer | None:
    if settings.mail_mode != "smtp":
        return None
    assert settings.smtp_host is not None  # Settings refuses smtp mode without a host
    return SmtpMailer(settings.smtp_host, settings.smtp_port, settings.smtp_from)


def code_hasher(signing_key: str) -> Callable[[str, str], str]:
    key = hashlib.sha256(b"step-up:" + signing_key.encode()).digest()
    return lambda session_id, code: hmac.new(key, f"{session_id}:{code}".encode(), hashlib.sha256).hexdigest()


def new_code() -> str:
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"


@asynccontextmanager
async def build_container(
    settings: Settings, *, clock: Clock = utc_now, urls: DatabaseUrls | None = None, model=None
) -> AsyncIterator[Container]:
    if urls is None:
        urls = await anyio.to_thread.run_sync(database.locate, settings)
    await anyio.to_thread.run_sync(database.prepare, urls)
    walls = await anyio.to_thread.run_sync(database.check_logins, urls, settings)
    columns = await anyio.to_thread.run_sync(read_core_columns, urls.app)
    pool = AsyncConnectionPool(
        urls.app,
        min_size=1,
        max_size=10,
        open=False,
        kwargs={"autocommit": True},
        check=AsyncConnectionPool.check_connection,
    )
    sql_pool = dwh_pool(urls.reader) if walls.holds and urls.reader else None  # run_sql off: no reader login
    await pool.open(wait=True, timeout=15)
    if sql_pool is not None:
        await sql_pool.open(wait=True, timeout=15)
    checkpoint_pool = AsyncConnectionPool(
        urls.app,
        min_size=1,
        max_size=4,
        open=False,
        check=AsyncConnectionPool.check_connection,  # a database restart costs one retry, not a burst of errors
        kwargs={
            "autocommit": True,
            "prepare_threshold": 0,
            "row_factory": dict_row,
            "options": f"-c search_path={CHECKPOINT_SCHEMA}",
        },
    )
    await checkpoint_pool.open(wait=True, timeout=15)
    try:
        container = assemble(settings, urls, pool, clock, sql_pool, walls=walls, columns=columns)
        container.sql_pool = sql_pool  # read by /metrics (None when run_sql is off)
        attach_agent(container, model if model is not None else build_model(settings), checkpoint_pool)
        await container.gateway.sweep()  # actions a crash left `executing`: read back, or to a person
        await container.live.start()
        yield container
    finally:
        if "container" in locals():
            for task in container.background:
                task.cancel()
            await container.live.stop()
        await checkpoint_pool.close()
        if sql_pool is not None:
            await sql_pool.close()
        await pool.close()


def assemble(
    settings: Settings,
    urls: DatabaseUrls,
    pool: AsyncConnectionPool,
    clock: Clock,
    sql_pool: AsyncConnectionPool | None,
    walls: WallCheck | None = None,
    columns: CoreColumns | None = None,
) -> Container:
    key = settings.signing_key()
    passwords = Passwords()
    tokens = Tokens(key, timedelta(minutes=settings.access_token_minutes))
    outbox = PgOutbox(pool, route_from(settings.mail_mode, settings.mail_allowlist), mailer_of(settings))

    async def verify(stored_hash: str | None, password: str) -> bool:
        return await anyio.to_thread.run_sync(passwords.verify, stored_hash, password)

    async def database_ready() -> bool:
        async with pool.connection(timeout=3) as conn:
            await conn.execute("SELECT 1")
        return True

    limits = limits_of(settings)
    action_facts = PgActionFacts(pool)
    audit = PgAudit(pool)
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
    return Container(
        settings=settings,
        urls=urls,
        pool=pool,
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
        outbox=outbox,
        conversations=PgConversations(pool),
        records=PgBankRecords(pool),
        tracer=otlp_tracer(settings.otlp_endpoint),
        sql_runner=sql_lookup(settings, sql_pool, pool, clock, walls or WallCheck(), columns or core_columns()),
        gateway=gateway,
        money=Transfers(PgTransfers(pool, clock, outbox), audit, clock, transfer_limits(settings)),
        action_facts=action_facts,
        audit=audit,
        clock=clock,
        console=Console(PgConsole(pool), gateway, action_facts, clock),
        live=LiveFeed(urls.app),
        transcriber=WhisperTranscriber(settings.models_dir, threads=settings.llm_threads),
        voice=EspeakSynthesizer(),
        statements=statement_reader(settings),
        views=PgViews(pool),
        probes={"database": database_ready},
    )


def sql_lookup(
    settings: Settings,
    sql_pool: AsyncConnectionPool | None,
    pool: AsyncConnectionPool,
    clock: Clock,
    walls: WallCheck,
    columns: CoreColumns,
) -> SqlLookup:
    """run_sql: the guard over core's real columns, the reader's walls, and each customer's share of them."""
    limiter = CustomerLimiter(
        concurrent=settings.sql_concurrent_per_customer, per_minute=settings.sql_per_minute, clock=clock
    )
    runner = GuardedRunner(sql_pool, pool) if sql_pool is not None else None
    off = walls.off_reason or (None if runner else "no reader connection")
    return SqlLookup(runner, columns, limiter, off_reason=off)


def statement_reader(settings: Settings):
    """Local OCR by default; a hosted multimodal model reads the photo when configured (OCR stays the fallback)."""
    local = TesseractReader()
    if settings.photo_reader == "model" and settings.llm == "gemini" and settings.llm_api_key:
        return GeminiStatementReader(
            model=settings.llm_model, api_key=settings.llm_api_key.get_secret_value(), fallback=local
        )
    return local


def tool_deps(container: Container) -> ToolDeps:
    return ToolDeps(
        records=container.records,
        audit=container.audit,
        sql_runner=container.sql_runner,
        catalog=lambda: describe_core(container.pool),
        gateway=container.gateway,
        action_facts=container.action_facts,
        money=container.money,
    )


def agent_tools(container: Container, model) -> FastMCP:
    """The hub the agent calls in process: the tools /mcp serves, less those this model or these walls forbid."""
    server = hub(lambda: tool_deps(container), actions_enabled=container.settings.actions_enabled)
    gate_sql_tools(server, container.settings.home, model)  # run_sql only for a model that passed `quipu eval sql`
    if container.sql_runner.off_reason:  # the walls are not all there: the agent is not offered run_sql
        server.disable(names={"dwh_run_sql"})
    return server


def attach_agent(container: Container, model, checkpoint_pool: AsyncConnectionPool) -> None:
    """The agent graph over the in-process MCP hub, its state checkpointed in PostgreSQL."""
    tools = InProcessTools(agent_tools(container, model))
    deps = AgentDeps(
        model=model,
        skills=[s for s in discover() if container.settings.actions_enabled or not s.acts],
        mcp=lambda: tools,
        gateway=container.gateway,
        handoffs=PgHandoffs(container.pool, container.clock),
        audit=container.audit,
        trace=lambda *a, **k: container.tracer.span(*a, **k),
        rephrase=container.settings.rephrase == "on",
    )
    agent = Agent(deps)
    # rows are dicts (row_factory), which psycopg's types cannot tell
    saver = AsyncPostgresSaver(checkpoint_pool)  # type: ignore[arg-type]
    graph = agent.build(checkpointer=saver)
    container.model = model
    if getattr(model, "provider", None) == "local":  # the first customer should not wait for the catalog's prompt
        container.background.append(asyncio.create_task(agent.warm_up()))
    container.checkpoint_pool = checkpoint_pool  # read by /metrics
    container.chat = Chat(graph, container.conversations, container.conversations, statements=container.statements)

    async def model_ready() -> bool:
        ready = getattr(model, "ready", None)
        return await ready() if ready else True

    container.probes["model"] = model_ready

