"""The transfers use case: what the customer may send from and pay, the proposals (`transfer_proposals`), and
the button: confirm, after a step-up, in one unit of work (`transfer_confirm`), or cancel."""

from collections.abc import Callable
from datetime import datetime

from quipu.application.action_ports import Audit
from quipu.application.caller import Caller
from quipu.application.transfer_answers import account_option, debt_option
from quipu.application.transfer_confirm import cancel_in, confirm_in
from quipu.application.transfer_ports import TransferStore
from quipu.application.transfer_proposals import Proposing
from quipu.application.transfer_results import BillLine, ServiceBills, Settled, TransferOptions
from quipu.application.unit_of_work import Contention
from quipu.domain.transfers import Limits, can_send, owes

CONFIRM_ATTEMPTS = 3  # a deadlock or serialization failure is tried again, twice


class StepUpRequired(Exception):
    pass


class Transfers(Proposing):
    def __init__(self, store: TransferStore, audit: Audit, clock: Callable[[], datetime], limits: Limits = Limits()):
        self.store = store
        self.audit = audit
        self.clock = clock
        self.limits = limits

    async def options(self, who: Caller) -> TransferOptions:
        mine = await self.store.accounts(who.customer_id)
        return TransferOptions(
            accounts=[account_option(a) for a in mine if can_send(a)],
            debts=[debt_option(a) for a in mine if owes(a)],
        )

    async def bills(self, who: Caller) -> ServiceBills:
        return ServiceBills(
            bills=[
                BillLine(
                    service=b.category,
                    biller=b.biller_name,
                    reference=b.reference,
                    amount=b.amount,
                    currency=b.currency,
                    due_date=b.due_date,
                )
                for b in await self.store.bills(who.customer_id)
            ]
        )

    async def confirm(
        self,
        customer_id: str,
        transfer_id: str,
        *,
        stepped_up: bool,
        after_commit: Callable[[Settled], object] | None = None,
    ) -> Settled:
        """Moves the money at most once, however often and however concurrently the button is pressed."""
        if not stepped_up:
            raise StepUpRequired
        result = await self._confirm_once(customer_id, transfer_id)
        if result.status == "executed":
            await self.store.send_mail(transfer_id)  # after commit, holding no connection
        if after_commit:
            after_commit(result)
        return result

    async def _confirm_once(self, customer_id: str, transfer_id: str) -> Settled:
        for attempt in range(1, CONFIRM_ATTEMPTS + 1):
            try:
                async with self.store.unit_of_work() as uow:
                    return await confirm_in(uow, customer_id, transfer_id, self.clock(), self.limits)
            except Contention:
                if attempt == CONFIRM_ATTEMPTS:
                    raise
        raise AssertionError("unreachable")

    async def cancel(self, customer_id: str, transfer_id: str) -> Settled:
        async with self.store.unit_of_work() as uow:
            settled = await cancel_in(uow, customer_id, transfer_id)
        await self.audit.log(
            customer_id=customer_id, conversation_id=None, tool="cancel_transfer", proposed={"transfer_id": transfer_id}
        )
        return settled.outcome()
