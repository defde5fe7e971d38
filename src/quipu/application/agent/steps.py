"""Every model call returns one of these, as JSON validated against the schema; extra fields are an error."""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

MAX_TEXT_IN_SCHEMA = 500  # bounds a rephrasing: a small model can loop on a sentence until it runs out of tokens


class ModelOutputError(Exception):
    """The model's output was not the JSON its step allows."""


class RouterDecision(BaseModel):
    model_config = ConfigDict(extra="forbid")
    skill: str | None = Field(description="One skill name from the catalog, or null when none fits.")


class SkillStep(BaseModel):
    """Call a tool of the routed skill, name the one missing detail (code words the question), or hand off.
    There is no free text: the model never writes what the customer reads."""

    model_config = ConfigDict(extra="forbid")
    action: Literal["tool", "ask", "handoff"]
    tool: str | None = None
    arguments: dict[str, Any] = Field(default_factory=dict)
    missing: str | None = None


def router_schema(skills: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["skill"],
        "properties": {"skill": {"anyOf": [{"type": "string", "enum": skills}, {"type": "null"}]}},
    }


def skill_schema(tools: list[str], askable: list[str] | tuple[str, ...] = ()) -> dict[str, Any]:
    missing = {"anyOf": [{"type": "string", "enum": list(askable)}, {"type": "null"}]} if askable else {"type": "null"}
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["action"],
        "properties": {
            "action": {"type": "string", "enum": ["tool", "ask", "handoff"]},
            "tool": {"anyOf": [{"type": "string", "enum": tools}, {"type": "null"}]},
            "arguments": {"type": "object"},
            "missing": missing,
        },
    }


def parse_router(data: dict[str, Any], skills: list[str]) -> RouterDecision:
    try:
        decision = RouterDecision.model_validate(data)
    except ValidationError as error:
        raise ModelOutputError(str(error)) from None
    if decision.skill is not None and decision.skill not in skills:
        raise ModelOutputError(f"unknown skill {decision.skill}")
    return decision


def parse_step(data: dict[str, Any], tools: list[str], askable: list[str] | tuple[str, ...] = ()) -> SkillStep:
    try:
        step = SkillStep.model_validate(data)
    except ValidationError as error:
        raise ModelOutputError(str(error)) from None
    if step.action == "tool" and step.tool not in tools:
        raise ModelOutputError(f"unknown tool {step.tool}")
    if step.action == "ask" and step.missing not in askable:
        step = step.model_copy(update={"missing": None})  # code still words a question of its own
    return step


def rephrase_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["text"],
        "properties": {"text": {"type": "string", "maxLength": MAX_TEXT_IN_SCHEMA}},
    }
