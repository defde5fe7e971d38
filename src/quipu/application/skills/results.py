"""Every tool's typed result, by the tool's name, as the skills declare them: the one place JSON (the hub's
answer, the checkpoint's) becomes a result again."""

import importlib
from functools import cache
from types import UnionType
from typing import Annotated, Any

from pydantic import Field, TypeAdapter

from quipu.application.results import Result
from quipu.application.skills.manifest import SKILLS_PACKAGE, Skill, discover
from quipu.application.tool_results import FAILURES, PendingProposal

# the agent's own steps a turn records beside the tools' calls
AGENT_STEPS: dict[str, object] = {"withdraw_proposal": PendingProposal}


@cache
def result_types() -> dict[str, TypeAdapter[Result]]:
    """Every tool's result model by the tool's name, as the skills' results.py declare them; a tool with more
    than one result shape has them tried in the order declared."""
    declared: dict[str, object] = dict(AGENT_STEPS)
    for skill in discover():
        declared |= declared_results(skill)
    return {tool: TypeAdapter(_in_order(shape)) for tool, shape in declared.items()}


def declared_results(skill: Skill) -> dict[str, object]:
    """The result model of each of the skill's tools, as its results.py declares them (`RESULTS`)."""
    declared: dict[str, object] = importlib.import_module(f"{SKILLS_PACKAGE}.{skill.name}.results").RESULTS
    return declared


def _in_order(shape: object) -> Any:
    return Annotated[shape, Field(union_mode="left_to_right")] if isinstance(shape, UnionType) else shape


def result_of(tool: str, data: dict[str, Any]) -> Result:
    """A tool's result rebuilt as its typed model from its JSON (the hub's answer, or the checkpoint's): the one
    place JSON becomes a result again. A failed lookup or a refusal is said by its `error`, whatever the tool."""
    error = data.get("error")
    failure = FAILURES.get(error) if isinstance(error, str) else None
    if failure is not None:
        return failure.model_validate(data)
    return result_types()[tool].validate_python(data)
