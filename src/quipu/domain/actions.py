"""The action catalog and its policy: what code allows, what needs the customer's button, what goes to a
person. Pure: facts in, decisions out. The model only proposes."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_serializer, model_validator

from quipu.domain.action_codes import REASONS as REASONS  # the vocabularies, kept apart and re-exported
from quipu.domain.action_codes import STATUSES as STATUSES
from quipu.domain.dataset import DATASET_NOW
from quipu.domain.disputes import Dispute
from quipu.domain.evidence import Charge
from quipu.domain.vocabulary import CARD_TYPES, CREDIT_CARD, CURRENCIES

MAX_ACTIONS_PER_BATCH = 3
MAX_REQUESTED = 6
CONFIRMATION_TTL = timedelta(minutes=10)
PENDING_GRACE = timedelta(days=3)
MAX_ATTEMPTS = 3
# Caps on what reaches a person or a mailbox, so no proposal (an injected one included) can flood either.
# Per turn: one escalation case stays open per conversation (a turn can add no second one) and one e-mail
# per batch (one button press). Per customer per rolling day: a handful of cases and e-mails, far above what
# a real conversation needs (the demo scenarios use at most one of each).
MAX_EMAILS_PER_BATCH = 1
MAX_ESCALATIONS_PER_DAY = 3
MAX_EMAILS_PER_DAY = 5
CAP_WINDOW = timedelta(days=1)
UNKNOWN = "unknown"

ALLOWED, NEEDS_CONFIRMATION, BLOCKED, ESCALATED = "allowed", "needs_confirmation", "blocked", "escalated"
VERDICTS = (ALLOWED, NEEDS_CONFIRMATION, BLOCKED, ESCALATED)

NEVER_AUTOMATED: dict[str, tuple[str, str]] = {
    **dict.fromkeys(
        ("transfer_money", "make_payment", "schedule_payment", "pay_card"), (BLOCKED, "money_movement_not_authorized")
    ),
    **dict.fromkeys(
        ("refund", "reverse_charge", "compensation", "provisional_credit"), (ESCALATED, "needs_human_approval")
    ),
    **dict.fromkeys(
        ("change_phone", "change_email", "change_address", "change_contact"), (ESCALATED, "identity_change")
    ),
    **dict.fromkeys(("raise_limit", "credit_eligibility"), (ESCALATED, "credit_policy")),
    "reissue_card": (ESCALATED, "physical_card"),
    "unblock_card": (ESCALATED, "unfreeze_needs_review"),
}


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CardParams(_Params):
    product_id: str = Field(min_length=1, max_length=64)


class InquiryParams(_Params):
    transaction_id: str = Field(min_length=1, max_length=64)
    note: str | None = Field(None, max_length=300)


class EmailParams(_Params):
    topic: Literal["balances", "payment_status", "movements", "case_receipt"]


ALERT_KINDS = ("duplicate_charge", "payment_due", "purchases")
MAX_ALERT_THRESHOLD = Decimal("1000000000")


class AlertParams(_Params):
    """An alert the customer switches: of repeated charges, of payments coming due, or of their purchases: each one,
    or each above an amount of their choosing (`above`, in `currency`); no other alert takes an amount."""

    kind: Literal["duplicate_charge", "payment_due", "purchases"]
    enabled: bool = True
    above: Decimal | None = Field(None, gt=0, le=MAX_ALERT_THRESHOLD, decimal_places=2)
    currency: Literal[CURRENCIES] | None = None  # type: ignore[valid-type]

    @model_validator(mode="after")
    def _amount_only_where_it_belongs(self) -> "AlertParams":
        if (self.above is None) != (self.currency is None):
            raise ValueError("an amount goes with its currency")
        if self.kind != "purchases" and self.above is not None:
            raise ValueError("only the alert of purchases takes an amount")
        return self

    @field_serializer("above")
    def _above_as_text(self, above: Decimal | None) -> str | None:  # stored as JSON: exact, never a float
        return None if above is None else str(above)


def alert_preference(params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The preference an alert writes, and reads back: its key and value."""
    value: dict[str, Any] = {"enabled": params.get("enabled", True)}
    if params.get("above") is not None:
        value |= {"above": str(params["above"]), "currency": params.get("currency")}
    return f"alert.{params['kind']}", value


class CallbackParams(_Params):
    window: Literal["morning", "afternoon", "evening"]


CATALOG: dict[str, type[_Params]] = {
    "block_card": CardParams,
    "cancel_card": CardParams,
    "open_payment_inquiry": InquiryParams,
    "send_summary_email": EmailParams,
    "set_alert": AlertParams,
    "request_callback": CallbackParams,
}
RISK = {
    "send_summary_email": "low",
    "set_alert": "low",
    "request_callback": "low",
    "open_payment_inquiry": "medium",
    "block_card": "medium",
    "cancel_card": "high",
}


@dataclass(frozen=True)
class Requested:
    action: str
    params: dict[str, Any]


@dataclass(frozen=True)
class CardFacts:
    product_id: str
    product_type: str
    last4: str | None
    core_status: str
    effective_status: str
    frozen_by_customer: bool
    days_past_due: int
    balance: Decimal | None


@dataclass(frozen=True)
class Facts:
    """What the policy needs about one requested action; None means not found for this customer."""

    card: CardFacts | None = None
    charge: Charge | None = None
    email: str | None = None
    open_dispute: Dispute | None = None  # a dispute already open on the charge: none is opened twice


