from datetime import datetime

from fastapi import APIRouter, Request
from pydantic import AliasChoices, BaseModel, Field

from quipu.adapters.http.bodies import BearerToken, Password, StrictBody
from quipu.adapters.http.deps import CustomerDep, ServicesDep, client_of

router = APIRouter(prefix="/api/auth", tags=["auth"])


class SignIn(StrictBody):
    user: str = Field(
        min_length=1,
        max_length=254,
        validation_alias=AliasChoices("user", "email"),
        description="Customer id or e-mail",
    )
    password: Password


class TokenOut(BearerToken):
    customer_id: str


class CodeSentOut(BaseModel):
    sent: bool = True
    channel: str = "email"
    destination: str
    expires_in: int


class VerifyCode(StrictBody):
    code: str = Field(min_length=1, max_length=12)


class SteppedUpOut(BaseModel):
    step_up_at: datetime
    valid_until: datetime


class SignedOutOut(BaseModel):
    signed_out: bool = True


@router.post("/token", summary="Customer sign-in: a 15-minute bearer token")
async def token(body: SignIn, request: Request, services: ServicesDep) -> TokenOut:
    grant = await services.identity.sign_in_customer(body.user, body.password, client_of(request))
    return TokenOut(access_token=grant.access_token, expires_in=grant.expires_in, customer_id=grant.subject)


@router.post("/step-up", summary="Send a one-time code to the customer's mailbox")
async def step_up(who: CustomerDep, request: Request, services: ServicesDep) -> CodeSentOut:
    sent = await services.step_up.request(who, client_of(request))
    return CodeSentOut(destination=sent.destination, expires_in=sent.expires_in)


@router.post("/step-up/verify", summary="Check the one-time code; money may move for a few minutes")
async def verify(body: VerifyCode, who: CustomerDep, request: Request, services: ServicesDep) -> SteppedUpOut:
    done = await services.step_up.verify(who, body.code, client_of(request))
    return SteppedUpOut(step_up_at=done.step_up_at, valid_until=done.valid_until)


@router.post("/logout", summary="Sign out: the session ends on the server; its token stops working everywhere")
async def logout(who: CustomerDep, services: ServicesDep) -> SignedOutOut:
    await services.identity.sign_out(who)
    return SignedOutOut()
