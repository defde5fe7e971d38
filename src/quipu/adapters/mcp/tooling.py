"""What every tool does around its own work: find the session, answer `unavailable` on a failed lookup,
and write the call to the decision log."""

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from fastmcp import Context

from quipu.adapters.mcp.session import ToolSession, session_from
from quipu.adapters.metrics import TOOL_ERRORS
from quipu.application.actions import Audit, Gateway
from quipu.application.console import Cards
from quipu.application.ports import BankRecords
from quipu.application.text_to_sql import SqlLookup
from quipu.application.transfers import MoneyMovement

log = logging.getLogger("quipu.tools")
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
    money: MoneyMovement | None = None


def wired(dependency: T | None, name: str) -> T:
    """A dependency the tool needs; one left out fails the call, which run_tool reports as unavailable."""
    if dependency is None:
        raise LookupError(f"{name} is not wired into the tools")
    return dependency


async def run_tool(
    ctx: Context,
    deps: Callable[[], ToolDeps],
    tool: str,
    arguments: dict,
    work: Callable[[ToolSession, ToolDeps], Awaitable[dict]],
    *,
    audit: bool = True,
) -> dict:
    session = session_from(ctx)
    current = deps()
    try:
        result = await work(session, current)
    except Exception as error:  # a failed lookup is reported as unavailable, never as "no"
        log.warning("tool %s failed: %s", tool, type(error).__name__)
        TOOL_ERRORS.labels(tool).inc()
        result = {"error": "lookup_failed", "unavailable": [tool]}
    if audit:
        await _audit(current, session, tool, arguments, result)
    return result


async def _audit(deps: ToolDeps, session: ToolSession, tool: str, arguments: dict, result: dict) -> None:
    try:
        await wired(deps.audit, "audit").log(
            customer_id=session.customer_id,
            conversation_id=session.conversation_id,
            tool=tool,
            proposed={
                "arguments": {k: str(v) if v is not None else None for k, v in arguments.items()},
                "channel": session.channel,
                "unavailable": result.get("unavailable", []),
            },
        )
    except Exception as error:  # the audit row is best effort; the customer's answer is not lost
        log.error("decision_log write failed for %s: %s", tool, type(error).__name__)
