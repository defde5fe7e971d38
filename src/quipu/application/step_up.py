"""Use case: a signed-in customer proves it again with a one-time code sent to their mailbox.

The code travels only in the mail itself; what the outbox keeps (and the customer API shows) holds it only
when the simulated tray is allowed to show codes (local mode, simulated mail, an explicit setting)."""

from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass
from datetime import datetime, timedelta

from quipu.application.identity import CustomerPrincipal, RateLimiter
from quipu.application.ports import AuthError, Outbox, StepUpStore
from quipu.domain.contact import mask_email
from quipu.domain.mail import OutgoingMail
from quipu.domain.step_up import CODE_MINUTES, REQUESTS_PER_MINUTE, code_mail, withheld_mail


@dataclass(frozen=True)
class CodeSent:
    destination: str
    expires_in: int


@dataclass(frozen=True)
class SteppedUp:
    step_up_at: datetime
    valid_until: datetime


@dataclass(eq=False)
class StepUp:
    store: StepUpStore
    outbox: Outbox
    _: KW_ONLY
    new_code: Callable[[], str]
    hash_code: Callable[[str, str], str]
    clock: Callable[[], datetime]
    window: timedelta
    rate: RateLimiter
    show_codes: bool = False

    async def request(self, who: CustomerPrincipal, client: str) -> CodeSent:
        now = await self._admit("step-up", who, client)
        code = self.new_code()
        expires = now + timedelta(minutes=CODE_MINUTES)
        refused = await self.store.issue_code(
            who.session_id, who.customer_id, self.hash_code(who.session_id, code), expires, now
        )
        if refused:
            raise AuthError(refused)
        contact = await self.store.contact(who.customer_id)
        subject, body = code_mail(contact.language, code)
        destination = mask_email(contact.email)
        shown = body if self.show_codes else withheld_mail(contact.language, destination)
        mail = OutgoingMail(
            customer_id=who.customer_id,
            template="step_up_code",
            language=contact.language,
            destination=destination,
            delivered_to=contact.email,
            subject=subject,
            body=shown,
        )
        await self.outbox.deliver(mail, secret_body=body)
        return CodeSent(destination, CODE_MINUTES * 60)

    async def verify(self, who: CustomerPrincipal, code: str, client: str) -> SteppedUp:
        now = await self._admit("step-up-verify", who, client)
        outcome = await self.store.try_code(
            who.session_id, who.customer_id, self.hash_code(who.session_id, code.strip()), now
        )
        if outcome != "verified":
            raise AuthError(outcome)
        return SteppedUp(now, now + self.window)

    async def _admit(self, kind: str, who: CustomerPrincipal, client: str) -> datetime:
        await self.rate.admit(f"{kind}:client:{client}", REQUESTS_PER_MINUTE, "too_many_requests")
        return await self.rate.admit(f"{kind}:customer:{who.customer_id}", REQUESTS_PER_MINUTE, "too_many_requests")
