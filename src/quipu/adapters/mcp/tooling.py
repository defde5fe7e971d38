"""What every tool call gets around its own work, once, as the hub's middleware: the session resolved before
the tool runs, `unavailable` for a failed lookup (a read-only tool's failure is never a "no"), and a
decision-log row for the tools tagged `audited`. A tool body is only its work."""

import logging
from collections.abc import Callable

from fastmcp.exceptions import FastMCPError, ToolError
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from fastmcp.tools import Tool, ToolResult

from quipu.adapters.mcp.session import resolved, session_from
from quipu.adapters.metrics import TOOL_ERRORS
from quipu.application.caller import Caller
from quipu.application.skills.results import result_types
from quipu.application.skills.tool_deps import ToolDeps, wired
from quipu.application.tool_results import LookupFailed

log = logging.getLogger("quipu.tools")
AUDITED = "audited"  # the tag of a tool whose every call is written to the decision log


def short_name(name: str) -> str:
    """`accounts_get_balances` -> `get_balances`: the hub names a tool after its skill's server."""
    return name.split("_", 1)[1] if "_" in name else name


class ToolCalls(Middleware):
    """The session, the `unavailable` answer and the audit row of every tool call on the hub."""

    def __init__(self, deps: Callable[[], ToolDeps]):
        self.deps = deps

    async def on_call_tool(self, context: MiddlewareContext, call_next: CallNext) -> ToolResult:
        assert context.fastmcp_context is not None  # the hub calls its middleware inside a request
        server = context.fastmcp_context.fastmcp
        name = context.message.name
        tool = await server.get_tool(name)
        if tool is None:  # unknown or disabled: fastmcp answers it as such
            return await call_next(context)
        session = session_from(context.fastmcp_context)
        with resolved(session):
            try:
                result = await call_next(context)
            except ToolError as error:
                if not _failed(error) or not _reads(tool):
                    raise  # a refusal the tool meant (or bad arguments): the caller reads its reason
                result = self._unavailable(tool, short_name(name), error.__cause__)
        if AUDITED in tool.tags:
            arguments = _with_defaults(tool, context.message.arguments or {})
            await _audit(self.deps(), session, short_name(name), arguments, result.structured_content or {})
        return result

    @staticmethod
    def _unavailable(tool: Tool, name: str, error: BaseException | None) -> ToolResult:
        log.warning("tool %s failed", name, exc_info=error)
        TOOL_ERRORS.labels(name).inc()
        failed = LookupFailed(unavailable=[name], status="unavailable" if _says_status(name) else None)
        return ToolResult(structured_content=failed.json_ready())


def _failed(error: ToolError) -> bool:
    """fastmcp wraps an exception the tool did not mean in a ToolError whose cause is the exception."""
    return error.__cause__ is not None and not isinstance(error.__cause__, FastMCPError)


def _says_status(name: str) -> bool:
    """The tool's own result says a status ("found", "none"...): its failed lookup says "unavailable" too."""
    return "status" in (result_types()[name].json_schema().get("properties") or {})


def _reads(tool: Tool) -> bool:
    return bool(tool.annotations and tool.annotations.read_only_hint)


def _with_defaults(tool: Tool, arguments: dict) -> dict:
    """Every parameter the tool declares, as called or by its default (what the tool worked with)."""
    properties = (tool.parameters or {}).get("properties") or {}
    return {name: arguments.get(name, spec.get("default")) for name, spec in properties.items()}


async def _audit(deps: ToolDeps, session: Caller, tool: str, arguments: dict, result: dict) -> None:
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
        log.error("decision_log write failed for %s", tool, exc_info=error)
