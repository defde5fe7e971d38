"""The agent's port to the skills' tools: calls go straight to the hub server object, through the same
middleware (session, `unavailable`, audit row) that serves /mcp, with no client, transport or JSON text."""

from fastmcp import FastMCP
from fastmcp.exceptions import DisabledError, FastMCPError, NotFoundError
from fastmcp.utilities.versions import dedupe_with_versions

from quipu.adapters.mcp.session import ToolSession, calling_for
from quipu.application.ports import ToolAnswer


class InProcessTools:
    """One turn's tools on the hub, listed and called as an MCP client over HTTP would see them."""

    def __init__(self, server: FastMCP):
        self.server = server

    async def __aenter__(self) -> "InProcessTools":
        return self

    async def __aexit__(self, *exc) -> bool:
        return False

    async def list_tools(self) -> list:
        """The tools as MCP lists them (name, description, input schema, annotations)."""
        tools = dedupe_with_versions(list(await self.server.list_tools()), lambda t: t.name)
        return [tool.to_mcp_tool(name=tool.name) for tool in tools]

    async def call_tool(self, name: str, arguments: dict, session: ToolSession) -> ToolAnswer:
        with calling_for(session):
            try:
                result = await self.server.call_tool(name, arguments)
            except (DisabledError, NotFoundError):  # the words /mcp answers an unknown or hidden tool with
                return ToolAnswer({}, refused=f"Unknown tool: {name!r}")
            except FastMCPError as error:  # bad arguments or a refusal the tool meant: its reason, as /mcp says it
                return ToolAnswer({}, refused=str(error))
        if result.is_error:
            return ToolAnswer({}, refused=" ".join(getattr(c, "text", "") for c in result.content))
        return ToolAnswer(result.structured_content or {})
