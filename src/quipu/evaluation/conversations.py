"""The conversation set: what customers write, turn by turn, and what a right reply holds (YAML, schema-checked).

Expected facts are named, never typed: `{fact: duplicate_pair}` is read from the database by code at run time."""

from decimal import Decimal
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from quipu.evaluation.scenarios import HELD_OUT, REGRESSION, load_cases, select_cases

SKILLS = ("balance_inquiry", "charge_investigation", "data_lookup", "account_actions", "money_movement")
CATEGORIES = ("balance", "charges", "lookup", "actions", "money", "smalltalk", "person")
FACTS = {
    # fact name: the parameters it needs (its optional ones are listed in FactSpec)
    "balances": (), "debt": (), "due_date": (), "minimum_payment": (), "duplicate_pair": (),
    "charge": ("merchant",), "largest_purchase": ("period",), "spending_total": ("period",),
    "spending_category": ("period", "category"), "spending_merchant": ("period", "merchant"),
    "top_merchant": ("period",), "movements": ("period",), "compare_periods": ("periods",),
    "exchange_rate": ("source", "target"), "complaints": (), "bills": (), "ending": ("product",),
}  # fmt: skip
PRODUCTS = ("savings", "checking", "accounts", "credit_card", "debit_card", "loan", "cards_and_loans", "usd_account")
# warning: a scam warning in the customer's language and a person, never a card
Outcome = Literal["answer", "question", "handoff", "proposal", "refusal", "warning"]
ANY = "any"  # a fresh set may leave the skill or the tools open: what matters there is the outcome


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FactSpec(Strict):
    """A fact the reply must carry, resolved from the database for the conversation's customer."""

    fact: Literal[tuple(FACTS)]  # type: ignore[valid-type]  # names read by pydantic at run time
    product: Literal[PRODUCTS] | None = None  # type: ignore[valid-type]
    period: str | None = Field(None, pattern=r"^(last_\d{1,3}_days|this_month|last_month|month:\d{4}-\d{2})$")
    periods: tuple[str, str] | None = None
    category: Literal["Food", "Transport", "Services", "Entertainment", "Health", "Other"] | None = None
    merchant: str | None = None
    order: Literal["newest", "largest"] = "newest"
    min_amount: Decimal | None = Field(None, gt=0)
    purchases: bool = Field(False, description="Approved purchases only (movements).")
    top: int = Field(3, ge=1, le=5)
    source: Literal["MXN", "COP", "ARS", "USD"] | None = None
    target: Literal["MXN", "COP", "ARS", "USD"] | None = None
    status: bool = Field(False, description="The charge's status must be said too (pending, reversed).")

    @model_validator(mode="after")
    def _needs(self) -> "FactSpec":
        missing = [p for p in FACTS[self.fact] if getattr(self, p) is None]
        if missing:
            raise ValueError(f"fact {self.fact} needs {missing}")
        return self


class Expect(Strict):
    skill: Literal[(*SKILLS, ANY)] | None = Field(  # type: ignore[valid-type]
        description="The skill that must answer; null: none (greeting, guard); any: not judged."
    )
    tools: list[str] | Literal["any"] = Field(
        default_factory=list, description="Acceptable tools; one must be called. [] = none; any: not judged."
    )
    arguments: dict = Field(default_factory=dict, description="Key arguments the chosen tool call must carry.")
    facts: list[FactSpec] = Field(default_factory=list)
    outcome: Outcome = "answer"


class Turn(Strict):
    says: str = Field(min_length=1, max_length=400)
    expect: Expect
    two_requests: bool = False


class Conversation(Strict):
    id: str = Field(pattern=r"^[a-z]+-\d{2}$")
    language: Literal["es", "pt"]
    team_made: Literal[True] = True
    region: Literal["MX", "CO", "AR", "BR", "neutral"]
    customer: str | None = Field(None, pattern=r"^DEMO-[A-Z-]+$")
    pick: str | None = Field(None, description="A named query choosing an organizer-shaped customer at run time.")
    signed_in: bool = True
    turns: list[Turn] = Field(min_length=1, max_length=6)
    note: str = ""

    @property
    def category(self) -> str:
        return self.id.split("-")[0]

    @model_validator(mode="after")
    def _who_and_what(self) -> "Conversation":
        if self.category not in CATEGORIES:
            raise ValueError(f"{self.id}: unknown category {self.category}")
        if (self.customer is None) == (self.pick is None):
            raise ValueError(f"{self.id}: name exactly one of customer or pick")
        return self


def load(directory: Path) -> list[Conversation]:
    """Every conversation in the folder's YAML files, sorted by id; a duplicate id is an error."""
    return load_cases(directory, Conversation.model_validate, "conversation")


ALL = "all"  # a fresh first-sight set is scored whole: nobody has tuned on any of it


def select(conversations: list[Conversation], split: str, ids: list[str] | None = None) -> list[Conversation]:
    """The runner's gate: whole conversations are split; a held-out id needs the held-out split."""
    if split == ALL:
        return [c for c in conversations if not ids or c.id in ids]
    if split not in (HELD_OUT, REGRESSION):
        raise ValueError(f"split must be {REGRESSION}, {HELD_OUT} or {ALL}")
    return select_cases(conversations, split, ids, "conversation")


def counts(conversations: list[Conversation]) -> dict:
    """Messages by language, follow-ups (every turn after the first) and two-request messages."""
    turns = [(c, i, t) for c in conversations for i, t in enumerate(c.turns)]
    return {
        "conversations": len(conversations),
        "messages": len(turns),
        "es": sum(1 for c, _, _ in turns if c.language == "es"),
        "pt": sum(1 for c, _, _ in turns if c.language == "pt"),
        "follow_ups": sum(1 for _, i, _ in turns if i > 0),
        "two_requests": sum(1 for _, _, t in turns if t.two_requests),
        "by_skill": {s: sum(1 for _, _, t in turns if t.expect.skill == s) for s in (*SKILLS, None)},
    }
