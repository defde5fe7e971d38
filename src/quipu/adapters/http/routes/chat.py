import base64
import binascii
from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from quipu.adapters.http.backpressure import ChatLimiter
from quipu.adapters.http.deps import ContainerDep, CustomerDep
from quipu.adapters.http.errors import ApiError
from quipu.adapters.llm.queue import turn_deadline
from quipu.adapters.metrics import TURN_SECONDS, TURNS, TURNS_REFUSED
from quipu.application.ports import ModelBusy
from quipu.domain.statement import MAX_IMAGE_BYTES, image_kind

router = APIRouter(prefix="/api", tags=["chat"])
MAX_IMAGE_BASE64 = MAX_IMAGE_BYTES * 4 // 3 + 8


class ChatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
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
    handoff: dict | None
    actions: dict | None = None
    confirmation: dict | None = None
    status: str


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


@router.post("/chat", summary="One chat turn; reply is null while a person holds the conversation")
async def chat(body: ChatIn, who: CustomerDep, container: ContainerDep) -> ChatOut:
    image = decoded_image(body.image)
    if not body.message.strip() and image is None:
        raise ApiError("empty_message")
    settings = container.settings
    await ChatLimiter(container.pool, settings.chat_rate_per_minute, container.clock).check(who.customer_id)
    try:
        with TURN_SECONDS.time(), turn_deadline(settings.turn_deadline_seconds):
            turn = await container.chat.turn(
                customer_id=who.customer_id, signed_in=True, message=body.message, thread_id=body.thread_id, image=image
            )
    except ModelBusy as busy:  # answered 503 + Retry-After by the back-pressure handler; nothing was stored
        TURNS_REFUSED.labels(busy.reason).inc()
        raise
    handoff = (turn.handoff or {}).get("reason") if turn.handoff else None
    TURNS.labels(turn.skill or "none", turn.outcome or turn.status, handoff or "none").inc()
    return ChatOut(
        reply=turn.reply,
        thread_id=turn.thread_id,
        language=turn.language,
        skill=turn.skill,
        tools_used=turn.tools_used,
        handoff=turn.handoff,
        actions=turn.actions,
        confirmation=turn.confirmation,
        status=turn.status,
    )
