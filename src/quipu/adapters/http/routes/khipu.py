from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict

from quipu.adapters.http.deps import ContainerDep, CustomerDep, UuidText, actions_on
from quipu.adapters.http.errors import ApiError
from quipu.adapters.postgres.transfers_store import UnknownTransfer
from quipu.application.transfers import StepUpRequired

router = APIRouter(prefix="/api/khipu", tags=["money movement"], dependencies=[actions_on])


class TransferIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    transfer_id: UuidText


@router.post("/confirm", summary="The customer's button: move the money (needs a recent step-up)")
async def confirm(body: TransferIn, who: CustomerDep, container: ContainerDep) -> dict:
    stepped_up = who.stepped_up(container.clock(), container.identity.limits.step_up_window)
    try:
        return await container.money.confirm(who.customer_id, body.transfer_id, stepped_up=stepped_up)
    except StepUpRequired:
        raise ApiError("step_up_required") from None
    except UnknownTransfer:
        raise ApiError("unknown_transfer") from None


@router.post("/cancel", summary="The customer declines the proposal")
async def cancel(body: TransferIn, who: CustomerDep, container: ContainerDep) -> dict:
    try:
        return await container.money.cancel(who.customer_id, body.transfer_id)
    except UnknownTransfer:
        raise ApiError("unknown_transfer") from None
