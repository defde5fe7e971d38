from dataclasses import asdict

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from quipu.adapters.http.bodies import BearerToken, Password, StrictBody
from quipu.adapters.http.deps import OperatorDep, ServicesDep, SupervisorDep, client_of

router = APIRouter(prefix="/api/operators", tags=["operators"])


class OperatorSignIn(StrictBody):
    username: str = Field(min_length=1, max_length=64)
    password: Password


class OperatorTokenOut(BearerToken):
    operator_id: str


class OperatorOut(BaseModel):
    operator_id: str
    username: str
    display_name: str
    role: str


@router.post("/token", summary="Operator sign-in: a bearer token for the console")
async def token(body: OperatorSignIn, request: Request, services: ServicesDep) -> OperatorTokenOut:
    grant = await services.identity.sign_in_operator(body.username, body.password, client_of(request))
    return OperatorTokenOut(access_token=grant.access_token, expires_in=grant.expires_in, operator_id=grant.subject)


class SignedOutOut(BaseModel):
    signed_out: bool = True


@router.post("/logout", summary="Operator sign-out: the session ends on the server; its token stops working")
async def logout(operator: OperatorDep, services: ServicesDep) -> SignedOutOut:
    await services.identity.sign_out_operator(operator)
    return SignedOutOut()


@router.get("/me", summary="The signed-in operator")
async def me(operator: OperatorDep) -> OperatorOut:
    return OperatorOut(
        operator_id=operator.operator_id,
        username=operator.username,
        display_name=operator.display_name,
        role=operator.role,
    )


@router.get("", summary="Every operator account (supervisors only)")
async def everyone(_: SupervisorDep, services: ServicesDep) -> list[OperatorOut]:
    return [OperatorOut(**asdict(o)) for o in await services.views.operators()]
