"""Request dependencies, declared once: the services, the signed-in customer, the operator."""

import json
import uuid
from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import Depends, Request
from pydantic import AfterValidator

from quipu.adapters.http.client_address import real_client
from quipu.adapters.http.errors import ApiError
from quipu.application.identity import CustomerPrincipal, OperatorPrincipal
from quipu.application.ports import AuthError
from quipu.application.services import Resources, Services


def get_services(request: Request) -> Services:
    return request.app.state.services


def get_resources(request: Request) -> Resources:
    """Only for what reports on the pools themselves (/metrics); routes otherwise use the services."""
    return request.app.state.resources


ServicesDep = Annotated[Services, Depends(get_services)]
ResourcesDep = Annotated[Resources, Depends(get_resources)]


def bearer_token(request: Request) -> str:
    """Only the Authorization header carries a token; one in the query string is ignored."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError("token_missing")
    return token.strip()


async def claimed_customer_ids(request: Request) -> set[str]:
    claimed = set(request.query_params.getlist("customer_id"))
    if "json" in request.headers.get("content-type", ""):
        try:
            body = json.loads(await request.body() or b"null")
        except ValueError:
            body = None
        if isinstance(body, dict) and body.get("customer_id") is not None:
            claimed.add(str(body["customer_id"]))
    return claimed


async def current_customer(request: Request, services: ServicesDep) -> CustomerPrincipal:
    who = await services.identity.customer(bearer_token(request))
    if any(claimed != who.customer_id for claimed in await claimed_customer_ids(request)):
        raise ApiError("wrong_customer")
    return who


async def current_operator(request: Request, services: ServicesDep) -> OperatorPrincipal:
    return await services.identity.operator(bearer_token(request))


async def current_supervisor(operator: Annotated[OperatorPrincipal, Depends(current_operator)]) -> OperatorPrincipal:
    if operator.role != "supervisor":
        raise ApiError("supervisor_only")
    return operator


CustomerDep = Annotated[CustomerPrincipal, Depends(current_customer)]
OperatorDep = Annotated[OperatorPrincipal, Depends(current_operator)]
SupervisorDep = Annotated[OperatorPrincipal, Depends(current_supervisor)]


def client_of(request: Request) -> str:
    """The client rate limits and sign-in guards key on (see QUIPU_TRUSTED_PROXIES)."""
    peer = request.client.host if request.client else None
    trusted = request.app.state.services.settings.trusted_networks
    return real_client(peer, request.headers.getlist("x-forwarded-for"), trusted)


def require_actions(services: ServicesDep) -> None:
    if not services.settings.actions_enabled:
        raise ApiError("actions_disabled")


actions_on = Depends(require_actions)


def canonical_uuid(value: str) -> str:
    """A UUID in its canonical text; anything else is a 422, never a database error."""
    return str(uuid.UUID(value))


UuidText = Annotated[str, AfterValidator(canonical_uuid)]


def still_signed_in(request: Request, services: Services, kind: str) -> Callable[[], Awaitable[bool]]:
    """For long-lived responses: is the request's token (customer or operator) still good right now?"""
    token = bearer_token(request)
    check = services.identity.customer if kind == "customer" else services.identity.operator

    async def allowed() -> bool:
        try:
            await check(token)
        except AuthError:
            return False
        return True

    return allowed
