"""The composition root: everything the running service needs, built from one Settings.

`Services` (typed in application/services.py) is what routes, the MCP tools and the CLI may use (use cases and
read views, typed by their ports); `Resources` is what the service holds open and closes (pools, the live feed,
tasks started with it). Both are whole when built: nothing is filled in later."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import anyio
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

from quipu.adapters.http.backpressure import ChatLimiter
from quipu.adapters.llm.factory import build_model, warm_up_copies
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
from quipu.adapters.postgres.disputes_store import PgDisputes
from quipu.adapters.postgres.identity_store import PgIdentityStore
from quipu.adapters.postgres.memory_store import PgMemory
from quipu.adapters.postgres.outbox_store import PgOutbox
from quipu.adapters.postgres.reader_walls import WallCheck
from quipu.adapters.postgres.schema_catalog import describe_core, read_core_columns
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
from quipu.application.disputes import Disputes
from quipu.application.identity import Identity
from quipu.application.memory import Memory
from quipu.application.ports import LanguageModel
from quipu.application.services import Clock, Services
from quipu.application.skills.tool_deps import ToolDeps
from quipu.application.step_up import StepUp
from quipu.application.transfers import Transfers
from quipu.application.turn_gate import TurnGate
from quipu.domain.mail import route_from
from quipu.domain.sql_columns import CoreColumns
from quipu.resources import Resources, open_resources
from quipu.settings import Settings
from quipu.wiring import (
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
    understanding_of,
)


def utc_now() -> datetime:
    return datetime.now(UTC)


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
    disputes = Disputes(PgDisputes(pool), clock)

    async def states(conversation_id: str) -> dict:  # the graph is built below, before any call reaches this
        return (await graph.aget_state({"configurable": {"thread_id": conversation_id}})).values

    memory = Memory(PgMemory(pool), disputes.store, states, clock)
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
        disputes=disputes,
        memory=memory,
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
            understanding=understanding_of(settings, pool),
            transfers=money,
            tracer=lambda: services.tracer,
        )
    )
    # rows are dicts (row_factory); the checkpoint reads back only the types a turn's state holds
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
        chat=Chat(
            graph, conversations, conversations, statement_reader(settings), memory if settings.memory_on else None
        ),
        gateway=gateway,
        money=money,
        console=Console(PgConsole(pool), gateway, action_facts, clock),
        sql_runner=sql_runner,
        records=records,
        views=PgViews(pool),
        disputes=disputes,
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
