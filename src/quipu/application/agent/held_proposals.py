"""Proposals of one message held back and proposed together: one card, one button, as the gateway batches them."""

from typing import Any

from quipu.application.agent.tool_caller import SkillTools
from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.tool_results import Held
from quipu.application.understanding.commands import Command


class HeldProposals:
    """A skill's tools with its proposals held back, to be proposed together as one batch."""

    MOST = 3  # the gateway's batch

    def __init__(self, tools: SkillTools, batched: str):
        self.tools, self.batched = tools, batched  # the tool that takes a batch (SKILL.md `batch:`)
        self.actions: list[dict[str, Any]] = []

    async def call(
        self, tool: str, arguments: dict[str, Any], *, also: bool = False, note: dict[str, Any] | None = None
    ) -> ToolOutcome[Result]:
        if tool == self.batched:
            self.actions += list(arguments.get("actions") or [])
            return ToolOutcome(tool, arguments, Held())
        return await self.tools.call(tool, arguments, also=also, note=note)

    async def propose(self) -> ToolOutcome[Result] | None:
        if not self.actions:
            return None
        return await self.tools.call(self.batched, {"actions": self.actions[: self.MOST]})


def grouped(commands: list[Command], batching: set[str]) -> list[list[Command]]:
    """Consecutive requests for the actions of a skill that batches them (SKILL.md `batch:`) go together; money
    moves one proposal at a time; everything else alone."""
    groups: list[list[Command]] = []
    for command in commands:
        last = groups[-1][-1] if groups else None
        together = last is not None and command.acts and last.acts and command.skill == last.skill
        if together and command.skill in batching:
            groups[-1].append(command)
        else:
            groups.append([command])
    return groups
