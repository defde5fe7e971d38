"""What the accounts use cases return. Amounts are Decimal (JSON strings, exact cents) with their currency;
a value the records do not have is left out, never shown as 0."""

from datetime import date
from decimal import Decimal

from pydantic import BaseModel, Field

from quipu.application.results import Result


class ProductLine(BaseModel):
    product_type: str
    last4: str | None = None
    currency: str
    status: str
    current_balance: Decimal | None = None
    credit_limit: Decimal | None = None
    credit_available: Decimal | None = None


class Balances(Result):
    evidence_lookup: str = "core.products"
    as_of: date
    products: list[ProductLine] = Field(default_factory=list)
    totals: dict[str, dict[str, Decimal]] = Field(default_factory=dict)  # {group: {currency: total}}
    totals_rule: str = "Active products only, per group and per currency; currencies are never added together"


class Debt(BaseModel):
    product_type: str
    last4: str | None = None
    currency: str
    debt: Decimal | None = None
    interest_rate: Decimal | None = None  # annual percent
    days_past_due: int | None = None
    status: str
    statement_date: date | None = None
    due_date: date | None = None
    statement_balance: Decimal | None = None
    minimum_payment: Decimal | None = None  # cards: the minimum payment; loans: the installment
    past_due_amount: Decimal | None = None
    remaining_installments: int | None = None
    as_of: date | None = None  # the billing row's date


class Debts(Result):
    evidence_lookup: str = "core.products, core.billing"
    as_of: date
    billing_provenance: str
    debts: list[Debt] = Field(default_factory=list)


class ProductCount(BaseModel):
    count: int
    active: int


class Profile(Result):
    """Never the document number, e-mail or phone. Without the customer, only `found: false`."""

    evidence_lookup: str = "core.customers, core.products"
    found: bool
    first_name: str | None = None
    last_name: str | None = None
    city: str | None = None
    country: str | None = None
    segment: str | None = None
    preferred_language: str | None = None
    customer_status: str | None = None
    customer_since: date | None = None
    tenure_years: int | None = None
    products: dict[str, ProductCount] | None = None  # {product type: counts}
