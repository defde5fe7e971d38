"""What the operator console reads: the queue, one thread with its cases and facts, and the dashboard's
figures. The stored rows are read into these models as they are; a page shows them as sent."""

from datetime import datetime
from typing import Any

from pydantic import BaseModel


class ConversationHead(BaseModel):
    conversation_id: str
    customer_id: str
    first_name: str | None
    last_name: str | None
    thread_id: str
    language: str
    status: str
    title: str | None
    skill: str | None
    last_message_at: datetime
    held_by: str | None = None
    held_by_name: str | None = None


class GroupedConversation(BaseModel):
    """Another conversation of the same customer with a case open: it rides on the line of the most urgent one."""

    conversation_id: str
    thread_id: str
    title: str | None
    status: str
    priority: str | None
    last_message_at: datetime


class QueueItem(ConversationHead):
    case_id: str | None
    priority: str | None
    sla_due_at: datetime | None
    sla_seconds_left: int | None = None
    reason_codes: list[str] | None
    grouped: list[GroupedConversation] = []


class ThreadMessage(BaseModel):
    message_id: int
    role: str
    content: str
    skill: str | None
    created_at: datetime
    operator: str | None


class Case(BaseModel):
    case_id: str
    priority: str
    sla_due_at: datetime
    reason_codes: list[str]
    case_file: dict[str, Any]  # the case file as stored
    status: str
    created_at: datetime
    sla_seconds_left: int | None = None


class Step(BaseModel):  # proposed or done in the conversation, in the words code wrote for the customer
    kind: str
    text: str
    status: str
    state: str


class ConversationFacts(BaseModel):  # what the case file carries, from what the conversation stored
    asked: list[str]
    found: list[str]
    charges: list[dict[str, Any]]  # {charge, findings, investigated}, as the case files stored them
    steps: list[Step]


class CardOut(BaseModel):
    product_id: str
    product_type: str
    last4: str | None
    status: str


class Thread(ConversationHead):
    outcome: str | None
    started_at: datetime
    # the customer's locale: the case file and the thread write their amounts and times as the customer reads them
    locale: str
    time_zone: str
    decimal_comma: bool
    messages: list[ThreadMessage]
    cases: list[Case]
    facts: ConversationFacts
    cards: list[CardOut]
    mine: bool


class HandoffReason(BaseModel):
    reason: str
    cases: int


class Dashboard(BaseModel):
    days: int
    conversations: int
    without_person: int
    waiting: int
    with_person: int
    first_response_p50_seconds: float | None
    handoffs_by_reason: list[HandoffReason]
