"""Proposing a transfer: the model passes only what the customer said; code resolves the accounts (asking
when more than one fits), checks the rules, and stores the proposal and its card, or the refusal, in the
decision log. Nothing moves here: only the customer's button confirms."""

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from typing import Any

from quipu.application.action_ports import Audit
from quipu.application.caller import Caller
from quipu.application.transfer_answers import ambiguous_amount, blocked, clarify, heard_amount, option, origin_for_bill
from quipu.application.transfer_ports import Proposal, TransferStore
from quipu.application.transfer_results import (
    BillOption,
    Clarification,
    Confirmation,
    ProposalAnswer,
    Proposed,
    Refusal,
)
from quipu.domain import transfer_text
from quipu.domain.money import AmountReading, format_money
from quipu.domain.reading.slots import settles_said
from quipu.domain.reading.text import fold
from quipu.domain.transfers import (
    PROPOSAL_TTL,
    Account,
    Limits,
    Transfer,
    can_receive,
    can_send,
    check,
    check_bill,
    heard,
    heard_currency,
    matching,
    owes,
    recipient_name,
    said_token,
)

SETTLES = ("whole", "minimum")  # a debt paid by what the records say it owes


class Proposing:
    """The proposing half of the transfers use case (`Transfers` holds the store, audit, clock and limits)."""

    store: TransferStore
    audit: Audit
    clock: Callable[[], datetime]
    limits: Limits

    async def propose_transfer(
        self,
        who: Caller,
        *,
        kind: str,
        amount: object | None = None,
        settle: str | None = None,
        from_last4: str | None = None,
        to_last4: str | None = None,
        from_type: str | None = None,
        to_type: str | None = None,
        to_account_number: str | None = None,
        to_customer_id: str | None = None,
        from_currency: str | None = None,
        to_currency: str | None = None,
    ) -> ProposalAnswer:
        place = await self.store.country(who.customer_id)
        # "liquídala": what a debt owes is the records' figure, read once the debt is found; an amount said wins. As an
        # amount must stand in the customer's words, so must the settling ("todo", "el mínimo"): never the model's
        said = who.said is None or settle in settles_said(who.said, who.language)
        settles = settle if kind == "pay_debt" and amount is None and settle in SETTLES and said else None
        value = None if settles else heard_amount(amount, who.said, place, who.language)
        if value is None and not settles:
            return clarify("amount", [], who.language)
        mine = await self.store.accounts(who.customer_id)
        if isinstance(value, AmountReading):
            currency = next((a.currency for a in mine if can_send(a)), "")
            return ambiguous_amount(value, currency, place, who.language)
        last4, kind_of = heard(who.said, last4=from_last4, product_type=from_type)
        in_currency, to_in_currency = heard_currency(who.said, from_currency), heard_currency(who.said, to_currency)
        senders = matching([a for a in mine if can_send(a)], last4=last4, product_type=kind_of, currency=in_currency)
        if not [a for a in mine if can_send(a)]:
            return await self._blocked(who, "no_source_account", kind, value)
        if kind == "own_accounts" and len(senders) != 1:  # the account they send to is not an origin to offer
            to_heard = (*heard(who.said, last4=to_last4, product_type=to_type), to_in_currency)
            targets = (
                matching(mine, last4=to_heard[0], product_type=to_heard[1], currency=to_heard[2])
                if any(to_heard)
                else []
            )
            if len(targets) == 1:
                pool = senders or [a for a in mine if can_send(a)]
                senders = [a for a in pool if a.product_id != targets[0].product_id]
        if len(senders) != 1:
            return clarify("origin", [option(a) for a in senders or [a for a in mine if can_send(a)]], who.language)
        origin = senders[0]
        destination = await self._destination(
            who,
            kind,
            origin,
            mine,
            (to_last4, to_type, to_in_currency),
            to_account_number,
            to_customer_id,
        )
        if isinstance(destination, Clarification | Refusal):
            return destination
        if settles:
            value = await self._owed(destination, settles)
        if not isinstance(value, Decimal):
            return clarify("amount", [], who.language)
        return await self._check_and_store(who, Transfer(kind, value, origin, destination, who.customer_id))

    async def _owed(self, debt: Account, settles: str) -> Decimal | None:
        """All a card or loan owes, or its minimum payment, as the records have it; None when they have none."""
        owed = debt.balance if settles == "whole" else await self.store.minimum_payment(debt.product_id)
        return owed if owed is not None and owed > 0 else None

    async def _destination(
        self,
        who: Caller,
        kind: str,
        origin: Account,
        mine: list[Account],
        named: tuple[str | None, str | None, str | None],
        to_account_number: str | None,
        to_customer_id: str | None,
    ) -> Account | Clarification | Refusal:
        """`named`: the destination's ending, type and currency as the tool got them (the currency already heard)."""
        if kind == "third_party":
            return await self._recipient(who, to_account_number, to_customer_id, origin)
        to_last4, to_type, currency = named
        last4, kind_of = heard(who.said, last4=to_last4, product_type=to_type)
        pool = (
            [a for a in mine if owes(a)]
            if kind == "pay_debt"
            else [a for a in mine if can_receive(a) and a.product_id != origin.product_id]
        )
        if not pool:
            return blocked("nothing_to_pay" if kind == "pay_debt" else "no_other_account")
        found = matching(pool, last4=last4, product_type=kind_of, currency=currency)
        if not found and not last4 and kind == "pay_debt" and len(pool) == 1:
            # "abonarle 200 al crédito" (Colombia: the loan) with one debt in the records: that one, shown on the card
            found = pool
        if len(found) != 1:
            return clarify("destination", [option(a, debt=kind == "pay_debt") for a in found or pool], who.language)
        return found[0]

    async def _recipient(
        self, who: Caller, number: str | None, customer_id: str | None, origin: Account
    ) -> Account | Clarification | Refusal:
        if bool(number) == bool(customer_id):
            return clarify("destination", [], who.language)
        if number and said_token(str(number), who.said):
            found = await self.store.by_account_number(str(number))
        elif customer_id and said_token(str(customer_id), who.said):
            found = await self.store.oldest_account(str(customer_id).upper(), origin.currency)
        else:
            return clarify("destination", [], who.language)
        return found if found is not None else blocked("recipient_not_found")

    async def _check_and_store(self, who: Caller, t: Transfer) -> Refusal | Proposed:
        assert t.origin is not None and t.destination is not None  # the callers found both before asking
        now = self.clock()
        rate = await self.store.usd_rate(t.origin.currency) if t.kind == "third_party" else None
        sent = await self.store.sent_today_usd(who.customer_id, now) if t.kind == "third_party" else Decimal(0)
        refused = check(t, usd_rate=rate, sent_today_usd=sent, limits=self.limits)
        if refused:
            return await self._blocked(who, refused.reason, t.kind, t.amount)
        destination = await self._destination_label(t, who.language)
        summary = {
            "kind": t.kind,
            "amount": str(t.amount),
            "currency": t.origin.currency,
            "origin": transfer_text.account_label(t.origin.product_type, t.origin.last4, who.language),
            "destination": destination,
            "place": await self.store.country(who.customer_id),
        }
        usd = (t.amount * rate).quantize(Decimal("0.01")) if rate is not None else None
        return await self._store(
            who,
            summary,
            t.origin.product_id,
            t.destination.product_id,
            t.destination.customer_id if t.kind == "third_party" else None,
            usd,
        )

    async def _destination_label(self, t: Transfer, language: str) -> str:
        assert t.destination is not None  # checked before a label is written
        if t.kind != "third_party":
            return transfer_text.account_label(t.destination.product_type, t.destination.last4, language)
        first, last = await self.store.recipient_name(t.destination.customer_id)
        return recipient_name(first, last)

    async def _store(
        self,
        who: Caller,
        summary: dict[str, Any],
        origin: str,
        destination: str,
        destination_customer: str | None,
        usd: Decimal | None,
    ) -> Proposed:
        expires = self.clock() + PROPOSAL_TTL
        transfer_id = await self.store.propose(
            Proposal(
                customer_id=who.customer_id,
                conversation_id=who.conversation_id,
                kind=summary["kind"],
                origin=origin,
                destination=destination,
                destination_customer=destination_customer,
                amount=Decimal(summary["amount"]),
                currency=summary["currency"],
                amount_usd=usd,
                summary=summary,
                language=who.language,
                expires_at=expires,
            )
        )
        await self.audit.log(
            customer_id=who.customer_id,
            conversation_id=who.conversation_id,
            tool="propose_transfer",
            proposed={"transfer_id": transfer_id, **summary},
            decision="needs_confirmation",
        )
        card = {**summary, "expires_at": expires, "text": transfer_text.card_text(summary, who.language)}
        return Proposed(confirmation=Confirmation.model_validate({"transfer_id": transfer_id, **card}))

    async def _blocked(self, who: Caller, reason: str, kind: str, amount: object) -> Refusal:
        await self.audit.log(
            customer_id=who.customer_id,
            conversation_id=who.conversation_id,
            tool="propose_transfer",
            proposed={"kind": kind, "amount": str(amount)},
            decision="blocked",
            reason=reason,
        )
        return blocked(reason)

    async def propose_service_payment(
        self,
        who: Caller,
        *,
        service: str | None = None,
        from_last4: str | None = None,
        from_type: str | None = None,
        from_currency: str | None = None,
    ) -> ProposalAnswer:
        bills = await self.store.bills(who.customer_id)
        if service:
            # "telefono" is the bill of "teléfono": accents and case are no part of a name
            bills = [b for b in bills if fold(str(service)) in (fold(b.category), fold(b.biller_name))]
        if len(bills) != 1:
            return clarify(
                "bill",
                [
                    BillOption(service=b.category, amount=b.amount, currency=b.currency)
                    for b in bills or await self.store.bills(who.customer_id)
                ],
                who.language,
            )
        bill = bills[0]
        mine = await self.store.accounts(who.customer_id)
        last4, kind_of = heard(who.said, last4=from_last4, product_type=from_type)
        senders = matching(
            [a for a in mine if can_send(a) and a.currency == bill.currency],
            last4=last4,
            product_type=kind_of,
            currency=heard_currency(who.said, from_currency),
        )
        if len(senders) != 1:
            if not [a for a in mine if can_send(a) and a.currency == bill.currency]:
                return await self._blocked(who, "no_source_account", "pay_service", bill.amount)
            place = await self.store.country(who.customer_id)
            ask = origin_for_bill(
                transfer_text.bill_label(bill.biller_name, bill.reference, who.language),
                format_money(bill.amount, bill.currency, place or who.language),
                who.language,
            )
            return clarify("origin", [option(a) for a in senders or mine if can_send(a)], who.language, ask)
        refused = check_bill(bill.amount, senders[0], bill, who.customer_id)
        if refused:
            return await self._blocked(who, refused.reason, "pay_service", bill.amount)
        summary = {
            "kind": "pay_service",
            "amount": str(bill.amount),
            "currency": bill.currency,
            "origin": transfer_text.account_label(senders[0].product_type, senders[0].last4, who.language),
            "destination": transfer_text.bill_label(bill.biller_name, bill.reference, who.language),
            "place": await self.store.country(who.customer_id),
        }
        return await self._store(who, summary, senders[0].product_id, bill.bill_id, bill.biller_id, None)
