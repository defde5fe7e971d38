"""What the agent needs, typed by role; built by the composition root, faked in tests."""

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

from quipu.application.agent.case_file import build_case_file
from quipu.application.ports import LanguageModel
from quipu.skills.registry import Skill


class Span(Protocol):
    def set(self, **attributes) -> None: ...


class _NullSpan:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def set(self, **attributes):
        return None


@dataclass
class AgentDeps:
    model: LanguageModel
    skills: list[Skill]
    mcp: Callable[[], Any]  # an MCP client over the skills' servers, opened per turn
    gateway: Any  # the action gateway: refusals are proposed through it, so they are audited like any action
    handoffs: Any
    audit: Any
    session_meta: Callable[[dict[str, Any], str, str], dict[str, Any]]
    trace: Callable[..., AbstractContextManager[Span]] = field(default=lambda *a, **k: _NullSpan())
    rephrase: bool = False

    async def open_case(self, state: dict[str, Any], reason: str) -> str:
        case = build_case_file(state)
        session = state["session"]
        await self.handoffs.open_case(
            case_id=case["case_id"],
            customer_id=session["customer_id"],
            conversation_id=session.get("conversation_id"),
            priority=case["priority"],
            sla_hours=case["sla_hours"],
            reason_codes=[reason],
            case_file=case,
        )
        return case["case_id"]


def offered(deps: AgentDeps, signed_in: bool) -> list[Skill]:
    return [s for s in deps.skills if signed_in or not s.sign_in]


