"""What the operator console needs from storage: reads of the queue, a thread and the figures, and a unit of
work for what an operator does to a conversation (each rule one conditional write, so two operators pressing
at once cannot both hold a case)."""

from typing import Any, Protocol

from quipu.application.unit_of_work import UnitOfWork


class ConsoleUnitOfWork(UnitOfWork, Protocol):
    async def take(self, conversation_id: str, operator_id: str, *, supervisor: bool) -> str | None:
        """The conversation becomes this operator's when it waits for a person, is theirs already, or (for a
        supervisor) is anyone's; its customer, or None when the rule refused."""

    async def give_back(self, conversation_id: str, operator_id: str, *, supervisor: bool) -> tuple[str, str] | None:
        """The conversation returns to the assistant when it waits or is this operator's (any, for a supervisor);
        its (customer, language), or None when the rule refused."""

    async def status(self, conversation_id: str) -> str:
        """bot, waiting or human; raises UnknownConversation."""

    async def cases_taken(self, conversation_id: str, operator_id: str) -> None:
        """The conversation's open cases are now taken by this operator."""

    async def close_cases(self, conversation_id: str) -> None: ...
    async def operator_active(self, operator_id: str) -> bool: ...
    async def append(self, conversation_id: str, role: str, text: str, operator_id: str) -> int:
        """A message in the conversation; its id."""


class ConsoleStore(Protocol):
    async def queue(self, *, status: str | None, limit: int) -> list[dict[str, Any]]: ...
    async def thread(self, conversation_id: str, operator_id: str) -> dict[str, Any]:
        """The thread with its cases, actions and transfers; the read itself is logged first."""

    async def holder(self, conversation_id: str) -> tuple[str, str | None, str, str]:
        """(customer, holder, status, language); raises UnknownConversation."""

    async def charge_id(self, customer_id: str, charge: dict[str, Any]) -> str | None:
        """The id of the customer's one charge with this time, merchant, amount and currency (as a case file keeps
        it); None when none or several match. The investigation never lets ids out: a person's button finds them."""

    async def dashboard(self, days: int) -> dict[str, Any]: ...
    def unit_of_work(self) -> ConsoleUnitOfWork: ...
