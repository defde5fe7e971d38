"""The one MCP surface a skill's tools.py builds its server with: the server and its tool annotations, the
session a tool body reads (`Depends(current_session)` / `Depends(signed_in)`), the refusal it raises, the tag
of an audited tool, and what the tools read through. A skill imports nothing else of MCP or of the adapters."""

from fastmcp import FastMCP
from fastmcp.dependencies import Depends
from fastmcp.exceptions import ToolError
from mcp.types import ToolAnnotations

from quipu.adapters.mcp.session import current_session, signed_in
from quipu.adapters.mcp.tooling import AUDITED
from quipu.application.skills.tool_deps import ToolDeps, wired

READ_ONLY = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
PROPOSES = ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=False)

__all__ = [
    "AUDITED",
    "PROPOSES",
    "READ_ONLY",
    "Depends",
    "FastMCP",
    "ToolAnnotations",
    "ToolDeps",
    "ToolError",
    "current_session",
    "signed_in",
    "wired",
]
