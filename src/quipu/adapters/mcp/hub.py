"""All skill servers under one MCP server: called in process by the agent, and served at /mcp over HTTP; one
middleware gives every tool call its session, `unavailable` answer and audit row."""

from collections.abc import Callable

from fastmcp import FastMCP

from quipu.adapters.mcp.tooling import ToolCalls
from quipu.application.skills.loader import server_builder
from quipu.application.skills.manifest import discover
from quipu.application.skills.tool_deps import ToolDeps


def skill_servers(deps: Callable[[], ToolDeps], *, actions_enabled: bool, memory: bool = False) -> dict[str, FastMCP]:
    """One FastMCP server per skill, keyed by its MCP server name; with actions off, the skills that act
    are not built at all, so none of their tools can be listed or called (and memory's only when it is on)."""
    return {
        skill.mcp: server_builder(skill)(deps)
        for skill in discover()
        if skill.offered(actions_enabled=actions_enabled, memory=memory)
    }


def hub(deps: Callable[[], ToolDeps], auth=None, *, actions_enabled: bool, memory: bool = False) -> FastMCP:
    root = FastMCP("quipu", auth=auth, instructions="The bank's own records, for the signed-in customer only.")
    for name, server in skill_servers(deps, actions_enabled=actions_enabled, memory=memory).items():
        root.mount(server, namespace=name)
    root.add_middleware(ToolCalls(deps))
    return root
