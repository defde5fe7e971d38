from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request
from pydantic import Field

from quipu.adapters.http.bodies import StrictBody
from quipu.adapters.http.deps import OperatorDep, ServicesDep, SupervisorDep, UuidText, still_signed_in
from quipu.adapters.http.errors import ApiError
from quipu.adapters.http.live import event_stream
from quipu.application.console import NotAllowed, Staff, UnknownConversation
from quipu.application.console_results import Dashboard, QueueItem, Thread
from quipu.application.identity import OperatorPrincipal

router = APIRouter(prefix="/api/console", tags=["operator console"])
ConversationId = Annotated[UuidText, Path()]


class AssignIn(StrictBody):
    operator_id: str = Field(pattern=r"^[0-9a-fA-F-]{36}$")


class ActIn(StrictBody):
    action: Literal["block_card", "open_payment_inquiry"]
    params: dict[str, str] = Field(max_length=3)


class ReplyIn(StrictBody):
    text: str = Field(min_length=1, max_length=2000)


def staff(operator: OperatorPrincipal) -> Staff:
    return Staff(operator.operator_id, operator.role)


async def guarded(work):
    """One place that turns the console's refusals into the API's error shape."""
    try:
        return await work
    except UnknownConversation:
        raise ApiError("unknown_conversation") from None
    except NotAllowed as refused:
        raise ApiError(refused.code) from None


@router.get("/queue", summary="Waiting first, then held; by priority, then the least SLA time left")
async def queue(
    _: OperatorDep,
    services: ServicesDep,
    status: Literal["bot", "waiting", "human"] | None = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 100,
) -> list[QueueItem]:
    return await services.console.queue(status=status, limit=limit)


@router.get("/conversations/{conversation_id}", summary="The whole thread, its facts and case files (read is logged)")
async def thread(conversation_id: ConversationId, operator: OperatorDep, services: ServicesDep) -> Thread:
    return await guarded(services.console.thread(conversation_id, staff(operator)))


@router.post("/conversations/{conversation_id}/take", summary="Hold a handed-off case (one operator at a time)")
async def take(conversation_id: ConversationId, operator: OperatorDep, services: ServicesDep) -> dict:
    await guarded(services.console.take(conversation_id, staff(operator)))
    return {"status": "human", "held_by": operator.operator_id}


@router.post("/conversations/{conversation_id}/assign", summary="A supervisor gives the case to an operator")
async def assign(
    conversation_id: ConversationId, body: AssignIn, operator: SupervisorDep, services: ServicesDep
) -> dict:
    await guarded(services.console.assign(conversation_id, staff(operator), body.operator_id))
    return {"status": "human", "held_by": body.operator_id}


@router.post("/conversations/{conversation_id}/reply", summary="Answer the customer in a case you hold")
async def reply(conversation_id: ConversationId, body: ReplyIn, operator: OperatorDep, services: ServicesDep) -> dict:
    message_id = await guarded(services.console.reply(conversation_id, staff(operator), body.text.strip()))
    return {"message_id": message_id, "status": "human"}


@router.post("/conversations/{conversation_id}/release", summary="Give the conversation back to the assistant")
async def release(conversation_id: ConversationId, operator: OperatorDep, services: ServicesDep) -> dict:
    await guarded(services.console.release(conversation_id, staff(operator)))
    return {"status": "bot"}


@router.post("/conversations/{conversation_id}/actions", summary="Act for the customer through the action gateway")
async def act(conversation_id: ConversationId, body: ActIn, operator: OperatorDep, services: ServicesDep) -> dict:
    card = await guarded(services.console.act(conversation_id, staff(operator), body.action, body.params))
    return card.json_ready()


@router.get("/dashboard", summary="Live figures from the database (supervisors only)")
async def dashboard(_: SupervisorDep, services: ServicesDep, days: Annotated[int, Query(ge=1, le=90)] = 7) -> Dashboard:
    return await services.console.dashboard(days)


@router.get("/events", summary="Server-Sent Events: a conversation changed (any process, via LISTEN/NOTIFY)")
async def events(request: Request, _: OperatorDep, services: ServicesDep):
    allowed = still_signed_in(request, services, "operator")
    return event_stream(request, services.events, lambda conversation_id: True, still_allowed=allowed)
