"""Use case: investigate a customer's charges in the bank's own records before asking them anything."""

import logging
from dataclasses import dataclass, replace
from datetime import timedelta
from decimal import Decimal
from typing import Any

from quipu.application.ports import BankRecords
from quipu.domain.dataset import DATASET_NOW
from quipu.domain.evidence import (
    Charge,
    Finding,
    findings_for,
)
from quipu.domain.investigation_facts import InvestigationFacts, PickedCharges
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


def charge_view(label: str, charge: Charge) -> dict[str, Any]:
    view = {
        "label": label,
        "date": charge.at.isoformat(sep=" "),
        "merchant": charge.merchant,
        "amount": str(charge.amount),
        "currency": charge.currency,
        "status": charge.status,
        "channel": charge.channel,
        "country": charge.country,
        "city": charge.city,
    }
    return {k: v for k, v in view.items() if v is not None}


class Investigation:
    def __init__(self, records: BankRecords):
        self.records = records

    async def _facts(self, customer_id: str, picked: PickedCharges) -> InvestigationFacts:
        """The one way the investigation reads: every check's input for the picked charges (a check that could
        not run comes back unavailable, never as an empty answer)."""
        at_most = replace(picked, limit=MAX_INVESTIGATED + 1, checked=MAX_INVESTIGATED)
        return await self.records.investigation_facts(customer_id, at_most)

    def _report(self, facts: InvestigationFacts) -> dict[str, Any]:
        charges = facts.candidates[:MAX_INVESTIGATED]
        results, signals = [], set()
        for n, charge in enumerate(charges, start=1):
            rate = facts.usd_rates.get((charge.currency, charge.at.date())) if facts.usd_rates is not None else None
            found = findings_for(
                charge,
                facts.neighbours or [],
                home_country=facts.home_country,
                usd_rate=rate[0] if rate else None,
                rate_date=rate[1].isoformat() if rate else None,
                sessions=facts.sessions,
            )
            public = [self._public(f, charges) for f in found]
            signals |= {f["kind"] for f in public}
            results.append({**charge_view(f"#{n}", charge), "findings": public})
        priority = case_priority(signals)
        return {
            "evidence_lookup": "core.transactions, core.app_sessions, core.fx_rates",
            "count": len(charges),
            "charges": results,
            "priority": {"level": priority.priority, "sla_hours": priority.sla_hours},
            "unavailable": sorted(set(facts.unavailable)),
        }

    @staticmethod
    def _public(finding: Finding, charges: list[Charge]) -> dict[str, Any]:
        """Internal ids never leave: a duplicate names the other charge by its label, or by its time."""
        facts = dict(finding.facts)
        other = facts.pop("other_transaction_id", None)
        if other:
            labels = {c.transaction_id: f"#{n}" for n, c in enumerate(charges, start=1)}
            facts["other"] = labels.get(other, "another charge of the same merchant and amount")
        return {"kind": finding.kind, **facts}

    async def investigate_charges(self, customer_id: str, query: ChargeQuery) -> dict[str, Any]:
        since = DATASET_NOW - timedelta(days=query.days)
        picked = PickedCharges(
            since=since, merchant=query.merchant, min_amount=query.min_amount, max_amount=query.max_amount
        )
        facts = await self._facts(customer_id, picked)
        result = self._report(facts)
        result["days"] = query.days  # the window searched: the answer says it
        result["more_matches"] = len(facts.candidates) > MAX_INVESTIGATED
        if result["more_matches"] or (len(facts.candidates) > 1 and not any(c["findings"] for c in result["charges"])):
            result["ask"] = "several charges match: ask the customer which one before acting"
        return result

    async def investigate_charge(self, customer_id: str, transaction_id: str) -> dict[str, Any]:
        facts = await self._facts(customer_id, PickedCharges(transaction_id=transaction_id))
        if not facts.candidates:
            return {"evidence_lookup": "core.transactions", "found": False}
        return {"found": True, **self._report(facts)}

    async def search(self, customer_id: str, query: ChargeQuery, limit: int) -> dict[str, Any]:
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
        return {
            "evidence_lookup": "core.transactions",
            "days": query.days,
            "count": len(shown),
            "truncated": len(found) > len(shown),
            "charges": [
                {**charge_view(f"#{n}", c), "transaction_id": c.transaction_id} for n, c in enumerate(shown, start=1)
            ],
        }
