"""What the edges (HTTP routes, the MCP tools, the CLI) are handed, as types: the composition root builds them,
the edges import them from here and never the root itself.

`Services` is what routes, the MCP tools and the CLI may use (use cases and read views, typed by their ports);
`Resources` is what an edge may see of what the service holds open (its pools by name, for /metrics). Both are
whole when built: nothing is filled in later."""

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from quipu.application.actions import Gateway
from quipu.application.chat import Chat
from quipu.application.console import Console
from quipu.application.disputes import Disputes
from quipu.application.identity import Identity
from quipu.application.ports import (
    BankRecords,
    LiveEvents,
    RateLimit,
    Synthesizer,
    Tracing,
    Transcriber,
)
from quipu.application.skills.tool_deps import ToolDeps
from quipu.application.step_up import StepUp
from quipu.application.text_to_sql import SqlLookup
from quipu.application.transfers import Transfers
from quipu.application.turn_gate import TurnGate
from quipu.application.views import Views
from quipu.settings import Settings

Clock = Callable[[], datetime]
Probe = Callable[[], Awaitable[bool]]


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
    disputes: Disputes  # the customer's disputes: Mis aclaraciones, their status
    events: LiveEvents  # conversations that changed, for the pages watching them
    chat_limit: RateLimit  # chat turns per minute per customer
    turns: TurnGate  # one turn in flight per customer, across every API process
    transcriber: Transcriber
    voice: Synthesizer
    tracer: Tracing  # read at each span, so a test may swap it on a running service
    tools: ToolDeps  # what the skills' MCP tools read and act through
    probes: dict[str, Probe]  # the readiness checks: each dependency answers


class Pool(Protocol):
    """A connection pool as /metrics reads it: its own counters and its size."""

    @property
    def max_size(self) -> int: ...

    def get_stats(self) -> dict[str, int]: ...


class Resources(Protocol):
    """What the service holds open, as an edge may see it: the pools this process holds, by name (the app's, the
    reader's when guarded SQL is offered, the checkpointer's). The composition root's resources are this and more."""

    def pools(self) -> Mapping[str, Pool]: ...


class Running(Protocol):
    """A service built and running, as the HTTP app holds it for its lifetime."""

    @property
    def services(self) -> Services: ...

    @property
    def resources(self) -> Resources: ...
