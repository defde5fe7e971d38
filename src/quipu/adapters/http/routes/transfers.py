"""The customer's buttons on a transfer card: confirm (after a step-up) and cancel. Served at /api/transfers and,
for clients written before the rename, at /api/khipu."""

from fastapi import APIRouter

from quipu.adapters.http.bodies import StrictBody
from quipu.adapters.http.deps import CustomerDep, ServicesDep, UuidText, actions_on
from quipu.adapters.http.errors import ApiError
from quipu.adapters.metrics import counted
from quipu.application.skills.voice import Voice, templates
from quipu.application.transfer_ports import UnknownTransfer
from quipu.application.transfer_results import Settled
from quipu.application.transfers import StepUpRequired

buttons = APIRouter(tags=["transfers"], dependencies=[actions_on])
SKILL = "money_movement"  # the agent's skill whose sentences settle the card


def with_text(settled: Settled) -> dict:
    """The settled card's sentence, written by code in the language of the proposal: the receipt when the money
    moved, else why it did not (the same reason sentences the skill answers with)."""
    result = settled.json_ready()
    if settled.status == "executed" and settled.receipt is not None:
        return {**result, "text": settled.receipt.text}
    voice = Voice(SKILL, settled.language if settled.language in ("es", "pt") else "es")
    if settled.status == "blocked":
        key = f"reason_{settled.reason}"
        reason = voice.say(key if key in templates(SKILL) else "reason_other")
        return {**result, "text": voice.say("settled_blocked", reason=reason)}
    if settled.status in ("expired", "cancelled"):
        return {**result, "text": voice.say(f"settled_{settled.status}")}
    return result


class TransferIn(StrictBody):
    transfer_id: UuidText


@buttons.post("/confirm", summary="The customer's button: move the money (needs a recent step-up)")
async def confirm(body: TransferIn, who: CustomerDep, services: ServicesDep) -> dict:
    stepped_up = who.stepped_up(services.clock(), services.identity.limits.step_up_window)
    try:
        moved = await services.money.confirm(who.customer_id, body.transfer_id, stepped_up=stepped_up)
        return counted("transfer", "confirm", with_text(moved))
    except StepUpRequired:
        raise ApiError("step_up_required") from None
    except UnknownTransfer:
        raise ApiError("unknown_transfer") from None


@buttons.post("/cancel", summary="The customer declines the proposal")
async def cancel(body: TransferIn, who: CustomerDep, services: ServicesDep) -> dict:
    try:
        return counted("transfer", "cancel", with_text(await services.money.cancel(who.customer_id, body.transfer_id)))
    except UnknownTransfer:
        raise ApiError("unknown_transfer") from None


router = APIRouter()
router.include_router(buttons, prefix="/api/transfers")
router.include_router(buttons, prefix="/api/khipu", include_in_schema=False)  # the old URL keeps working
