"""What the HTTP edge answers when quipu cannot take a turn now: the model is saturated or past the turn's
deadline (503), or one customer sends faster than the per-customer limit or while a turn of theirs is still
being answered (429). All carry Retry-After and
an ES/PT text, and neither stores anything."""

import logging
import math
from datetime import datetime

import psycopg
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from psycopg_pool import PoolTimeout

from quipu.adapters.metrics import TURNS_REFUSED
from quipu.application.identity import RateLimiter
from quipu.application.ports import AuthError, ModelBusy
from quipu.application.turn_gate import TurnInFlight
from quipu.domain.texts.errors import ERRORS

log = logging.getLogger("quipu.http")
DATABASE_RETRY_SECONDS = 2


class TooManyMessages(Exception):
    def __init__(self, retry_after: int):
        super().__init__("too_many_messages")
        self.retry_after = retry_after


def refused(code: str, retry_after: int) -> JSONResponse:
    text = ERRORS[code]
    return JSONResponse(
        {"error": code, "message": text.en, "messages": {"es": text.es, "pt": text.pt}, "retry_after": retry_after},
        status_code=text.status,
        headers={"Retry-After": str(retry_after)},
    )


def install_backpressure(app: FastAPI) -> None:
    @app.exception_handler(ModelBusy)
    async def model_busy(_: Request, error: ModelBusy):
        return refused("model_busy", error.retry_after)

    @app.exception_handler(psycopg.OperationalError)
    @app.exception_handler(PoolTimeout)
    async def database_unavailable(request: Request, error: Exception):
        # a database restart or an exhausted pool: retry shortly, never a 500
        log.warning("database unavailable on %s", request.url.path, exc_info=error)
        return refused("service_unavailable", DATABASE_RETRY_SECONDS)

    @app.exception_handler(TooManyMessages)
    async def too_many(_: Request, error: TooManyMessages):
        return refused("too_many_messages", error.retry_after)

    @app.exception_handler(TurnInFlight)
    async def one_at_a_time(_: Request, error: TurnInFlight):
        TURNS_REFUSED.labels("turn_in_flight").inc()
        return refused("turn_in_flight", error.retry_after)


class ChatLimiter:
    """A fixed one-minute window per customer, counted in PostgreSQL so every API process shares it."""

    def __init__(self, rate: RateLimiter, per_minute: int, clock):
        self.rate = rate
        self.per_minute = per_minute
        self.clock = clock

    async def check(self, customer_id: str) -> None:
        try:
            await self.rate.admit(f"chat:{customer_id}", self.per_minute, "too_many_messages")
        except AuthError:
            now: datetime = self.clock()
            window = now.replace(second=0, microsecond=0)
            TURNS_REFUSED.labels("rate_limited").inc()
            raise TooManyMessages(max(1, math.ceil(60 - (now - window).total_seconds()))) from None
