"""Use case: the operator console. Staff see the queue by risk with the SLA time left, read a thread (every read is
logged), hold one case at a time (a supervisor may reassign), answer, give it back, and act for the customer
through the same action gateway the customer's button uses, with the operator recorded as the actor."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from quipu.application.action_view import ActionCard
from quipu.application.actions import Gateway
from quipu.application.caller import Caller
from quipu.application.console_ports import ConsoleStore, ConsoleUnitOfWork
from quipu.application.console_results import ConversationFacts, Dashboard, QueueItem, Step, Thread
from quipu.domain import action_text, records_text, transfer_text
from quipu.domain.actions import Requested
from quipu.domain.agent_text import say
from quipu.domain.locale import locale_of

OPERATOR_ACTIONS = ("block_card", "open_payment_inquiry")


class Cards(Protocol):
    async def cards(self, customer_id: str) -> list[dict[str, Any]]: ...


@dataclass(frozen=True)
class Staff:
    operator_id: str
    role: str

    @property
    def supervisor(self) -> bool:
        return self.role == "supervisor"


class UnknownConversation(LookupError):
    pass


class NotAllowed(Exception):
    """Refused by the console's rules; the code names the reason (with ES/PT texts in the error table)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def conversation_facts(thread: dict[str, Any]) -> ConversationFacts:
    """Built from the stored messages, the earlier case files, the action batches and the transfers."""
    asked = [m["content"] for m in thread["messages"] if m["role"] == "customer"]
    found = [m["content"] for m in thread["messages"] if m["role"] == "assistant" and m.get("skill")]
    charges: list[dict[str, Any]] = []
    seen = set()
    for case in reversed(thread.get("cases", [])):
        for fact in (case.get("case_file") or {}).get("verified_facts") or []:
            key = repr(fact.get("charge"))
            if isinstance(fact, dict) and fact.get("charge") and key not in seen:
                seen.add(key)
                investigated = bool(fact.get("investigated", fact.get("findings")))
                charge = {**fact["charge"], "merchant": records_text.merchant(fact["charge"].get("merchant"))}
                charges.append({"charge": charge, "findings": fact.get("findings", []), "investigated": investigated})
    steps = [
        _action_step(a) for a in thread.get("actions", []) if a["status"] != "cancelled" or a["reason"] != "superseded"
    ]
    steps += [_transfer_step(t) for t in thread.get("transfers", [])]
    return ConversationFacts(asked=asked, found=found, charges=charges, steps=steps)


def _action_step(row: dict[str, Any]) -> Step:
    facts_view = (row.get("view") or {}).get("facts", {})
    if row["status"] == "verified":
        text = action_text.done(row["action"], row["params"], facts_view, row.get("result") or {}, row["language"])
    else:
        text = action_text.describe(row["action"], row["params"], facts_view, row["language"])
    state = action_text.state_text(row["status"], row["language"])
    return Step(kind="action", text=text, status=row["status"], state=state)


def _transfer_step(row: dict[str, Any]) -> Step:
    receipt = row.get("receipt") or {}
    text = receipt.get("text") or transfer_text.card_text(
        row["summary"], row["language"], waiting=row["status"] == "proposed"
    )
    return Step(kind="transfer", text=text, status=row["status"], state=row["status"])


