"""All skill servers under one MCP server: mounted in process for the agent, and at /mcp over HTTP."""

from collections.abc import Callable

from fastmcp import FastMCP

from quipu.adapters.mcp.tooling import ToolDeps
from quipu.skills.registry import discover, server_builder


def skill_servers(deps: Callable[[], ToolDeps]) -> dict[str, FastMCP]:
    """One FastMCP server per skill, keyed by its MCP server name."""
    return {skill.mcp: server_builder(skill)(deps) for skill in discover()}


def hub(deps: Callable[[], ToolDeps], auth=None) -> FastMCP:
    root = FastMCP("quipu", auth=auth, instructions="The bank's own records, for the signed-in customer only.")
    for name, server in skill_servers(deps).items():
        root.mount(server, namespace=name)
    return root
