"""The customer's button, in one unit of work: lock the customer, lock the proposal, close it when expired,
lock and re-check every row it touches, post both sides, store the receipt, log the decision and queue the
e-mail, then commit. A second confirm finds the proposal settled and answers with the stored result."""

import uuid
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime
from decimal import Decimal

from quipu.application.transfer_ports import StoredTransfer, TransferUnitOfWork
from quipu.application.transfer_results import Settled
from quipu.domain.locale import local, locale_of
from quipu.domain.mail import OutgoingMail
from quipu.domain.transfer_text import receipt
from quipu.domain.transfers import Blocked, Limits, Transfer, check, check_bill
from quipu.domain.vocabulary import ACCOUNT_TYPES

Post = Callable[[], Awaitable[Decimal]]  # posts the movements; the origin's balance after


def wall_clock(t: StoredTransfer, now: datetime) -> datetime:
    """The confirm's time as the records keep a movement's: the customer's local wall clock, no offset. So the
    movement is the newest on Mis productos, dated today, not on the dataset's last day."""
    return local(now, locale_of(t.summary.get("place"), t.language)).replace(tzinfo=None)


def reference_of(transfer_id: str) -> str:
    """The reference printed on the receipt."""
    return "K-" + uuid.UUID(transfer_id).hex[:8].upper()


async def confirm_in(
    uow: TransferUnitOfWork, customer_id: str, transfer_id: str, now: datetime, limits: Limits
) -> Settled:
    """Runs inside `uow` and commits what it settles; a settled proposal is only read."""
    await uow.lock_customer(customer_id)
    t = await uow.proposal(customer_id, transfer_id)
    if t.status != "proposed":
        return t.outcome()
    if t.expires_at <= now:
        await uow.close(transfer_id, "expired", "expired")
        await uow.commit()
        return replace(t, status="expired", status_reason="expired").outcome()
    if t.kind == "pay_service":
        refused, post = await _pay_bill(uow, t, now)
    else:
        refused, post = await _move(uow, t, now, limits)
    if refused:
        await uow.close(transfer_id, "blocked", refused.reason)
        await _record(uow, t, "blocked", refused.reason)
        await uow.commit()
        return replace(t, status="blocked", status_reason=refused.reason).outcome()
    executed = await _executed(uow, t, now, await post())
    await _record(uow, t, "allowed", None, executed=True)
    await uow.commit()
    return executed.outcome()


async def cancel_in(uow: TransferUnitOfWork, customer_id: str, transfer_id: str) -> StoredTransfer:
    t = await uow.proposal(customer_id, transfer_id)
    if t.status != "proposed":
        return t
    await uow.close(transfer_id, "cancelled", "cancelled_by_customer")
    await uow.commit()
    return replace(t, status="cancelled", status_reason="cancelled_by_customer")


async def _move(
    uow: TransferUnitOfWork, t: StoredTransfer, now: datetime, limits: Limits
) -> tuple[Blocked | None, Post]:
    locked = await uow.accounts([t.origin_product_id, t.destination_product_id])
    origin, destination = locked.get(t.origin_product_id), locked.get(t.destination_product_id)
    third_party = t.kind == "third_party"
    rate = await uow.usd_rate(t.currency) if third_party else None
    sent = await uow.sent_today_usd(t.customer_id, now) if third_party else Decimal(0)
    refused = check(
        Transfer(t.kind, t.amount, origin, destination, t.customer_id),
        usd_rate=rate,
        sent_today_usd=sent,
        limits=limits,
    )
    if rate is not None:  # the rate of the day it ran counts against the daily limit, not the proposal's
        await uow.note_usd(t.transfer_id, (t.amount * rate).quantize(Decimal("0.01")))

    async def post() -> Decimal:
        assert origin is not None and destination is not None  # the re-check refused a missing account
        credit = t.amount if destination.product_type in ACCOUNT_TYPES else -t.amount  # a debt goes down
        after = await uow.add(origin.product_id, -t.amount)
        await uow.add(destination.product_id, credit)
        at = wall_clock(t, now)
        await uow.movement(t, "O", origin, "Transfer", None, None, at)
        await uow.movement(t, "D", destination, "Deposit" if credit > 0 else "Payment", None, None, at)
        return after

    return refused, post


async def _pay_bill(uow: TransferUnitOfWork, t: StoredTransfer, now: datetime) -> tuple[Blocked | None, Post]:
    origin = (await uow.accounts([t.origin_product_id])).get(t.origin_product_id)
    bill = await uow.bill(t.destination_product_id)
    refused = check_bill(t.amount, origin, bill, t.customer_id)

    async def post() -> Decimal:
        assert origin is not None and bill is not None  # the re-check refused a missing account or bill
        after = await uow.add(origin.product_id, -t.amount)
        await uow.mark_paid(bill.bill_id, now)
        await uow.movement(t, "O", origin, "Payment", bill.biller_name, "Services", wall_clock(t, now))
        return after

    return refused, post


async def _executed(
    uow: TransferUnitOfWork, t: StoredTransfer, now: datetime, balance_after: Decimal
) -> StoredTransfer:
    """The receipt is stored with the transfer and queued as an e-mail in the same transaction."""
    reference = reference_of(t.transfer_id)
    subject, body = receipt(t.summary, reference=reference, when=now, balance=balance_after, language=t.language)
    document = {"reference": reference, "executed_at": now.isoformat(), "subject": subject, "text": body}
    executed = await uow.executed(t.transfer_id, now, balance_after, document)
    email = await uow.email_of(t.customer_id)
    if email:
        mail = OutgoingMail.to_address_on_file(
            email,
            customer_id=t.customer_id,
            template="transfer_receipt",
            language=t.language,
            subject=subject,
            body=body,
            action_id=t.transfer_id,
        )
        await uow.queue_mail(mail)
    return executed


async def _record(
    uow: TransferUnitOfWork, t: StoredTransfer, decision: str, reason: str | None, executed: bool = False
) -> None:
    await uow.record(
        customer_id=t.customer_id,
        conversation_id=t.conversation_id,
        tool="confirm_transfer",
        proposed={"transfer_id": t.transfer_id},
        decision=decision,
        reason=reason,
        executed=executed,
        verified=executed,
    )