@dataclass(frozen=True)
class Decision:
    verdict: str
    reason: str | None = None
    strong: bool = False


def known(action: str) -> bool:
    """A name code knows: the catalog, or what the bank never automates. Anything else is the model's word."""
    return action in CATALOG or action in NEVER_AUTOMATED


def parse(requested: Requested) -> _Params | Decision:
    """Typed params, or the decision that refuses or escalates the request before any fact is read."""
    if requested.action in NEVER_AUTOMATED:
        verdict, reason = NEVER_AUTOMATED[requested.action]
        return Decision(verdict, reason)
    model = CATALOG.get(requested.action)
    if model is None:  # an unknown name is refused: it opens no case and changes no conversation
        return Decision(BLOCKED, "unknown_action")
    try:
        return model.model_validate(requested.params)
    except ValidationError:
        return Decision(BLOCKED, "invalid_params")


def _card_action(facts: Facts, rules: Callable[[CardFacts], Decision]) -> Decision:
    """The checks every card action makes first (found, a card, not closed, not suspended), then its own rules."""
    card = facts.card
    if card is None:
        return Decision(BLOCKED, "not_found")
    if card.product_type not in CARD_TYPES:
        return Decision(BLOCKED, "not_a_card")
    if card.effective_status in ("Closed", "Cancelled"):
        return Decision(BLOCKED, "card_closed")
    if card.effective_status == "Suspended":
        return Decision(ESCALATED, "card_suspended")
    return rules(card)


def block_card(facts: Facts) -> Decision:
    return _card_action(facts, _block_rules)


def _block_rules(card: CardFacts) -> Decision:
    if card.effective_status == "Blocked":
        return Decision(BLOCKED, "already_blocked")
    if card.effective_status != "Active":
        return Decision(ESCALATED, "unknown_card_status")
    return Decision(NEEDS_CONFIRMATION)


def cancel_card(facts: Facts) -> Decision:
    return _card_action(facts, _cancel_rules)


def _cancel_rules(card: CardFacts) -> Decision:
    if card.effective_status == "Blocked" and not card.frozen_by_customer:
        return Decision(ESCALATED, "blocked_by_bank")
    if card.effective_status not in ("Active", "Blocked"):
        return Decision(ESCALATED, "unknown_card_status")
    if card.days_past_due > 0:
        return Decision(ESCALATED, "past_due")
    if card.product_type == CREDIT_CARD and (card.balance or 0) > Decimal("0.01"):
        return Decision(ESCALATED, "outstanding_balance")
    return Decision(NEEDS_CONFIRMATION, strong=True)


def open_payment_inquiry(facts: Facts, as_of: datetime = DATASET_NOW) -> Decision:
    charge = facts.charge
    if charge is None:
        return Decision(BLOCKED, "not_found")
    if facts.open_dispute is not None:
        return Decision(BLOCKED, "dispute_already_open")
    if charge.status == "Reversed":
        return Decision(BLOCKED, "already_reversed")
    if charge.status == "Declined":
        return Decision(BLOCKED, "was_declined")
    if charge.status == "Pending" and as_of - charge.at < PENDING_GRACE:
        return Decision(BLOCKED, "still_pending")
    return Decision(NEEDS_CONFIRMATION)


def send_summary_email(facts: Facts, params: EmailParams, batch_actions: list[str]) -> Decision:
    if not facts.email:
        return Decision(BLOCKED, "no_contact_on_file")
    if params.topic == "case_receipt" and "open_payment_inquiry" not in batch_actions:
        return Decision(BLOCKED, "no_case_to_confirm")
    return Decision(NEEDS_CONFIRMATION)  # mail leaves only after the customer's button


def decide(action: str, params: _Params, facts: Facts, batch_actions: list[str]) -> Decision:
    """The policy of one catalog action."""
    if action == "block_card":
        return block_card(facts)
    if action == "cancel_card":
        return cancel_card(facts)
    if action == "open_payment_inquiry":
        return open_payment_inquiry(facts)
    if action == "send_summary_email":
        assert isinstance(params, EmailParams)  # parse() builds the catalog's own type
        return send_summary_email(facts, params, batch_actions)
    return Decision(NEEDS_CONFIRMATION)


def initial_status(decision: Decision) -> str:
    """Nothing a proposal holds runs before the button: the only way to `executing` is the confirm."""
    if decision.verdict == BLOCKED:
        return "refused"
    if decision.verdict == ESCALATED:
        return "escalated"
    return "awaiting_confirmation"


def capped(
    decisions: list[Decision], actions: list[str], *, open_case: bool, escalations_today: int, emails_today: int
) -> list[Decision]:
    """The caps on cases and e-mails, applied to a batch's decisions in order."""
    room = 0 if open_case else MAX_ESCALATIONS_PER_DAY - escalations_today
    emails = min(MAX_EMAILS_PER_BATCH, MAX_EMAILS_PER_DAY - emails_today)
    out = []
    for decision, action in zip(decisions, actions, strict=True):
        if decision.verdict == ESCALATED and room <= 0:
            decision = Decision(BLOCKED, "case_already_open" if open_case else "escalation_limit")
        elif action == "send_summary_email" and decision.verdict == NEEDS_CONFIRMATION:
            if emails <= 0:
                decision = Decision(BLOCKED, "email_limit")
            emails -= 1
        out.append(decision)
    return out
