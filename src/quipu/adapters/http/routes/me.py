from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, Field

from quipu.adapters.http.deps import CustomerDep, ServicesDep, still_signed_in
from quipu.adapters.http.errors import ApiError
from quipu.adapters.http.live import event_stream
from quipu.application.disputes import DisputeLine
from quipu.application.views import ConversationSummary, Message, Movement, Product, SentMessage
from quipu.domain.threads import conversation_id
from quipu.domain.transfer_text import card_text, waiting_text

router = APIRouter(prefix="/api/me", tags=["me"])
ThreadId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_.:-]{1,64}$")]


class MeOut(BaseModel):
    customer_id: str
    first_name: str | None
    language: str
    stepped_up: bool
    locale: str = Field(description="es-MX, es-CO, es-AR or pt-BR: how the pages write amounts, dates and times")
    time_zone: str = Field(description="The customer's clock (IANA): the bank's own times are shown in it")
    decimal_comma: bool = Field(description="1.234,56 (true) or 1,234.56 (false), as code writes amounts")


class Card(BaseModel):
    """A confirmation card of this conversation, redrawn from what the bank stored (its state as it is now)."""

    kind: str
    created_at: datetime
    view: dict


@dataclass(frozen=True)
class Conversation(ConversationSummary):
    messages: list[Message] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)


@router.get("", summary="The signed-in customer")
async def me(who: CustomerDep, services: ServicesDep) -> MeOut:
    greeting = await services.views.greeting(who.customer_id)
    fresh = who.stepped_up(services.clock(), services.identity.limits.step_up_window)
    place = greeting.locale
    return MeOut(
        customer_id=who.customer_id,
        first_name=greeting.first_name,
        language=greeting.language,
        stepped_up=fresh,
        locale=place.tag,
        time_zone=place.time_zone,
        decimal_comma=place.decimal_comma,
    )


@router.get("/outbox", summary="What the bank sent the customer (simulated mail is stored, not sent)")
async def outbox(
    who: CustomerDep, services: ServicesDep, limit: Annotated[int, Query(ge=1, le=50)] = 20
) -> list[SentMessage]:
    return await services.views.sent(who.customer_id, limit)


@router.get("/conversations", summary="Earlier conversations, most recent first")
async def conversations(
    who: CustomerDep, services: ServicesDep, limit: Annotated[int, Query(ge=1, le=100)] = 30
) -> list[ConversationSummary]:
    return await services.views.conversations(who.customer_id, limit)


@router.get("/conversations/{thread_id}", summary="One conversation with its messages")
async def conversation(thread_id: ThreadId, who: CustomerDep, services: ServicesDep) -> Conversation:
    found = await services.views.conversation(who.customer_id, thread_id)
    if found is None:
        raise ApiError("unknown_conversation")
    cards = [
        Card(
            kind="actions",
            created_at=proposed_at,
            view=(await services.gateway.view(who.customer_id, batch_id)).json_ready(),
        )
        for batch_id, proposed_at in found.batches
    ]
    cards += [Card(kind="transfer", created_at=t["created_at"], view=transfer_view(t)) for t in found.transfers]
    head = {f.name: getattr(found, f.name) for f in fields(ConversationSummary)}
    return Conversation(**head, messages=found.messages, cards=sorted(cards, key=lambda c: c.created_at))


def transfer_view(row: dict) -> dict:
    view = {
        "transfer_id": row["transfer_id"],
        "text": card_text(row["summary"], row["language"], waiting=False),
        "waiting_text": waiting_text(row["language"]),  # the page shows it only while the card waits
        "kind": row["summary"].get("kind"),
        "expires_at": row["expires_at"].isoformat(),
        "status": row["status"],
        "currency": row["currency"],
    }
    if row["status"] == "executed":
        view |= {"receipt": row["receipt"], "new_balance": str(row["origin_balance_after"])}
    return view


@router.get("/products", summary="Mis productos: each product's status, balance and last movements")
async def products(who: CustomerDep, services: ServicesDep) -> list[Product]:
    return await services.views.products(who.customer_id)


@router.get("/products/{product_id}/movements", summary="All the movements of one product, newest first")
async def movements(
    product_id: Annotated[str, Path(pattern=r"^[A-Za-z0-9_.:-]{1,64}$")],
    who: CustomerDep,
    services: ServicesDep,
    limit: Annotated[int, Query(ge=1, le=500)] = 200,
) -> list[Movement]:
    found = await services.views.movements(who.customer_id, product_id, limit)
    if found is None:
        raise ApiError("unknown_product")
    return found


@router.get("/disputes", summary="Mis aclaraciones: the disputes the customer opened, open ones first")
async def disputes(who: CustomerDep, services: ServicesDep) -> list[DisputeLine]:
    return await services.disputes.listed(who.customer_id)


@router.get("/conversations/{thread_id}/events", summary="Server-Sent Events: this conversation changed")
async def conversation_events(thread_id: ThreadId, request: Request, who: CustomerDep, services: ServicesDep):
    mine = str(conversation_id(who.customer_id, thread_id))
    allowed = still_signed_in(request, services, "customer")
    return event_stream(request, services.events, lambda changed: changed == mine, still_allowed=allowed)
