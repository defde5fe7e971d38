"""Use case: memory across conversations (QUIPU_CHAT_MEMORY). What the bank recalls for a customer starting a new
conversation, or asking about an earlier one: their open disputes and their state, proposals still waiting for the
button, cases with a person, and the last findings of an investigation. Built from records and the earlier turns'
typed results, never from the customer's raw messages; written by code in their locale."""

from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any, Protocol, runtime_checkable

from quipu.application.disputes import DisputeStore
from quipu.application.results import Result
from quipu.domain import action_text, transfer_text
from quipu.domain.locale import Locale, local, locale_of
from quipu.domain.memory import DisputeNote, FindingNote, PersonNote, Recollection, WaitingNote, summary

MAX_FINDINGS = 2
States = Callable[[str], Awaitable[dict[str, Any]]]  # a conversation's last checkpointed turn state


@runtime_checkable
class LastTurn(Protocol):
    """The record of a conversation's last turn, as its checkpoint keeps it (agent.state.TurnRecord)."""

    @property
    def tool_calls(self) -> Sequence[Mapping[str, Any]]: ...


class MemoryStore(Protocol):
    async def place(self, customer_id: str) -> tuple[str | None, str]:
        """The customer's (country, language)."""

    async def waiting(self, customer_id: str, now: datetime, other_than: str | None) -> list[dict[str, Any]]:
        """Every proposal still waiting for the button in other conversations, as stored: an action row (action,
        params, view, language, expires_at) or a transfer (summary, language, expires_at)."""

    async def with_person(self, customer_id: str, other_than: str | None) -> list[tuple[datetime, str, bool]]:
        """(opened at, priority, a person holds it) of the customer's open cases in other conversations."""

    async def earlier(self, customer_id: str, other_than: str | None, limit: int) -> list[tuple[str, datetime]]:
        """(conversation id, last message at) of the customer's latest investigations, newest first."""


class Recalled(Result):
    """The summary code wrote and the notes it was written from (each figure of the one is in the other)."""

    evidence_lookup: str = "ops.disputes, ops.actions, ops.transfers, ops.handoff_cases, earlier turns' results"
    recalled: bool
    summary: str
    notes: dict[str, Any]


class Memory:
    def __init__(self, store: MemoryStore, disputes: DisputeStore, states: States, clock: Callable[[], datetime]):
        self.store = store
        self.disputes = disputes
        self.states = states
        self.clock = clock

    async def recall(self, customer_id: str, *, language: str | None = None, other_than: str | None = None) -> Recalled:
        """In the conversation's language (else the customer's), with their country's numbers and clock."""
        country, preferred = await self.store.place(customer_id)
        locale = locale_of(country, language or preferred)
        recollection = await self.recollection(customer_id, locale, other_than)
        return Recalled(
            recalled=not recollection.empty, summary=summary(recollection, locale), notes=_notes(recollection)
        )

    async def recollection(self, customer_id: str, locale: Locale, other_than: str | None) -> Recollection:
        now = self.clock()
        mine = await self.disputes.of_customer(customer_id, open_only=True)
        disputes = tuple(
            DisputeNote(
                d.reference,
                d.shown_status,
                d.merchant,
                d.amount,
                d.currency,
                _clock(d.promised_by, locale),
                d.overdue(now),
            )
            for d in mine
        )
        waiting = tuple(
            WaitingNote(_card(row, locale), _clock(row["expires_at"], locale))
            for row in await self.store.waiting(customer_id, now, other_than)
        )
        people = await self.store.with_person(customer_id, other_than)
        with_person = tuple(PersonNote(_clock(at, locale), p, holding) for at, p, holding in people)
        findings: dict[tuple[object, ...], FindingNote] = {}  # a charge checked twice is said once, the latest
        for conversation, at in await self.store.earlier(customer_id, other_than, MAX_FINDINGS):
            for note in _findings(await self.states(conversation), _clock(at, locale)):
                findings.setdefault((note.merchant, note.amount, note.currency, note.charge_at), note)
        return Recollection(disputes, waiting, with_person, tuple(findings.values())[:MAX_FINDINGS])


def _card(row: dict[str, Any], locale: Locale) -> str:
    """The waiting card's own sentence, as code wrote it for the customer (an action's or a transfer's)."""
    if "summary" in row:
        return transfer_text.card_text(row["summary"], locale.language, waiting=False)
    facts = (row.get("view") or {}).get("facts", {})
    return action_text.describe(row["action"], row.get("params") or {}, facts, locale.language)


def _clock(at: datetime, locale: Locale) -> datetime:
    """On the customer's clock, to the minute: what the summary says is what its notes hold."""
    return local(at, locale).replace(tzinfo=None, second=0, microsecond=0)


def _findings(values: Mapping[str, Any], seen: datetime) -> list[FindingNote]:
    """The charges the conversation's last turn found flagged, from its tools' typed results (never its words).
    A conversation last checkpointed before the turn kept a record of its own has none to give."""
    last = values.get("turn")
    calls = last.tool_calls if isinstance(last, LastTurn) else []
    results = [c.get("result") for c in calls if isinstance(c, Mapping)]
    charges = [charge for r in results if isinstance(r, dict) for charge in r.get("charges", [])]
    found = []
    for charge in charges:
        kinds = tuple(f["kind"] for f in charge.get("findings", []) if isinstance(f, dict) and "kind" in f)
        if kinds and charge.get("amount") is not None and charge.get("date"):
            at = datetime.fromisoformat(str(charge["date"]))
            amount = Decimal(str(charge["amount"]))
            found.append(FindingNote(charge.get("merchant"), amount, charge["currency"], at, kinds, seen))
    return found[:1]  # one line per earlier conversation: its first flagged charge stands for the pair


def _notes(recollection: Recollection) -> dict[str, Any]:
    return {
        "disputes": [
            vars(d) | {"amount": str(d.amount) if d.amount is not None else None} for d in recollection.disputes
        ],
        "waiting": [vars(w) for w in recollection.waiting],
        "with_person": [vars(p) for p in recollection.with_person],
        "findings": [vars(f) | {"amount": str(f.amount)} for f in recollection.findings],
    }
