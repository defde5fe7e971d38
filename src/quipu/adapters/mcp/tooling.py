"""What every tool does around its own work: find the session, answer `unavailable` on a failed lookup,
and write the call to the decision log."""

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from fastmcp import Context

from quipu.adapters.mcp.session import ToolSession, session_from
from quipu.adapters.metrics import TOOL_ERRORS

log = logging.getLogger("quipu.tools")


@dataclass(frozen=True)
class ToolDeps:
    records: object
    audit: object = None
    sql_runner: object = None
    catalog: Callable[[], Awaitable[str]] | None = None
    gateway: object = None
    action_facts: object = None
    money: object = None


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
        log.warning("tool %s failed", tool, exc_info=error)
        TOOL_ERRORS.labels(tool).inc()
        result = {"error": "lookup_failed", "unavailable": [tool]}
    if audit:
        await _audit(current, session, tool, arguments, result)
    return result


async def _audit(deps: ToolDeps, session: ToolSession, tool: str, arguments: dict, result: dict) -> None:
    try:
        await deps.audit.log(
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
        log.error("decision_log write failed for %s", tool, exc_info=error)
