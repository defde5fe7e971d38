"""The skill's tools as the agent calls them: through the in-process tools port, for the turn's session, every
call recorded as a ToolOutcome (what was asked, what the records said)."""

import json
import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from quipu.application.agent.deps import Span
from quipu.application.caller import Caller
from quipu.application.ports import SkillToolsPort
from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.tool_results import ToolRefused

log = logging.getLogger("quipu.agent")


def usable_arguments(arguments: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """Required arguments pass as given; optional ones the model filled with nothing, or with a value
    outside their vocabulary, are left out rather than sent to fail."""
    properties, required = schema.get("properties", {}), set(schema.get("required", []))
    kept = {}
    for name, value in (arguments or {}).items():
        if name not in properties:
            continue
        if name in required:
            kept[name] = value
            continue
        if value in (None, "", 0, [], {}):
            continue
        options = [s for s in properties[name].get("anyOf", [properties[name]]) if s.get("type") != "null"]
        allowed = options[0].get("enum") if options else None
        if allowed is None or value in allowed:
            kept[name] = value
    return kept


class SkillTools:
    """Calls one skill's tools for one turn and keeps every outcome."""

    def __init__(
        self,
        port: SkillToolsPort,
        namespace: str,
        schemas: dict[str, dict[str, Any]],
        caller: Caller,
        trace: Callable[..., AbstractContextManager[Span]],
    ) -> None:
        self.port, self.namespace, self.schemas, self.caller, self.trace = port, namespace, schemas, caller, trace
        self.outcomes: list[ToolOutcome[Result]] = []

    async def call(
        self, tool: str, arguments: dict[str, Any], *, also: bool = False, note: dict[str, Any] | None = None
    ) -> ToolOutcome[Result]:
        arguments = usable_arguments(arguments, self.schemas.get(tool, {}))
        with self.trace("tool.call") as span:
            span.set(tool=tool, arguments=json.dumps(arguments, ensure_ascii=False, default=str))
            result = await self.port.call_tool(f"{self.namespace}_{tool}", arguments, self.caller)
        if isinstance(result, ToolRefused):
            result = ToolRefused(detail=result.detail[:300])
            log.warning("tool %s refused its arguments: %s", tool, result.detail)
        outcome = ToolOutcome(tool, arguments, result, also, note or {})
        self.outcomes.append(outcome)
        return outcome
