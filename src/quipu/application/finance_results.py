"""What the 'Mis finanzas' page reads: one model, sent as the page has always read it (camelCase keys, nulls
kept: a null change means no baseline, never 0 %). Amounts are Decimal, sent as exact-cent strings."""

from datetime import datetime
from decimal import Decimal
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from quipu.application.results import Result

CAMEL = ConfigDict(frozen=True, populate_by_name=True)


class Ticket(BaseModel):
    merchant: str | None
    amount: Decimal


class Totals(BaseModel):
    model_config = CAMEL
    spend: Decimal
    prev_change_pct: Decimal | None = Field(alias="prevChangePct")  # None: nothing before, no baseline
    transactions: int
    tx_per_week: Decimal = Field(alias="txPerWeek")
    avg_ticket: Decimal | None = Field(alias="avgTicket")
    max_ticket: Ticket | None = Field(alias="maxTicket")


class CategorySlice(BaseModel):
    name: str  # in the customer's language; the rest gathered in one "Others" slice
    amount: Decimal


class TopMerchant(BaseModel):
    name: str
    count: int
    unit: str  # the currency
    amount: Decimal


class AlertDispute(BaseModel):
    model_config = CAMEL
    reference: str
    status: str
    opened_at: datetime = Field(alias="openedAt")


class DuplicateAlert(BaseModel):
    model_config = CAMEL
    kind: str  # the alert kind, as the page names it
    merchant: str | None
    amount: Decimal
    currency: str
    date: str  # YYYY-MM-DD
    at: datetime  # the first charge's local time, as the records keep it
    seconds_apart: int = Field(alias="secondsApart")
    question: str  # what the alert's button sends to the chat: the pair, named by code
    dispute: AlertDispute | None = None  # already disputed: the page names it instead of inviting a review


class Notes(BaseModel):
    spending: str
    monthly: str
    tip: str


class OtherCurrency(BaseModel):
    currency: str
    spend: Decimal
    transactions: int


class FinancesPage(Result):
    model_config = CAMEL
    keeps_nulls: ClassVar[bool] = True
    client_id: str = Field(alias="clientId")
    product: str | None  # the product type bought with most, in the main currency
    country: str | None
    currency: str  # the main currency: the one bought in most often
    window_days: int = Field(alias="windowDays")
    totals: Totals
    categories: list[CategorySlice]
    monthly: list[tuple[str, Decimal]]  # [YYYY-MM, spend]
    top_merchants: list[TopMerchant] = Field(alias="topMerchants")
    alerts: list[DuplicateAlert]
    notes: Notes
    other_currencies: list[OtherCurrency] = Field(alias="otherCurrencies")
