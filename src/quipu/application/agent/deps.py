"""What the agent needs, typed by role; built by the composition root, faked in tests."""

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

from quipu.application.action_ports import Audit
from quipu.application.actions import Gateway
from quipu.application.ports import LanguageModel, SkillToolsPort
from quipu.application.turn_case import build_case_file
from quipu.skills.registry import Skill


class Span(Protocol):
    def set(self, **attributes: object) -> None: ...


class _NullSpan:
    def __enter__(self) -> "_NullSpan":
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def set(self, **attributes: object) -> None:
        return None


@dataclass
class AgentDeps:
    model: LanguageModel
    skills: list[Skill]
    mcp: Callable[[], SkillToolsPort]  # the skills' tools, in process, opened per turn
    gateway: Gateway  # the action gateway: refusals are proposed through it, so they are audited like any action
    handoffs: Any  # the hand-off store: the agent opens its case with `open_case` (the gateway's port files one)
    audit: Audit
    session_meta: Callable[[dict[str, Any], str, str], object]  # who the tools act for: session, language, words said
    trace: Callable[..., AbstractContextManager[Span]] = field(default=lambda *a, **k: _NullSpan())
    rephrase: bool = False

    async def open_case(self, state: Mapping[str, Any], reason: str) -> str:
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
        case_id: str = case["case_id"]
        return case_id


def offered(deps: AgentDeps, signed_in: bool) -> list[Skill]:
    return [s for s in deps.skills if signed_in or not s.sign_in]


