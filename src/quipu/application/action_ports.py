"""The action gateway's contracts: the stored row of one action, what the gateway needs from storage, facts,
effects, hand-offs and the decision log, and the refusals it raises."""

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from quipu.application.unit_of_work import UnitOfWork
from quipu.domain.actions import Facts
from quipu.domain.case_files import CaseFile


class TransientError(Exception):
    """Worth another attempt."""


class PermanentError(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class UnknownBatch(Exception):
    """No such batch for this customer: the same answer whether it exists for someone else or not."""


class NotSignedIn(Exception):
    pass


@dataclass(frozen=True)
class ActionRow:
    action_id: str
    batch_id: str
    position: int
    customer_id: str
    conversation_id: str | None
    action: str
    params: dict[str, Any]
    view: dict[str, Any]
    decision: str
    reason: str | None
    status: str
    language: str
    expires_at: datetime
    attempts: int = 0
    result: dict[str, Any] = field(default_factory=dict)
    resumed: bool = False  # claimed from a stale `executing`: the effect may already be there

    @property
    def idempotency_key(self) -> str:
        return f"{self.batch_id}:{self.position}"


class ProposalUnitOfWork(UnitOfWork, Protocol):
    """One proposal of a customer: what the caps count and what it inserts, in one transaction."""

    async def lock(self, customer_id: str) -> None:
        """Until this unit ends, no other proposal of the customer counts or inserts (every process)."""

    async def supersede(self, customer_id: str, conversation_id: str | None, now: datetime) -> None: ...
    async def escalation_open(self, customer_id: str, conversation_id: str | None) -> bool:
        """A case the gateway opened for this conversation that no operator has closed yet."""

    async def escalations_since(self, customer_id: str, since: datetime) -> int: ...
    async def emails_since(self, customer_id: str, since: datetime, now: datetime) -> int:
        """Summary e-mails sent, being sent, or still waiting for their button."""

    async def insert(self, rows: list[ActionRow], now: datetime) -> None: ...
    async def file_case(self, case: CaseFile, now: datetime) -> None:
        """The case and its conversation's wait for a person, in this transaction."""


class ActionStore(Protocol):
    def unit_of_work(self) -> ProposalUnitOfWork: ...
    async def claim(
        self, customer_id: str, batch_id: str, now: datetime, stale_before: datetime
    ) -> list[ActionRow]: ...
    async def claim_stuck(self, now: datetime, stuck_before: datetime, customer_id: str | None) -> list[ActionRow]: ...
    async def emails_since(self, customer_id: str, since: datetime, other_than: str | None = None) -> int: ...
    async def batch(self, customer_id: str, batch_id: str) -> list[ActionRow]: ...
    async def finish(self, row: ActionRow, now: datetime) -> None: ...
    async def close_waiting(
        self, customer_id: str, batch_id: str, status: str, reason: str, now: datetime, only_expired: bool
    ) -> int: ...


class ActionFacts(Protocol):
    async def facts(self, customer_id: str, action: str, params: dict[str, Any]) -> tuple[Facts, dict[str, Any]]: ...


class Effects(Protocol):
    async def apply(self, row: ActionRow, batch: list[ActionRow]) -> dict[str, Any]: ...
    async def read_back(self, row: ActionRow) -> bool: ...
    async def recorded(self, row: ActionRow) -> dict[str, Any]: ...


class Handoffs(Protocol):
    async def file(self, case: CaseFile) -> None: ...


class Audit(Protocol):
    async def log(
        self,
        *,
        customer_id: str,
        conversation_id: str | None,
        tool: str,
        proposed: dict[str, Any],
        decision: str | None = None,
        reason: str | None = None,
        executed: bool = False,
        verified: bool = False,
    ) -> None: ...
