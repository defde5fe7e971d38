"""Skills: one folder each, with SKILL.md (what the router sees) and tools.py (its MCP server)."""
