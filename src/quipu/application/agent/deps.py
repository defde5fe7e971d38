"""What the agent needs, typed by role; built by the composition root, faked in tests."""

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Protocol

from quipu.application.action_ports import Audit, Handoffs
from quipu.application.actions import Gateway
from quipu.application.agent.state import TurnState
from quipu.application.ports import LanguageModel, SkillToolsPort
from quipu.application.skills.manifest import Skill
from quipu.application.transfer_results import Settled
from quipu.application.turn_case import turn_case
from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.understanding import Understanding


class PendingTransfers(Protocol):
    async def cancel(self, customer_id: str, transfer_id: str) -> Settled: ...


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
    handoffs: Handoffs  # files the case a person takes
    audit: Audit
    understanding: Understanding  # reads each message once
    catalog: Catalog  # the intents the skills declare
    transfers: PendingTransfers  # a correction cancels the transfer proposal it replaces
    trace: Callable[..., AbstractContextManager[Span]] = field(default=lambda *a, **k: _NullSpan())
    rephrase: bool = False

    async def open_case(self, state: TurnState, reason: str) -> str:
        """A person takes the turn: code's case file, filed through the hand-off port."""
        case = turn_case(state, reason)
        await self.handoffs.file(case)
        return case.case_id


def offered(deps: AgentDeps, signed_in: bool) -> list[Skill]:
    return [s for s in deps.skills if signed_in or not s.sign_in]
