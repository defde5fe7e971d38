"""Use case: investigate a customer's charges in the bank's own records before asking them anything."""

import logging
from dataclasses import dataclass, replace
from datetime import timedelta
from decimal import Decimal

from quipu.application.disputes import Disputes, on_clock
from quipu.application.investigation_results import (
    ChargeNotFound,
    ChargeSearch,
    CheckedCharge,
    DisputeRef,
    ListedCharge,
    Priority,
    Report,
)
from quipu.application.ports import BankRecords
from quipu.domain.dataset import DATASET_NOW
from quipu.domain.evidence import (
    Charge,
    Finding,
    findings_for,
)
from quipu.domain.investigation_facts import InvestigationFacts, PickedCharges
from quipu.domain.locale import locale_of
from quipu.domain.priority import case_priority

log = logging.getLogger("quipu.investigation")
MAX_INVESTIGATED = 3
MAX_SEARCH = 20


@dataclass(frozen=True)
class ChargeQuery:
    days: int = 30
    merchant: str | None = None
    min_amount: Decimal | None = None
    max_amount: Decimal | None = None


def charge_line(label: str, charge: Charge) -> dict[str, object]:
    """The fields of one charge the customer can recognise, for a ChargeLine."""
    return {
        "label": label,
        "date": charge.at,
        "merchant": charge.merchant,
        "amount": charge.amount,
        "currency": charge.currency,
        "status": charge.status,
        "channel": charge.channel,
        "country": charge.country,
        "city": charge.city,
    }


def listed(charges: list[Charge]) -> list[ListedCharge]:
    """Charges the customer picks from, labelled #1, #2... with the id an action on them needs."""
    return [
        ListedCharge.model_validate({**charge_line(f"#{n}", c), "transaction_id": c.transaction_id})
        for n, c in enumerate(charges, start=1)
    ]


class Investigation:
    def __init__(self, records: BankRecords, disputes: Disputes | None = None):
        self.records = records
        self.disputes = disputes  # the disputes already open: a charge that has one says so

    async def _facts(self, customer_id: str, picked: PickedCharges) -> InvestigationFacts:
        """The one way the investigation reads: every check's input for the picked charges (a check that could
        not run comes back unavailable, never as an empty answer)."""
        at_most = replace(picked, limit=MAX_INVESTIGATED + 1, checked=MAX_INVESTIGATED)
        return await self.records.investigation_facts(customer_id, at_most)

    def _report(
        self, facts: InvestigationFacts, *, found: bool | None = None, days: int | None = None, more: bool | None = None
    ) -> Report:
        charges = facts.candidates[:MAX_INVESTIGATED]
        results: list[CheckedCharge] = []
        signals: set[str] = set()
        for n, charge in enumerate(charges, start=1):
            rate = facts.usd_rates.get((charge.currency, charge.at.date())) if facts.usd_rates is not None else None
            findings = findings_for(
                charge,
                facts.neighbours or [],
                home_country=facts.home_country,
                usd_rate=rate[0] if rate else None,
                rate_date=rate[1].isoformat() if rate else None,
                sessions=facts.sessions,
            )
            public = [self._public(f, charges) for f in findings]
            signals |= {f.kind for f in findings}
            results.append(CheckedCharge.model_validate({**charge_line(f"#{n}", charge), "findings": public}))
        priority = case_priority(signals)
        return Report(
            found=found,
            count=len(charges),
            charges=results,
            priority=Priority(level=priority.priority, sla_hours=priority.sla_hours),
            unavailable=sorted(set(facts.unavailable)),
            days=days,
            more_matches=more,
        )

    @staticmethod
    def _public(finding: Finding, charges: list[Charge]) -> dict[str, object]:
        """Internal ids never leave: a duplicate names the other charge by its label, or by its time."""
        facts = dict(finding.facts)
        other = facts.pop("other_transaction_id", None)
        if other:
            labels = {c.transaction_id: f"#{n}" for n, c in enumerate(charges, start=1)}
            facts["other"] = labels.get(other, "another charge of the same merchant and amount")
        return {"kind": finding.kind, **facts}

    async def investigate_charges(self, customer_id: str, query: ChargeQuery) -> Report:
        since = DATASET_NOW - timedelta(days=query.days)
        picked = PickedCharges(
            since=since, merchant=query.merchant, min_amount=query.min_amount, max_amount=query.max_amount
        )
        facts = await self._facts(customer_id, picked)
        more = len(facts.candidates) > MAX_INVESTIGATED
        result = await self._disputed(customer_id, self._report(facts, days=query.days, more=more), facts)
        if more or (len(facts.candidates) > 1 and not any(c.findings for c in result.charges)):
            return result.model_copy(update={"ask": "several charges match: ask the customer which one before acting"})
        return result

    async def investigate_charge(self, customer_id: str, transaction_id: str) -> Report | ChargeNotFound:
        facts = await self._facts(customer_id, PickedCharges(transaction_id=transaction_id))
        if not facts.candidates:
            return ChargeNotFound()
        return await self._disputed(customer_id, self._report(facts, found=True), facts)

    async def _disputed(self, customer_id: str, report: Report, facts: InvestigationFacts) -> Report:
        """Each checked charge with the dispute already open on it, if any (without the store: as it was). The
        charges' ids are read here and never leave."""
        ids = [c.transaction_id for c in facts.candidates[: len(report.charges)]]
        if self.disputes is None or not ids:
            return report
        found = await self.disputes.store.of_customer(customer_id, transaction_ids=ids, open_only=True)
        place = locale_of(facts.home_country)  # its clock: the answer's times are the result's
        refs = {
            d.transaction_id: DisputeRef(
                reference=d.reference,
                status=d.shown_status,
                opened_at=d.opened_at,
                promised_by=d.promised_by,
                opened_local=on_clock(d.opened_at, place),
                promised_local=on_clock(d.promised_by, place),
            )
            for d in found
        }
        charges = [c.model_copy(update={"open_dispute": refs.get(i)}) for c, i in zip(report.charges, ids, strict=True)]
        return report.model_copy(update={"charges": charges})

    async def search(self, customer_id: str, query: ChargeQuery, limit: int) -> ChargeSearch:
        since = DATASET_NOW - timedelta(days=query.days)
        found = await self.records.candidate_charges(
            customer_id,
            since=since,
            merchant=query.merchant,
            min_amount=query.min_amount,
            max_amount=query.max_amount,
            limit=min(limit, MAX_SEARCH) + 1,
        )
        shown = found[: min(limit, MAX_SEARCH)]
        return ChargeSearch(
            days=query.days,
            count=len(shown),
            truncated=len(found) > len(shown),
            charges=listed(shown),
        )
