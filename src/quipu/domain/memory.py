"""What the assistant remembers of a customer's earlier conversations: never their messages, only what the bank's
records say is still going on (disputes, proposals waiting for the button, cases with a person) and the last
findings of an investigation. Pure: typed notes in, code's sentences out, every figure grounded in the notes."""

import json
from dataclasses import asdict, dataclass, field
from datetime import datetime
from decimal import Decimal

from quipu.domain import records_text
from quipu.domain.grounding import ungrounded
from quipu.domain.locale import Locale, local_moment, money
from quipu.domain.texts import by_language, memory
from quipu.domain.words import listing

TEXT: dict[str, dict[str, str]] = by_language(memory.MEMORY)
PRIORITY: dict[str, dict[str, str]] = by_language(memory.PRIORITY)
FINDING: dict[str, dict[str, str]] = by_language(memory.FINDING)


@dataclass(frozen=True)
class DisputeNote:
    reference: str
    status: str  # open, in_review
    merchant: str | None
    amount: Decimal | None
    currency: str | None
    promised_by: datetime  # on the customer's clock (naive)
    overdue: bool


@dataclass(frozen=True)
class WaitingNote:
    text: str  # the card's own sentence, as code wrote it
    expires_at: datetime  # on the customer's clock (naive)


@dataclass(frozen=True)
class PersonNote:
    opened_at: datetime  # on the customer's clock (naive)
    priority: str
    holding: bool  # a person has taken it (else it waits for one)


@dataclass(frozen=True)
class FindingNote:
    merchant: str | None
    amount: Decimal
    currency: str
    charge_at: datetime  # the record's local time
    kinds: tuple[str, ...]
    seen_at: datetime  # when the bank told the customer, on their clock (naive)


@dataclass(frozen=True)
class Recollection:
    disputes: tuple[DisputeNote, ...] = ()
    waiting: tuple[WaitingNote, ...] = ()
    with_person: tuple[PersonNote, ...] = ()
    findings: tuple[FindingNote, ...] = field(default_factory=tuple)

    @property
    def empty(self) -> bool:
        return not (self.disputes or self.waiting or self.with_person or self.findings)

    def facts(self) -> str:
        """The notes as one source text, the only place the summary's figures may come from."""
        return json.dumps(asdict(self), default=str, ensure_ascii=False)


def _dispute(note: DisputeNote, locale: Locale) -> str:
    t = TEXT[locale.language]
    amount = money(note.amount, note.currency, locale) if note.amount is not None and note.currency else "—"
    return t["dispute_overdue" if note.overdue else "dispute"].format(
        reference=note.reference,
        merchant=records_text.quoted(records_text.merchant(note.merchant)),
        amount=amount,
        status=t.get(f"status_{note.status}", note.status),
        promised=local_moment(note.promised_by, locale),
    )


def _finding(note: FindingNote, locale: Locale) -> str:
    kinds = [FINDING[locale.language][k] for k in note.kinds if k in FINDING[locale.language]]
    return TEXT[locale.language]["finding"].format(
        seen=local_moment(note.seen_at, locale),
        merchant=records_text.quoted(records_text.merchant(note.merchant)),
        amount=money(note.amount, note.currency, locale),
        date=local_moment(note.charge_at, locale),
        kinds=listing(kinds, locale.language),
    )


def lines(recollection: Recollection, locale: Locale) -> list[str]:
    t = TEXT[locale.language]
    said = [_dispute(d, locale) for d in recollection.disputes]
    said += [t["waiting"].format(expires=local_moment(w.expires_at, locale), text=w.text) for w in recollection.waiting]
    said += [
        t["person_holding" if p.holding else "person_waiting"].format(
            opened=local_moment(p.opened_at, locale), priority=PRIORITY[locale.language].get(p.priority, p.priority)
        )
        for p in recollection.with_person
    ]
    return said + [_finding(f, locale) for f in recollection.findings]


def summary(recollection: Recollection, locale: Locale) -> str:
    """The summary a new conversation starts with; its figures are checked against the notes (a figure the notes
    do not hold drops the line that says it, so nothing ungrounded is ever said)."""
    t = TEXT[locale.language]
    source = [recollection.facts()]
    kept = [line for line in lines(recollection, locale) if not ungrounded(line, source)]
    if not kept:
        return t["nothing"]
    return "\n".join([t["intro"], *(f"• {line}" for line in kept)])
