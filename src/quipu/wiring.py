"""How the composition root makes each piece from Settings: the small factories `bootstrap.py` calls."""

import hashlib
import hmac
import secrets
from collections.abc import Callable
from datetime import timedelta

from fastmcp import FastMCP
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.mcp.hub import hub
from quipu.adapters.mcp.in_process import InProcessTools
from quipu.adapters.ocr.gemini_reader import GeminiStatementReader
from quipu.adapters.ocr.tesseract import TesseractReader
from quipu.adapters.postgres.reader_walls import WallCheck
from quipu.adapters.postgres.reading_words import PgReadingWords
from quipu.adapters.postgres.sql_runner import GuardedRunner
from quipu.adapters.reader.store import trained
from quipu.adapters.smtp import SmtpMailer
from quipu.application.action_ports import Audit, Handoffs
from quipu.application.actions import Gateway
from quipu.application.agent.deps import AgentDeps, PendingTransfers
from quipu.application.customer_limiter import CustomerLimiter
from quipu.application.identity import Limits
from quipu.application.ports import LanguageModel, StatementReader, Tracing
from quipu.application.services import Clock
from quipu.application.skills.manifest import Skill, discover, read_intents
from quipu.application.skills.tool_deps import ToolDeps
from quipu.application.text_to_sql import SqlLookup
from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.understanding import ReaderMode, Understanding
from quipu.domain.sql_columns import CoreColumns
from quipu.domain.step_up import CODE_DIGITS
from quipu.domain.transfers import Limits as TransferLimits
from quipu.settings import Settings
from quipu.skills.data_lookup.gate import gate_sql_tools


def limits_of(settings: Settings) -> Limits:
    return Limits(
        max_failures=settings.login_max_failures,
        lockout=timedelta(minutes=settings.lockout_minutes),
        rate_per_minute=settings.login_rate_per_minute,
        step_up_window=timedelta(minutes=settings.step_up_minutes),
    )


def longest_turn(settings: Settings) -> timedelta:
    """How long a turn may hold its customer's place: its deadline, plus one model call it may still finish."""
    return timedelta(seconds=settings.turn_deadline_seconds + settings.llm_timeout_seconds)


def transfer_limits(settings: Settings) -> TransferLimits:
    return TransferLimits(settings.transfer_limit_per_operation_usd, settings.transfer_limit_per_day_usd)


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


def sql_lookup(
    settings: Settings,
    pool: AsyncConnectionPool,
    sql_pool: AsyncConnectionPool | None,
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


def statement_reader(settings: Settings) -> StatementReader:
    """Local OCR by default; a hosted multimodal model reads the photo when configured (OCR stays the fallback)."""
    local = TesseractReader()
    if settings.photo_reader == "model" and settings.llm == "gemini" and settings.llm_api_key:
        return GeminiStatementReader(
            model=settings.llm_model,
            api_key=settings.llm_api_key.get_secret_value(),
            fallback=local,
            allow_calls=settings.allow_model_calls,
        )
    return local


def agent_tools(settings: Settings, model: LanguageModel, tools: ToolDeps, *, run_sql_off: bool) -> FastMCP:
    """The hub the agent calls in process: the tools /mcp serves, less those this model or these walls forbid."""
    server = hub(lambda: tools, actions_enabled=settings.actions_enabled, memory=settings.memory_on)
    gate_sql_tools(server, settings.home, model)  # run_sql only for a model that passed `quipu eval sql`
    if run_sql_off:  # the walls are not all there: the agent is not offered run_sql
        server.disable(names={"dwh_run_sql"})
    return server


def catalog_of(skills: list[Skill]) -> Catalog:
    """The intents every skill declares in its folder, and what code handles before any skill."""
    return Catalog.build({s.name: s.intents() for s in skills}, read_intents("_shared"))


def understanding_of(settings: Settings, pool: AsyncConnectionPool) -> Understanding:
    """The reading of words: the reader trained on the skills' corpus (loaded when already trained)."""
    mode = ReaderMode(settings.reader)
    learned = trained() if mode != ReaderMode.RULES else None
    return Understanding(learned, PgReadingWords(pool), mode)


def agent_deps(
    settings: Settings,
    model: LanguageModel,
    tools: FastMCP,
    *,
    gateway: Gateway,
    handoffs: Handoffs,
    audit: Audit,
    understanding: Understanding,
    transfers: PendingTransfers,
    tracer: Callable[[], Tracing],  # asked at each span
) -> AgentDeps:
    """The agent over the in-process port of its hub."""
    in_process = InProcessTools(tools)
    skills = [s for s in discover() if s.offered(actions_enabled=settings.actions_enabled, memory=settings.memory_on)]
    return AgentDeps(
        model=model,
        skills=skills,
        mcp=lambda: in_process,
        gateway=gateway,
        handoffs=handoffs,
        audit=audit,
        understanding=understanding,
        catalog=catalog_of(skills),
        transfers=transfers,
        trace=lambda *a, **k: tracer().span(*a, **k),
        rephrase=settings.rephrase == "on",
    )
