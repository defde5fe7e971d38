"""Discovers skills from their folders: SKILL.md front matter, the server built by tools.py, and the result model
each tool returns (results.py)."""

import importlib
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from types import UnionType
from typing import Annotated, Any

import yaml
from pydantic import Field, TypeAdapter

from quipu.application.results import Result
from quipu.application.tool_results import FAILURES, PendingProposal

SKILLS_PACKAGE = "quipu.skills"


@dataclass(frozen=True)
class Skill:
    name: str
    description: str
    mcp: str
    sign_in: bool
    flags: dict

    @property
    def hook_names(self) -> tuple[str, ...]:
        """The hooks SKILL.md names (`hooks: act, answer`), each a function in the folder's hooks.py."""
        return tuple(h.strip() for h in self.flags.get("hooks", "act, answer").split(",") if h.strip())

    def hooks(self) -> dict:
        module = importlib.import_module(f"{SKILLS_PACKAGE}.{self.name}.hooks")
        missing = [h for h in self.hook_names if not callable(getattr(module, h, None))]
        if missing:
            raise ValueError(f"skill {self.name} names hooks its hooks.py lacks: {', '.join(missing)}")
        return {h: getattr(module, h) for h in self.hook_names}

    def intents(self) -> dict[str, dict[str, str]]:
        """What the skill serves: intents.yaml in its folder ({intent: {acts, action}})."""
        return read_intents(self.name)

    @property
    def acts(self) -> bool:
        """The skill proposes actions or money movement (off when actions are disabled): an intent it declares
        in intents.yaml acts."""
        return any(spec.get("acts") == "true" for spec in self.intents().values())

    @property
    def remembers(self) -> bool:
        """The skill recalls earlier conversations (offered only with QUIPU_CHAT_MEMORY=on)."""
        return self.flags.get("memory") == "true"

    def offered(self, *, actions_enabled: bool, memory: bool) -> bool:
        """Whether this service builds the skill at all (its server, its tools, its place in the router)."""
        return (actions_enabled or not self.acts) and (memory or not self.remembers)


@cache
def read_intents(folder: str) -> dict[str, dict[str, str]]:
    path = files(SKILLS_PACKAGE) / folder / "intents.yaml"
    if not path.is_file():
        return {}
    loaded = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.BaseLoader) or {}
    return {str(k): {str(a): str(b) for a, b in (v or {}).items()} for k, v in loaded.items()}


def parse_skill(text: str) -> Skill:
    """Front matter between --- lines (key: value); the prose after it is for the engineers reading the folder."""
    if not text.startswith("---\n"):
        raise ValueError("SKILL.md must start with front matter")
    header, _, _notes = text[4:].partition("\n---\n")
    fields = {}
    for line in header.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip()] = value.strip()
    missing = {"name", "description", "mcp"} - fields.keys()
    if missing:
        raise ValueError(f"SKILL.md misses {', '.join(sorted(missing))}")
    flags = {k: v for k, v in fields.items() if k not in ("name", "description", "mcp")}
    return Skill(fields["name"], fields["description"], fields["mcp"], fields.get("sign_in") == "true", flags)


def discover() -> list[Skill]:
    root = files(SKILLS_PACKAGE)
    found = []
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        manifest = entry / "SKILL.md"
        if entry.is_dir() and manifest.is_file():
            skill = parse_skill(manifest.read_text(encoding="utf-8"))
            if skill.name != entry.name:
                raise ValueError(f"skill folder {entry.name} declares name {skill.name}")
            found.append(skill)
    return found


def server_builder(skill: Skill):
    return importlib.import_module(f"{SKILLS_PACKAGE}.{skill.name}.tools").build


# the agent's own steps a turn records beside the tools' calls
AGENT_STEPS: dict[str, object] = {"withdraw_proposal": PendingProposal}


@cache
def result_types() -> dict[str, TypeAdapter[Result]]:
    """Every tool's result model by the tool's name, as the skills' results.py declare them; a tool with more
    than one result shape has them tried in the order declared."""
    declared: dict[str, object] = dict(AGENT_STEPS)
    for skill in discover():
        declared |= importlib.import_module(f"{SKILLS_PACKAGE}.{skill.name}.results").RESULTS
    return {tool: TypeAdapter(_in_order(shape)) for tool, shape in declared.items()}


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
