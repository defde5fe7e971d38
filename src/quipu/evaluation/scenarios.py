"""Action scenarios: YAML files validated by a schema, split mechanically before any model answers."""

from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from quipu.domain.yaml_text import read_values

CATEGORIES = (
    "resolve", "declined", "clarify", "refuse", "policy", "human", "unauth", "inject", "failure", "mixed", "inform",
)  # fmt: skip
FIXTURES = ("single", "cancelable", "two_cards", "charges", "indebted", "bank_blocked", "no_email", "fraud")
ACTIONS = ("block_card", "cancel_card", "open_payment_inquiry", "send_summary_email", "set_alert", "request_callback")
SEGMENTS = ("Premium", "Plus", "Basic", "Student")
COUNTRIES = ("México", "Colombia", "Argentina")
HELD_OUT, REGRESSION = "heldout", "regression"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Expect(Strict):
    executed: list[list[str]] = Field(description="Acceptable sets of verified actions; [[]] means nothing runs.")
    handoff: bool | None = Field(None, description="A person must (true) or must not (false) get the case.")
    route: str | None = Field(None, description="The skill a good router picks (routing accuracy only).")
    avoid_route: str | None = Field(None, description="A skill that must not answer.")
    reasons: list[str] = Field(default_factory=list, description="At least one of these must be recorded.")
    question: bool = Field(False, description="A clarifying question is right, and no proposal.")
    sign_in: bool = Field(False, description="The customer must be told to sign in, and nothing stored.")

    @field_validator("executed")
    @classmethod
    def _known_actions(cls, sets: list[list[str]]) -> list[list[str]]:
        unknown = {a for s in sets for a in s} - set(ACTIONS)
        if unknown or not sets:
            raise ValueError(f"executed must list sets of catalog actions (unknown: {sorted(unknown)})")
        return sets


class Script(Strict):
    """What the scripted provider answers: the router's skill and the skill steps, in order."""

    route: str | None = None
    steps: list[dict] = Field(default_factory=list)


class Scenario(Strict):
    id: str = Field(pattern=r"^[a-z]+-\d{2}$")
    language: Literal["es", "pt"]
    team_made: Literal[True] = True
    fixture: Literal[FIXTURES]  # type: ignore[valid-type]  # the fixtures' names, read by pydantic at run time
    turns: list[str] = Field(min_length=1, max_length=2)
    decision: Literal["confirm", "cancel", "none", "expire"] = "none"
    inject: Literal["", "mail_permanent", "mail_transient", "model_outage"] = ""
    signed_in: bool = True
    neighbor: bool = False
    expect: Expect
    script: Script = Script()
    note: str = ""

    @property
    def category(self) -> str:
        return self.id.split("-")[0]

    @property
    def automated(self) -> bool:
        """Every acceptable end state executes something and nobody else is needed."""
        return all(self.expect.executed) and self.expect.handoff is False

    @model_validator(mode="after")
    def _category_known(self) -> "Scenario":
        if self.category not in CATEGORIES:
            raise ValueError(f"{self.id}: unknown category {self.category}")
        return self


class Identified(Protocol):
    @property
    def id(self) -> str: ...


Case = TypeVar("Case", bound=Identified)


def load_cases(directory: Path, parse: Callable[[Any], Case], what: str) -> list[Case]:
    """Every case in the folder's YAML files, sorted by id; a bad case names its file and id; a duplicate id is an
    error."""
    found = []
    for path in sorted(directory.glob("*.yaml")):
        for raw in read_values(path.read_text(encoding="utf-8")) or []:
            try:
                found.append(parse(raw))
            except ValueError as error:
                raise ValueError(f"{path.name}: {raw.get('id', '?')}: {error}") from None
    ids = [c.id for c in found]
    duplicated = sorted({i for i in ids if ids.count(i) > 1})
    if duplicated:
        raise ValueError(f"duplicate {what} ids: {duplicated}")
    return sorted(found, key=lambda c: c.id)


def load(directory: Path) -> list[Scenario]:
    """Every scenario in the folder's YAML files, sorted by id; a duplicate id is an error."""
    return load_cases(directory, Scenario.model_validate, "scenario")


def split_of(scenarios: list) -> dict[str, str]:
    """Within each category, sorted by id, every second of three (index mod 3 == 1) is held out."""
    by_category = defaultdict(list)
    for s in scenarios:
        by_category[s.category].append(s.id)
    return {
        scenario_id: HELD_OUT if index % 3 == 1 else REGRESSION
        for ids in by_category.values()
        for index, scenario_id in enumerate(sorted(ids))
    }


def profile_of(scenarios: list[Scenario]) -> dict[str, tuple[str, str]]:
    """(segment, country) by id order, round robin; Portuguese scenarios are Brazilian customers."""
    profiles = {}
    for index, s in enumerate(sorted(scenarios, key=lambda s: s.id)):
        country = "Brazil" if s.language == "pt" else COUNTRIES[index % len(COUNTRIES)]
        profiles[s.id] = (SEGMENTS[index % len(SEGMENTS)], country)
    return profiles


def select_cases(cases: list[Case], split: str, ids: list[str] | None, what: str) -> list[Case]:
    """The runner's gate: a held-out id is refused unless the held-out split was asked for."""
    splits = split_of(cases)
    if ids:
        unknown = sorted(set(ids) - set(splits))
        if unknown:
            raise ValueError(f"unknown {what} ids: {unknown}")
        blocked = sorted(i for i in ids if splits[i] != split)
        if blocked:
            raise PermissionError(f"{blocked} belong to another split; pass --split {splits[blocked[0]]} to run them")
        return [c for c in cases if c.id in ids]
    return [c for c in cases if splits[c.id] == split]


def select(scenarios: list[Scenario], split: str, ids: list[str] | None = None) -> list[Scenario]:
    return select_cases(scenarios, split, ids, "scenario")
