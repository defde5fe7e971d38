"""What the transfers use case returns: the options and bills to pick from, a proposal's answer (a question,
a refusal, or the card to confirm) and a settled transfer. Amounts are Decimal (JSON strings) with their
currency. These shapes send their unknown values as null, as the skill's answers and the pages read them."""

from datetime import date, datetime
from decimal import Decimal
from typing import Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    SerializerFunctionWrapHandler,
    computed_field,
    field_serializer,
    model_serializer,
)

from quipu.application.results import Result
from quipu.domain.transfer_text import settled_text

TransferStatus = Literal["proposed", "executed", "cancelled", "expired", "blocked"]
Missing = Literal["amount", "origin", "destination", "bill"]  # what code asks the customer for
FROZEN = ConfigDict(frozen=True)


class AccountOption(BaseModel):
    """An account the money can leave from or go to."""

    model_config = FROZEN
    product_type: str
    last4: str | None
    currency: str
    balance: Decimal | None


class DebtOption(BaseModel):
    """A card or loan the customer can pay."""

    model_config = FROZEN
    product_type: str
    last4: str | None
    currency: str
    debt: Decimal | None


class BillOption(BaseModel):
    model_config = FROZEN
    service: str
    amount: Decimal
    currency: str


class TransferOptions(Result):
    keeps_nulls: ClassVar[bool] = True
    evidence_lookup: str = "core.products"
    accounts: list[AccountOption]
    debts: list[DebtOption]


class BillLine(BaseModel):
    model_config = FROZEN
    service: str
    biller: str
    reference: str | None
    amount: Decimal
    currency: str
    due_date: date


class ServiceBills(Result):
    keeps_nulls: ClassVar[bool] = True
    evidence_lookup: str = "core.service_bills"
    bills: list[BillLine]


class Clarification(Result):
    """What code asks before it can propose; `options` are what the customer picks from (may be empty)."""

    keeps_nulls: ClassVar[bool] = True
    status: Literal["needs_clarification"] = "needs_clarification"
    missing: Missing
    options: list[AccountOption | DebtOption | BillOption]
    ask: str  # in the customer's language


class Refusal(Result):
    keeps_nulls: ClassVar[bool] = True
    status: Literal["blocked"] = "blocked"
    reason: str
    response_code: str
    detail: str


class Confirmation(BaseModel):
    """The card the customer confirms: code's labels and sentence, stored with the proposal."""

    model_config = FROZEN
    transfer_id: str
    kind: str
    amount: Decimal
    currency: str
    origin: str
    destination: str
    place: str | None  # the customer's country: how amounts are written on the card
    expires_at: datetime
    text: str

    @field_serializer("expires_at")
    def _expires(self, at: datetime) -> str:
        return at.isoformat()


class Proposed(Result):
    keeps_nulls: ClassVar[bool] = True
    status: Literal["proposed"] = "proposed"
    confirmation: Confirmation


ProposalAnswer = Clarification | Refusal | Proposed


class Receipt(BaseModel):
    """Stored with the transfer; its fields in the order the stored JSON gives them back."""

    model_config = FROZEN
    text: str
    subject: str
    reference: str
    executed_at: str


class Settled(Result):
    """What confirm and cancel return: the same stored receipt however often they are asked. The receipt and
    the new balance are sent only when the money moved; the reason only when it did not. `text` is the card's
    sentence, written by code in the language of the proposal: the receipt when the money moved, else why not."""

    keeps_nulls: ClassVar[bool] = True
    transfer_id: str
    status: TransferStatus
    kind: str
    amount: Decimal
    currency: str
    language: str
    receipt: Receipt | None = None
    new_balance: Decimal | None = None
    reason: str | None = None
    response_code: str | None = None

    only_when: ClassVar[frozenset[str]] = frozenset({"receipt", "new_balance", "reason", "response_code"})

    @computed_field  # type: ignore[prop-decorator]
    @property
    def text(self) -> str | None:
        if self.status == "executed" and self.receipt is not None:
            return self.receipt.text
        return settled_text(self.status, self.reason, self.language)

    @model_serializer(mode="wrap")
    def _by_status(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        said = {"receipt", "new_balance"} if self.status == "executed" else set()
        if self.status in ("blocked", "expired", "cancelled"):
            said = {"reason", "response_code"} if self.status == "blocked" and self.reason else {"reason"}
        if data.get("text") is None:
            data.pop("text", None)
        return {k: v for k, v in data.items() if k in said or k not in self.only_when}
