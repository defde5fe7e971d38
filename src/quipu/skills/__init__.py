"""The skill plugins: one folder each, with SKILL.md (what the router sees), intents.yaml, tools.py (its MCP server,
built with adapters/mcp/surface.py), hooks.py (`act`, `answer`), results.py and answers.yaml. The framework that
finds, loads and runs them is quipu.application.skills, which never imports a plugin: it loads them by name."""
