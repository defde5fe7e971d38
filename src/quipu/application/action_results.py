"""What the actions tools return: the customer's cards and recent charges to pick from, and the proposal stored
for the customer's button (the card they confirm)."""

from decimal import Decimal
from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from quipu.application.action_view import ActionCard
from quipu.application.investigation_results import ListedCharge
from quipu.application.results import Result

PROPOSAL_NOTE = "shown to the customer as a card with a button; do not say it is done"


class CardLine(BaseModel):
    model_config = ConfigDict(frozen=True)
    product_id: str  # what a proposal names the card by
    product_type: str
    last4: str | None
    balance: Decimal | None
    status: str | None  # the effective status (Active, Blocked, Cancelled, Closed, Suspended)
    currency: str | None = None


class MyCards(Result):
    keeps_nulls: ClassVar[bool] = True  # a card without its last four or its balance says so
    evidence_lookup: str = "core.products, ops.card_actions"
    cards: list[CardLine]


class RecentCharges(Result):
    evidence_lookup: str = "core.transactions"
    charges: list[ListedCharge]


class ActionProposal(Result):
    keeps_nulls: ClassVar[bool] = True  # the card is sent as the page reads it, its nulls included
    proposal: ActionCard
    note: str = PROPOSAL_NOTE
