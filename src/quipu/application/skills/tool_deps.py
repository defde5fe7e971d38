"""What the skills' tools read and act through, typed by port: the composition root builds it, the MCP hub hands it
to each skill's server."""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from quipu.application.action_ports import Audit
from quipu.application.actions import Gateway
from quipu.application.console import Cards
from quipu.application.disputes import Disputes
from quipu.application.memory import Memory
from quipu.application.ports import BankRecords
from quipu.application.text_to_sql import SqlLookup
from quipu.application.transfers import Transfers

T = TypeVar("T")


@dataclass(frozen=True)
class ToolDeps:
    """What the tools use, typed by port; a hub for read-only tools (as in tests) leaves the rest out."""

    records: BankRecords
    audit: Audit | None = None
    sql_runner: SqlLookup | None = None
    catalog: Callable[[], Awaitable[str]] | None = None
    gateway: Gateway | None = None
    action_facts: Cards | None = None
    money: Transfers | None = None
    disputes: Disputes | None = None  # the disputes the customer opened: their status, and the charges they cover
    memory: Memory | None = None  # what is still going on from earlier conversations (QUIPU_CHAT_MEMORY=on)


def wired(dependency: T | None, name: str) -> T:
    """A dependency the tool needs; one left out fails the call, which the middleware reports as unavailable."""
    if dependency is None:
        raise LookupError(f"{name} is not wired into the tools")
    return dependency
