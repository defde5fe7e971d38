"""What a skill's `act` hook sees of the turn, and the tools it calls through."""

from dataclasses import dataclass, field
from typing import Any, Protocol

from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.domain.reading.model import Clause, Product, Slots


class ToolCaller(Protocol):
    async def call(
        self, tool: str, arguments: dict[str, Any], *, also: bool = False, note: dict[str, Any] | None = None
    ) -> ToolOutcome[Result]: ...


@dataclass(frozen=True)
class SkillTurn:
    """What a skill's `act` hook sees of the turn: the intent the router chose, the clause it answers (on a
    follow-up, the earlier words read together with these), this turn's clause alone, the language, the
    skill's own tools, the arguments of the skill's last call in the conversation, and the products the
    conversation's last request named when these words point at one of them ("desde esa cuenta")."""

    intent: str
    clause: Clause
    latest: Clause
    language: str
    tools: ToolCaller
    earlier: dict[str, Any] = field(default_factory=dict)
    follow_up: bool = False
    country: str | None = None
    waits: bool = False  # the skill's last card still waits for the button
    pointed_at: tuple[Product, ...] = ()

    @property
    def slots(self) -> Slots:
        return self.clause.slots

    @property
    def now(self) -> Slots:
        """What this turn's words alone say (they win over the earlier words they follow)."""
        return self.latest.slots
