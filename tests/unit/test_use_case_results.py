"""The typed results the use cases return send the same JSON the tools and pages always sent."""

from datetime import datetime
from decimal import Decimal

import pytest
from pydantic import ValidationError

from quipu.application.investigation_results import CheckedCharge, Priority, Report
from quipu.application.transfer_results import Settled


def report(*findings: dict) -> Report:
    charge = CheckedCharge.model_validate(
        {
            "label": "#1",
            "date": datetime(2026, 6, 11, 9, 0, 4),
            "amount": Decimal("312.40"),
            "currency": "MXN",
            "status": "Approved",
            "findings": list(findings),
        }
    )
    return Report(count=1, charges=[charge], priority=Priority(level="Medium", sla_hours=24))


def test_a_finding_keeps_its_unknown_facts_as_null_while_the_charge_leaves_them_out():
    sent = report(
        {"kind": "possible_fraud", "fraud_score": None},
        {"kind": "foreign_purchase", "country": "USA", "city": None},
    ).json_ready()
    charge = sent["charges"][0]
    assert charge["date"] == "2026-06-11 09:00:04" and charge["amount"] == "312.40"
    assert "merchant" not in charge and "city" not in charge  # a charge's unknown value is left out
    assert charge["findings"] == [
        {"kind": "possible_fraud", "fraud_score": None},  # the check ran; the record has no score
        {"kind": "foreign_purchase", "country": "USA", "city": None},  # no rate found: the rate fields are left out
    ]
    assert "found" not in sent and "ask" not in sent and sent["unavailable"] == []


def test_a_foreign_purchase_with_its_rate_sends_the_rate_as_exact_strings():
    rated = {"kind": "foreign_purchase", "country": "USA", "city": "Miami", "usd_rate": Decimal("0.0543"),
             "rate_date": "2026-06-11", "amount_usd": Decimal("16.96")}  # fmt: skip
    assert report(rated).json_ready()["charges"][0]["findings"] == [
        {
            "kind": "foreign_purchase",
            "country": "USA",
            "city": "Miami",
            "usd_rate": "0.0543",
            "rate_date": "2026-06-11",
            "amount_usd": "16.96",
        }  # fmt: skip
    ]


def test_a_finding_of_an_unknown_kind_is_refused():
    with pytest.raises(ValidationError):
        report({"kind": "foreign_transaction"})


def settled(status: str, **fields) -> dict:
    return Settled.model_validate(
        {
            "transfer_id": "t",
            "status": status,
            "kind": "own_accounts",
            "amount": Decimal("5.00"),
            "currency": "MXN",
            "language": "es",
            **fields,
        }  # fmt: skip
    ).json_ready()


def test_a_settled_transfer_sends_only_what_its_status_says():
    assert settled("cancelled") == {"transfer_id": "t", "status": "cancelled", "kind": "own_accounts",
                                    "amount": "5.00", "currency": "MXN", "language": "es", "reason": None,
                                    "text": "Cancelaste la transferencia; no movimos dinero."}  # fmt: skip
    assert settled("blocked", reason="over_daily_limit", response_code="61")["response_code"] == "61"
    assert "response_code" not in settled("blocked") and "reason" not in settled("proposed", reason="x")


def test_a_transfer_status_outside_the_stored_ones_is_refused():
    with pytest.raises(ValidationError):
        settled("moved")
