"""Every model call returns one of these, as JSON validated against the schema; extra fields are an error."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

MAX_TEXT_IN_SCHEMA = 500  # bounds generation: a small model can loop on a sentence until it runs out of tokens


class ModelOutputError(Exception):
    """The model's output was not the JSON its step allows."""


class RouterDecision(BaseModel):
    model_config = ConfigDict(extra="forbid")
    skill: str | None = Field(description="One skill name from the catalog, or null when none fits.")


class SkillStep(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: Literal["tool", "reply", "question", "handoff"]
    tool: str | None = None
    arguments: dict = Field(default_factory=dict)
    text: str | None = Field(None, max_length=2000)


def router_schema(skills: list[str]) -> dict:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["skill"],
        "properties": {"skill": {"anyOf": [{"type": "string", "enum": skills}, {"type": "null"}]}},
    }


def skill_schema(tools: list[str]) -> dict:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["action"],
        "properties": {
            "action": {"type": "string", "enum": ["tool", "reply", "question", "handoff"]},
            "tool": {"anyOf": [{"type": "string", "enum": tools}, {"type": "null"}]},
            "arguments": {"type": "object"},
            "text": {"anyOf": [{"type": "string", "maxLength": MAX_TEXT_IN_SCHEMA}, {"type": "null"}]},
        },
    }


def parse_router(data: dict, skills: list[str]) -> RouterDecision:
    try:
        decision = RouterDecision.model_validate(data)
    except ValidationError as error:
        raise ModelOutputError(str(error)) from None
    if decision.skill is not None and decision.skill not in skills:
        raise ModelOutputError(f"unknown skill {decision.skill}")
    return decision


def parse_step(data: dict, tools: list[str]) -> SkillStep:
    try:
        step = SkillStep.model_validate(data)
    except ValidationError as error:
        raise ModelOutputError(str(error)) from None
    if step.action == "tool" and step.tool not in tools:
        raise ModelOutputError(f"unknown tool {step.tool}")
    if step.action in ("reply", "question") and not (step.text or "").strip():
        raise ModelOutputError("a reply needs text")
    return step
