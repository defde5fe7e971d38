"""The agent's port to the skills' tools: calls go straight to the hub server object, through the same
middleware (session, `unavailable`, audit row) that serves /mcp, with no client, transport or JSON text; each
answer comes back as the tool's typed result."""

from fastmcp import FastMCP
from fastmcp.exceptions import DisabledError, FastMCPError, NotFoundError
from fastmcp.utilities.versions import dedupe_with_versions

from quipu.adapters.mcp.session import calling_for
from quipu.adapters.mcp.tooling import short_name
from quipu.application.caller import Caller
from quipu.application.results import Result
from quipu.application.skills.results import result_of
from quipu.application.tool_results import ToolRefused


class InProcessTools:
    """The hub's tools, listed and called as an MCP client over HTTP would see them; one adapter serves every
    turn (`async with` opens nothing)."""

    def __init__(self, server: FastMCP):
        self.server = server
        self._listed: list | None = None

    async def __aenter__(self) -> "InProcessTools":
        return self

    async def __aexit__(self, *exc) -> bool:
        return False

    async def list_tools(self) -> list:
        """The tools as MCP lists them (name, description, input schema, annotations), read once per adapter:
        listing the mounted servers costs tens of milliseconds and the hub's tools do not change while it runs."""
        if self._listed is None:
            tools = dedupe_with_versions(list(await self.server.list_tools()), lambda t: t.name)
            self._listed = [tool.to_mcp_tool(name=tool.name) for tool in tools]
        return self._listed

    async def call_tool(self, name: str, arguments: dict, session: Caller) -> Result:
        with calling_for(session):
            try:
                result = await self.server.call_tool(name, arguments)
            except (DisabledError, NotFoundError):  # the words /mcp answers an unknown or hidden tool with
                return ToolRefused(detail=f"Unknown tool: {name!r}")
            except FastMCPError as error:  # bad arguments or a refusal the tool meant: its reason, as /mcp says it
                return ToolRefused(detail=str(error))
        if result.is_error:
            return ToolRefused(detail=" ".join(getattr(c, "text", "") for c in result.content))
        return result_of(short_name(name), result.structured_content or {})
