import asyncio
import base64
import binascii
import json
import logging
from typing import Literal

from fastapi import APIRouter
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field

from quipu.adapters.http.bodies import StrictBody
from quipu.adapters.http.deps import CustomerDep, ServicesDep
from quipu.adapters.http.errors import ApiError
from quipu.adapters.llm.queue import turn_deadline
from quipu.adapters.metrics import TURN_SECONDS, TURNS, TURNS_REFUSED
from quipu.application.action_view import ActionCard
from quipu.application.agent.state import Handoff
from quipu.application.chat import ChatTurn
from quipu.application.ports import ModelBusy
from quipu.application.transfer_results import Confirmation
from quipu.domain.statement import MAX_IMAGE_BYTES, image_kind
from quipu.domain.texts.errors import ERRORS

router = APIRouter(prefix="/api", tags=["chat"])
log = logging.getLogger("quipu.http.chat")
RUNNING: set[asyncio.Task] = set()  # turns that outlive a closed stream keep a reference here until they finish
MAX_IMAGE_BASE64 = MAX_IMAGE_BYTES * 4 // 3 + 8


class ChatIn(StrictBody):
    message: str = Field("", max_length=2000)
    image: str | None = Field(
        None, max_length=MAX_IMAGE_BASE64 + 1024, description="A statement photo, base64 (JPEG, PNG or WebP, ≤ 4 MB)."
    )
    image_type: Literal["image/jpeg", "image/png", "image/webp"] | None = None
    thread_id: str | None = Field(None, pattern=r"^[A-Za-z0-9_.:-]{1,64}$")
    customer_id: str | None = Field(None, max_length=64, description="Ignored; must match the token when sent.")


class ChatOut(BaseModel):
    reply: str | None
    thread_id: str
    language: str
    skill: str | None
    tools_used: list[str]
    handoff: Handoff | None = Field(
        description="A person takes the conversation: reason, and case_id (already_open, keep_reply when set)"
    )
    actions: ActionCard | None = Field(None, description="The actions card the customer confirms or cancels")
    confirmation: Confirmation | None = Field(
        None, description="The turn's last transfer card (kept for clients that show one); all are in confirmations"
    )
    confirmations: list[Confirmation] = Field(
        default_factory=list, description="Every transfer card the turn proposed, in order; each has its own button"
    )
    status: str
    quick_replies: list[str] = Field(
        default_factory=list, description="Answers the customer can tap; each is sent as their next message"
    )


def decoded_image(encoded: str | None) -> bytes | None:
    """Checked by its bytes, not by what the client says it is; it lives only for this request."""
    if encoded is None:
        return None
    try:
        data = base64.b64decode(encoded.split(",", 1)[-1], validate=True)
    except (binascii.Error, ValueError):
        raise ApiError("invalid_image") from None
    if not data:
        raise ApiError("empty_image")
    if len(data) > MAX_IMAGE_BYTES:
        raise ApiError("image_too_large")
    if image_kind(data) is None:
        raise ApiError("unsupported_image")
    return data


def chat_out(turn: ChatTurn) -> ChatOut:
    return ChatOut(
        reply=turn.reply,
        thread_id=turn.thread_id,
        language=turn.language,
        skill=turn.skill,
        tools_used=turn.tools_used,
        handoff=turn.handoff,
        actions=turn.actions,
        confirmation=turn.confirmation,
        confirmations=turn.confirmations,
        status=turn.status,
        quick_replies=turn.quick_replies,
    )


@router.post("/chat", summary="One chat turn; reply is null while a person holds the conversation")
async def chat(body: ChatIn, who: CustomerDep, services: ServicesDep) -> ChatOut:
    image = decoded_image(body.image)
    if not body.message.strip() and image is None:
        raise ApiError("empty_message")
    await services.chat_limit.check(who.customer_id)
    try:
        deadline = turn_deadline(services.settings.turn_deadline_seconds, customer=who.customer_id)
        async with services.turns.held(who.customer_id):
            with TURN_SECONDS.time(), deadline:
                turn = await services.chat.turn(
                    customer_id=who.customer_id,
                    signed_in=True,
                    message=body.message,
                    thread_id=body.thread_id,
                    image=image,
                )
    except ModelBusy as busy:  # answered 503 + Retry-After by the back-pressure handler; nothing was stored
        TURNS_REFUSED.labels(busy.reason).inc()
        raise
    counted(turn)
    return chat_out(turn)


def counted(turn: ChatTurn) -> None:
    handoff = turn.handoff.reason if turn.handoff else None
    TURNS.labels(turn.skill or "none", turn.outcome or turn.status, handoff or "none").inc()


@router.post(
    "/chat/stream",
    summary="The same turn, streamed as NDJSON: {step} lines while it works, then {turn} (or {error})",
    response_class=StreamingResponse,
)
async def chat_stream(body: ChatIn, who: CustomerDep, services: ServicesDep) -> StreamingResponse:
    """Steps are understanding, looking_up, writing. If the customer leaves, the turn still finishes and is stored,
    and it holds the customer's one turn in flight until it does."""
    image = decoded_image(body.image)
    if not body.message.strip() and image is None:
        raise ApiError("empty_message")
    await services.chat_limit.check(who.customer_id)
    turn_id = await services.turns.take(who.customer_id)
    steps: asyncio.Queue[str] = asyncio.Queue()

    async def progress(step: str) -> None:
        steps.put_nowait(step)

    async def held_turn() -> ChatTurn:
        try:
            return await services.chat.turn(
                customer_id=who.customer_id,
                signed_in=True,
                message=body.message,
                thread_id=body.thread_id,
                image=image,
                progress=progress,
            )
        finally:
            await services.turns.give_back(who.customer_id, turn_id)

    # the task keeps a copy of the deadline
    with turn_deadline(services.settings.turn_deadline_seconds, customer=who.customer_id):
        task = asyncio.create_task(held_turn())
    RUNNING.add(task)
    task.add_done_callback(RUNNING.discard)
    return StreamingResponse(_lines(task, steps), media_type="application/x-ndjson")


async def _lines(task: asyncio.Task, steps: asyncio.Queue):
    while not task.done() or not steps.empty():
        getting = asyncio.ensure_future(steps.get())
        await asyncio.wait({getting, task}, return_when=asyncio.FIRST_COMPLETED)
        if getting.done():
            yield json.dumps({"step": getting.result()}) + "\n"
        else:
            getting.cancel()
    try:
        turn = task.result()
    except ModelBusy as busy:  # nothing was stored; the last line says to send it again
        TURNS_REFUSED.labels(busy.reason).inc()
        text = ERRORS["model_busy"]
        busy_line = {"error": "model_busy", "retry_after": busy.retry_after, "messages": {"es": text.es, "pt": text.pt}}
        yield json.dumps(busy_line) + "\n"
        return
    except Exception:  # the same answer the plain endpoint gives for an unexpected failure, as the last line
        log.exception("streamed chat turn failed")
        text = ERRORS["internal_error"]
        yield json.dumps({"error": "internal_error", "messages": {"es": text.es, "pt": text.pt}}) + "\n"
        return
    counted(turn)
    yield json.dumps({"turn": chat_out(turn).model_dump(mode="json")}) + "\n"