class Console:
    def __init__(self, store: ConsoleStore, gateway: Gateway, cards: Cards, clock: Callable[[], datetime]):
        self.store = store
        self.gateway = gateway
        self.cards = cards
        self.clock = clock

    async def queue(self, *, status: str | None = None, limit: int = 100) -> list[QueueItem]:
        now = self.clock()
        rows = await self.store.queue(status=status, limit=limit)
        return [QueueItem.model_validate({**r, "sla_seconds_left": _left(r.get("sla_due_at"), now)}) for r in rows]

    async def thread(self, conversation_id: str, staff: Staff) -> Thread:
        found = await self.store.thread(conversation_id, staff.operator_id)
        now = self.clock()
        for case in found["cases"]:
            case["sla_seconds_left"] = _left(case["sla_due_at"], now)
        facts = conversation_facts(found)
        for charge in facts.charges:  # the person's buttons act on the case's own charges, found by their facts
            if charge["investigated"] and not charge["charge"].get("transaction_id"):
                charge["charge"]["transaction_id"] = await self.store.charge_id(found["customer_id"], charge["charge"])
        found["facts"] = facts
        found["cards"] = await self.cards.cards(found["customer_id"]) if found["status"] == "human" else []
        found["mine"] = found.get("held_by") == staff.operator_id
        place = locale_of(found.get("country"), found.get("language"))
        found |= {"locale": place.tag, "time_zone": place.time_zone, "decimal_comma": place.decimal_comma}
        return Thread.model_validate(found)

    async def take(self, conversation_id: str, staff: Staff) -> None:
        async with self.store.unit_of_work() as uow:
            customer_id = await _take(uow, conversation_id, staff.operator_id, staff.supervisor)
            await _did(uow, "operator_take", conversation_id, customer_id, {"operator_id": staff.operator_id})
            await uow.commit()

    async def assign(self, conversation_id: str, staff: Staff, operator_id: str) -> None:
        """A supervisor gives an open case to one (active) operator."""
        if not staff.supervisor:
            raise NotAllowed("supervisor_only")
        async with self.store.unit_of_work() as uow:
            if not await uow.operator_active(operator_id):
                raise NotAllowed("unknown_operator")
            customer_id = await _take(uow, conversation_id, operator_id, True)
            assigned = {"operator_id": staff.operator_id, "assigned_to": operator_id}
            await _did(uow, "operator_assign", conversation_id, customer_id, assigned)
            await uow.commit()

    async def reply(self, conversation_id: str, staff: Staff, text: str) -> int:
        """The operator answers a case they hold (a waiting case is taken by answering it)."""
        async with self.store.unit_of_work() as uow:
            customer_id = await _take(uow, conversation_id, staff.operator_id, False)
            message_id = await uow.append(conversation_id, "operator", text, staff.operator_id)
            await _did(uow, "operator_reply", conversation_id, customer_id, {"operator_id": staff.operator_id})
            await uow.commit()
        return message_id

    async def release(self, conversation_id: str, staff: Staff) -> None:
        """Gives the conversation back to the assistant; only its holder (or a supervisor) may."""
        async with self.store.unit_of_work() as uow:
            given = await uow.give_back(conversation_id, staff.operator_id, supervisor=staff.supervisor)
            if given is None:
                raise await _refusal(uow, conversation_id, unheld="hold_the_case_first")
            customer_id, language = given
            await uow.close_cases(conversation_id)
            await uow.append(conversation_id, "system", say("released", language), staff.operator_id)
            await _did(uow, "operator_release", conversation_id, customer_id, {"operator_id": staff.operator_id})
            await uow.commit()

    async def act(self, conversation_id: str, staff: Staff, action: str, params: dict[str, Any]) -> ActionCard:
        """Runs through the gateway: the same policy, re-check, read-back and audit as the customer's button."""
        if action not in OPERATOR_ACTIONS:
            raise NotAllowed("operator_action_not_offered")
        customer_id, held_by, status, language = await self.store.holder(conversation_id)
        if status != "human" or held_by != staff.operator_id:
            raise NotAllowed("hold_the_case_first")
        who = Caller(customer_id, True, language, conversation_id=conversation_id)
        view = await self.gateway.propose(who, [Requested(action, params)])
        if view.batch_id and any(i.status in ("awaiting_confirmation", "confirmed") for i in view.items):
            view = await self.gateway.confirm(customer_id, view.batch_id)
        async with self.store.unit_of_work() as uow:  # the operator as the actor, in the decision log
            await uow.record(
                customer_id=customer_id,
                conversation_id=conversation_id,
                tool=f"operator_action:{action}",
                proposed={"operator_id": staff.operator_id, "batch_id": view.batch_id},
                decision="allowed",
                executed=any(i.status in ("verified", "failed") for i in view.items),
                verified=any(i.status == "verified" for i in view.items),
            )
            await uow.commit()
        return view

    async def dashboard(self, days: int = 7) -> Dashboard:
        return Dashboard.model_validate(await self.store.dashboard(days))


def _left(due: datetime | None, now: datetime) -> int | None:
    return None if due is None else int((due - now).total_seconds())


async def _take(uow: ConsoleUnitOfWork, conversation_id: str, operator_id: str, supervisor: bool) -> str:
    customer_id = await uow.take(conversation_id, operator_id, supervisor=supervisor)
    if customer_id is None:
        raise await _refusal(uow, conversation_id)
    await uow.cases_taken(conversation_id, operator_id)
    return customer_id


async def _refusal(uow: ConsoleUnitOfWork, conversation_id: str, unheld: str = "held_by_another") -> NotAllowed:
    """Why the conditional write found nothing to change: nobody handed it off, another operator holds it, or
    (giving back) nobody holds it yet."""
    status = await uow.status(conversation_id)
    if status == "bot":
        return NotAllowed("not_handed_off")
    return NotAllowed(unheld if status == "waiting" else "held_by_another")


async def _did(
    uow: ConsoleUnitOfWork, tool: str, conversation_id: str, customer_id: str, proposed: dict[str, Any]
) -> None:
    await uow.record(customer_id=customer_id, conversation_id=conversation_id, tool=tool, proposed=proposed)
