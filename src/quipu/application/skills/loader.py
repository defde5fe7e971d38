"""Loads a skill plugin's code by its folder's name: its hooks.py as the typed hooks the agent calls, and the
MCP server its tools.py builds."""

import importlib
from collections.abc import Callable
from typing import Any

from quipu.application.skills.hooks import HOOKS, SkillHooks, hooks_of
from quipu.application.skills.manifest import SKILLS_PACKAGE, Skill
from quipu.application.skills.tool_deps import ToolDeps

# tools.py's `build`: the skill's MCP server, made from what the tools read through
ServerBuilder = Callable[[Callable[[], ToolDeps]], Any]


def load_hooks(skill: Skill) -> SkillHooks:
    """The folder's hooks.py, loaded as the typed hooks the agent calls (the ones SKILL.md names, all of them)."""
    unknown = set(skill.hook_names) - set(HOOKS)
    if unknown:
        raise ValueError(f"skill {skill.name} names hooks no skill has: {', '.join(sorted(unknown))}")
    return hooks_of(skill.name, importlib.import_module(f"{SKILLS_PACKAGE}.{skill.name}.hooks"))


def server_builder(skill: Skill) -> ServerBuilder:
    built: ServerBuilder = importlib.import_module(f"{SKILLS_PACKAGE}.{skill.name}.tools").build
    return built
