"""What a tool call can bring back besides the tool's own result: a failed lookup the hub answers in its place
(never a "no"), or the tool's refusal of its arguments; and the output schema a tool publishes, which says both.
The agent's own steps that stand beside the tools' calls in a turn (a proposal withdrawn) are typed here too."""

from typing import Any, ClassVar, Literal

from pydantic import Field, TypeAdapter

from quipu.application.results import Result


class LookupFailed(Result):
    """A read-only tool whose lookup failed: the records could not be read, which is never a "no"."""

    error: Literal["lookup_failed"] = "lookup_failed"
    unavailable: list[str] = Field(default_factory=list)  # the tool that could not answer
    status: Literal["unavailable"] | None = None  # said when the tool's own result says a status


class ToolRefused(Result):
    """The tool refused the call (its arguments, or a customer not signed in): its reason, as /mcp says it."""

    error: Literal["tool_error"] = "tool_error"
    detail: str


ToolFailure = LookupFailed | ToolRefused
FAILURES: dict[str, type[Result]] = {"lookup_failed": LookupFailed, "tool_error": ToolRefused}


class PendingProposal(Result):
    """A proposal waiting for the customer's button, as the conversation remembers it: its id and what it said.
    A turn that withdraws it (a correction, or "cancélalo") records it as that step's result."""

    keeps_nulls: ClassVar[bool] = True
    kind: Literal["actions", "transfer"]
    id: str | None
    summary: str
    skill: str | None = None  # the skill whose card it is: a refusal of that skill's action withdraws it
    about: str | None = None  # the bill it pays ("luz"): a refusal naming one bill withdraws that bill's card only
    actions: tuple[str, ...] = ()  # the catalog's actions on it ("open_payment_inquiry"): another one refused keeps it


class Held(Result):
    """A proposal held back to be proposed together with the others the same message asked for."""

    held: Literal[True] = True


def published(result: Any, *, reads: bool = True) -> dict[str, Any]:
    """The output schema a tool publishes: its result model (or models), and, for a read-only tool, the failed
    lookup the hub answers in its place; always an object, as MCP asks of an output schema."""
    shape = result | LookupFailed if reads else result
    return {"type": "object", **TypeAdapter(shape).json_schema(mode="serialization")}
