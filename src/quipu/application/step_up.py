"""Use case: a signed-in customer proves it again with a one-time code sent to their mailbox."""

import hmac
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from quipu.application.identity import CustomerPrincipal
from quipu.application.ports import AuthError, Outbox, StepUpStore
from quipu.domain.contact import mask_email
from quipu.domain.step_up import CODE_MINUTES, CODE_TRIES, code_mail, well_formed


@dataclass(frozen=True)
class CodeSent:
    destination: str
    expires_in: int


@dataclass(frozen=True)
class SteppedUp:
    step_up_at: datetime
    valid_until: datetime


class StepUp:
    def __init__(
        self,
        store: StepUpStore,
        outbox: Outbox,
        *,
        new_code: Callable[[], str],
        hash_code: Callable[[str, str], str],
        clock: Callable[[], datetime],
        window: timedelta,
    ):
        self.store = store
        self.outbox = outbox
        self.new_code = new_code
        self.hash_code = hash_code
        self.clock = clock
        self.window = window

    async def request(self, who: CustomerPrincipal) -> CodeSent:
        code = self.new_code()
        expires = self.clock() + timedelta(minutes=CODE_MINUTES)
        await self.store.replace_code(
            who.session_id, who.customer_id, self.hash_code(who.session_id, code), CODE_TRIES, expires
        )
        contact = await self.store.contact(who.customer_id)
        subject, body = code_mail(contact.language, code)
        destination = mask_email(contact.email)
        await self.outbox.deliver(
            customer_id=who.customer_id,
            template="step_up_code",
            language=contact.language,
            destination=destination,
            delivered_to=contact.email,
            subject=subject,
            body=body,
        )
        return CodeSent(destination, CODE_MINUTES * 60)

    async def verify(self, who: CustomerPrincipal, code: str) -> SteppedUp:
        stored = await self.store.latest_code(who.session_id)
        now = self.clock()
        if stored is None:
            raise AuthError("step_up_not_requested")
        if stored.used or stored.tries_left <= 0 or stored.expires_at <= now:
            raise AuthError("step_up_code_expired")
        expected = self.hash_code(who.session_id, code.strip())
        if not (well_formed(code.strip()) and hmac.compare_digest(expected, stored.code_hash)):
            await self.store.spend_try(stored.code_id)
            raise AuthError("step_up_code_invalid")
        if not await self.store.use_code(stored.code_id, who.session_id, now):
            raise AuthError("step_up_code_expired")
        return SteppedUp(now, now + self.window)
