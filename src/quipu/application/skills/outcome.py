"""One tool call of a turn, as the agent and the skills' hooks pass it around and the turn's state keeps it."""

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from quipu.application.results import Result
from quipu.application.skills.results import result_of
from quipu.application.tool_results import ToolFailure

R = TypeVar("R", bound=Result, covariant=True)


@dataclass(frozen=True)
class ToolOutcome(Generic[R]):
    """One tool call of a turn: what was asked and what the records said, as the tool's typed result (or the
    failed lookup, or the refusal, that came back instead)."""

    tool: str
    arguments: dict[str, Any]
    result: R
    # it answers a request of its own, beside the turn's last lookup ("¿cuánto gasté? ¿y lo más caro?")
    also: bool = False
    # what the words asked of the answer, kept by code (never sent to a tool)
    note: dict[str, Any] = field(default_factory=dict)

    @property
    def failed(self) -> bool:
        """No result came back: the lookup failed or the tool refused the call (never a "no")."""
        return isinstance(self.result, ToolFailure)

    def stored(self) -> dict[str, Any]:
        """The call as the turn's state keeps it (JSON, checkpointed): what the chat turn, the case file and the
        evaluation read."""
        return {
            "tool": self.tool,
            "arguments": self.arguments,
            "result": self.result.json_ready(),
            **({"also": True} if self.also else {}),
            **({"note": self.note} if self.note else {}),
        }

    @staticmethod
    def from_stored(entry: dict[str, Any]) -> "ToolOutcome[Result]":
        """The call read back from the turn's state, its result typed again by the tool's result model."""
        tool = entry["tool"]
        result = result_of(tool, entry["result"])
        return ToolOutcome(tool, entry["arguments"], result, bool(entry.get("also")), entry.get("note") or {})
