"""What a skill plugs into a turn: its hooks.py's `act` (read the words, call the skill's tools) and `answer`
(write the reply from what the tools returned). The loader hands the agent these, typed; never a dict of names."""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Protocol

from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.turn import SkillTurn
from quipu.application.skills.voice import Voice

# what `act` found: the calls that answer, the one question that completes the words, or nothing to go on
Found = list[ToolOutcome[Result]] | str | None
HOOKS = ("act", "answer")  # what every skill's hooks.py defines


class SkillHooks(Protocol):
    """A skill's two hooks, as the agent calls them."""

    def act(self, turn: SkillTurn, /) -> Awaitable[Found]: ...

    def answer(self, outcomes: list[ToolOutcome[Result]], voice: Voice, /) -> str: ...


@dataclass(frozen=True)
class LoadedHooks:
    """The hooks found in a skill's hooks.py module."""

    act: Callable[[SkillTurn], Awaitable[Found]]
    answer: Callable[[list[ToolOutcome[Result]], Voice], str]


def hooks_of(skill: str, module: ModuleType) -> SkillHooks:
    """The module's `act` and `answer`, or an error naming the ones it lacks."""
    missing = [name for name in HOOKS if not callable(getattr(module, name, None))]
    if missing:
        raise ValueError(f"skill {skill} lacks the hooks {', '.join(missing)} in its hooks.py")
    return LoadedHooks(act=module.act, answer=module.answer)
