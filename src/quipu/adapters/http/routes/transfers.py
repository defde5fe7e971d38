"""The customer's buttons on a transfer card: confirm (after a step-up) and cancel. Served at /api/transfers and,
for clients written before the rename, at /api/khipu. The settled card comes back as the use case wrote it, its
sentence (`text`) included."""

from fastapi import APIRouter

from quipu.adapters.http.bodies import StrictBody
from quipu.adapters.http.deps import CustomerDep, ServicesDep, UuidText, actions_on
from quipu.adapters.http.errors import ApiError
from quipu.adapters.metrics import counted
from quipu.application.transfer_ports import UnknownTransfer
from quipu.application.transfers import StepUpRequired

buttons = APIRouter(tags=["transfers"], dependencies=[actions_on])


class TransferIn(StrictBody):
    transfer_id: UuidText


@buttons.post("/confirm", summary="The customer's button: move the money (needs a recent step-up)")
async def confirm(body: TransferIn, who: CustomerDep, services: ServicesDep) -> dict:
    stepped_up = who.stepped_up(services.clock(), services.identity.limits.step_up_window)
    try:
        moved = await services.money.confirm(who.customer_id, body.transfer_id, stepped_up=stepped_up)
        return counted("transfer", "confirm", moved.json_ready())
    except StepUpRequired:
        raise ApiError("step_up_required") from None
    except UnknownTransfer:
        raise ApiError("unknown_transfer") from None


@buttons.post("/cancel", summary="The customer declines the proposal")
async def cancel(body: TransferIn, who: CustomerDep, services: ServicesDep) -> dict:
    try:
        cancelled = await services.money.cancel(who.customer_id, body.transfer_id)
    except UnknownTransfer:
        raise ApiError("unknown_transfer") from None
    return counted("transfer", "cancel", cancelled.json_ready())


router = APIRouter()
router.include_router(buttons, prefix="/api/transfers")
router.include_router(buttons, prefix="/api/khipu", include_in_schema=False)  # the old URL keeps working
