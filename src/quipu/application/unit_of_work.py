"""The unit of work the use cases write through: one transaction whose writes land together on `commit()`;
leaving the block without it undoes them. Each flow's port adds the reads and writes it needs."""

from types import TracebackType
from typing import Any, Protocol, Self


class Contention(Exception):
    """The database gave up on this transaction (a deadlock or a serialization failure); worth another try."""


class UnitOfWork(Protocol):
    async def __aenter__(self) -> Self: ...
    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        """Rolls back whatever was not committed; a deadlock or serialization failure leaves as Contention."""

    async def commit(self) -> None: ...
    async def record(self, **decision: Any) -> None:
        """One decision-log row, in this transaction (the same writer as the audit port)."""
