from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from quipu.adapters.http.deps import ContainerDep, OperatorDep, SupervisorDep, UuidText, still_signed_in
from quipu.adapters.http.errors import ApiError
from quipu.adapters.http.live import event_stream
from quipu.adapters.postgres.console_store import UnknownConversation

router = APIRouter(prefix="/api/console", tags=["operator console"])
ConversationId = Annotated[UuidText, Path()]


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


class QueueItem(ConversationHead):
    case_id: str | None
    priority: str | None
    sla_due_at: datetime | None
    reason_codes: list[str] | None


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
    case_file: dict
    status: str
    created_at: datetime


class Thread(ConversationHead):
    outcome: str | None
    started_at: datetime
    messages: list[ThreadMessage]
    cases: list[Case]


class ReplyIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, max_length=2000)


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


@router.get("/queue", summary="Conversations, waiting for a person first, then the newest")
async def queue(
    _: OperatorDep,
    container: ContainerDep,
    status: Literal["bot", "waiting", "human"] | None = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 100,
) -> list[QueueItem]:
    return [QueueItem(**row) for row in await container.console.queue(status=status, limit=limit)]


@router.get("/conversations/{conversation_id}", summary="The whole thread and its case files")
async def thread(conversation_id: ConversationId, _: OperatorDep, container: ContainerDep) -> Thread:
    try:
        return Thread(**await container.console.thread(conversation_id))
    except UnknownConversation:
        raise ApiError("unknown_conversation") from None


@router.post("/conversations/{conversation_id}/reply", summary="Answer the customer; the chat is yours until released")
async def reply(conversation_id: ConversationId, body: ReplyIn, operator: OperatorDep, container: ContainerDep) -> dict:
    try:
        message_id = await container.console.reply(conversation_id, operator.operator_id, body.text.strip())
    except UnknownConversation:
        raise ApiError("unknown_conversation") from None
    return {"message_id": message_id, "status": "human"}


@router.post("/conversations/{conversation_id}/release", summary="Give the conversation back to the assistant")
async def release(conversation_id: ConversationId, operator: OperatorDep, container: ContainerDep) -> dict:
    try:
        await container.console.release(conversation_id, operator.operator_id)
    except UnknownConversation:
        raise ApiError("unknown_conversation") from None
    return {"status": "bot"}


@router.get("/dashboard", summary="Live figures from the database (supervisors only)")
async def dashboard(
    _: SupervisorDep, container: ContainerDep, days: Annotated[int, Query(ge=1, le=90)] = 7
) -> Dashboard:
    return Dashboard(**await container.console.dashboard(days))


@router.get("/events", summary="Server-Sent Events: a conversation changed (any process, via LISTEN/NOTIFY)")
async def events(request: Request, _: OperatorDep, container: ContainerDep):
    allowed = still_signed_in(request, container, "operator")
    return event_stream(request, container.live, lambda conversation_id: True, still_allowed=allowed)
