from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from quipu.adapters.http.deps import ContainerDep, CustomerDep

router = APIRouter(prefix="/api", tags=["chat"])


class ChatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    message: str = Field(min_length=1, max_length=2000)
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


@router.post("/chat", summary="One chat turn; reply is null while a person holds the conversation")
async def chat(body: ChatIn, who: CustomerDep, container: ContainerDep) -> ChatOut:
    turn = await container.chat.turn(
        customer_id=who.customer_id, signed_in=True, message=body.message, thread_id=body.thread_id
    )
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
