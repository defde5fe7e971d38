from typing import Annotated

from fastapi import APIRouter, Path
from pydantic import Field

from quipu.adapters.http.bodies import StrictBody
from quipu.adapters.http.deps import CustomerDep, ServicesDep, UuidText, actions_on
from quipu.adapters.http.errors import ApiError
from quipu.adapters.metrics import counted
from quipu.application.action_ports import UnknownBatch
from quipu.application.transfers import StepUpRequired

router = APIRouter(prefix="/api/actions", tags=["actions"], dependencies=[actions_on])
BatchId = Annotated[UuidText, Path()]


class ConfirmIn(StrictBody):
    thread_id: str | None = Field(None, max_length=64)


@router.post(
    "/{batch_id}/confirm",
    summary="The customer's button: run the proposed actions once (cancelling a card needs a recent step-up)",
)
async def confirm(who: CustomerDep, services: ServicesDep, batch_id: BatchId, body: ConfirmIn | None = None) -> dict:
    stepped_up = who.stepped_up(services.clock(), services.identity.limits.step_up_window)
    try:
        return counted(
            "actions",
            "confirm",
            (await services.gateway.confirm(who.customer_id, batch_id, stepped_up=stepped_up)).json_ready(),
        )
    except StepUpRequired:
        raise ApiError("step_up_required") from None
    except UnknownBatch:
        raise ApiError("unknown_batch") from None


@router.post("/{batch_id}/cancel", summary="The customer declines the proposal")
async def cancel(who: CustomerDep, services: ServicesDep, batch_id: BatchId, body: ConfirmIn | None = None) -> dict:
    try:
        return counted("actions", "cancel", (await services.gateway.cancel(who.customer_id, batch_id)).json_ready())
    except UnknownBatch:
        raise ApiError("unknown_batch") from None
