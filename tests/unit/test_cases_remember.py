"""What a new case takes from the customer's other cases and disputes, and how a dispute reads: pure rules."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from quipu.domain import case_files
from quipu.domain.actions import Facts, open_payment_inquiry
from quipu.domain.case_context import EarlierCase, due_of, followed, with_disputes
from quipu.domain.disputes import Dispute, open_on
from quipu.domain.evidence import Charge

NOW = datetime(2026, 12, 2, 15, 0, tzinfo=UTC)


def a_case(conversation="conv-2", signals=()):
    return case_files.handoff(
        case_id="new",
        customer_id="C",
        conversation_id=conversation,
        reason="action_escalated",
        request="¿y ahora qué pasa?",
        language="es",
        skill=None,
        signals=set(signals),
        verified_facts=[],
        evidence={},
        actions=[],
    )


def fraud_case(status="open", conversation="conv-1", due_in=timedelta(hours=3), closed=None):
    return EarlierCase("fraud", conversation, "High", NOW + due_in, status, closed)


def a_dispute(status="open", case_status="open", transaction_id="T1"):
    return Dispute(
        "Q-8A6518EF", transaction_id, status, NOW - timedelta(days=1), NOW + timedelta(hours=2), "Uber Trip",
        Decimal("312.40"), "MXN", datetime(2026, 6, 11, 9, 0), case_status,
    )  # fmt: skip


def test_a_follow_up_keeps_the_open_case_priority_and_its_earlier_deadline():
    case, due = due_of(a_case(), [fraud_case()], NOW)
    assert (case.priority.priority, case.record["priority"], case.record["follows"]) == ("High", "High", "fraud")
    assert due == NOW + timedelta(hours=3)  # the open case's deadline comes first: it is kept


def test_a_question_after_a_fraud_case_was_given_back_is_high_again_with_a_full_window():
    given_back = fraud_case(status="closed", conversation="conv-2", due_in=-timedelta(hours=1), closed=NOW)
    case, due = due_of(a_case(), [given_back], NOW)
    assert case.priority.priority == "High" and due == NOW + timedelta(hours=4)


def test_a_case_alone_keeps_its_own_priority_and_a_closed_case_elsewhere_counts_for_nothing():
    elsewhere = fraud_case(status="closed", conversation="conv-9", closed=NOW - timedelta(hours=1))
    old = fraud_case(status="closed", conversation="conv-2", closed=NOW - timedelta(days=2))
    case, due = due_of(a_case(signals=["duplicate"]), [elsewhere, old], NOW)
    assert case.priority.priority == "Medium" and due == NOW + timedelta(hours=24) and "follows" not in case.record


def test_a_follow_up_never_lowers_a_priority():
    low = EarlierCase("low", "conv-1", "Low", NOW + timedelta(hours=70), "open")
    case, due = due_of(a_case(signals=["possible_fraud"]), [low], NOW)
    assert case.priority.priority == "High" and due == NOW + timedelta(hours=4)


def test_the_most_urgent_open_case_is_the_one_followed():
    low = EarlierCase("low", "conv-1", "Low", NOW + timedelta(hours=1), "open")
    assert followed(a_case(), [low, fraud_case()], NOW).case_id == "fraud"


def test_every_case_names_the_open_disputes_but_not_its_own_nor_settled_ones():
    resolved = a_dispute(status="resolved", transaction_id="T2")
    case = with_disputes(a_case(), [a_dispute(), resolved])
    (listed,) = case.record["open_disputes"]
    assert listed["reference"] == "Q-8A6518EF" and listed["amount"] == "312.40" and listed["status"] == "open"
    own = case_files.inquiry(
        case_id="00000000-0000-4000-8000-000000000001", customer_id="C", conversation_id=None, language="es",
        transaction_id="T1", facts={}, note=None,
    )  # fmt: skip
    own = replace(own, record={**own.record, "reference": "Q-8A6518EF"})
    assert with_disputes(own, [a_dispute()]).record["open_disputes"] == []


def test_a_dispute_a_person_took_reads_in_review_and_an_open_one_blocks_a_second():
    assert a_dispute(case_status="taken").shown_status == "in_review"
    assert a_dispute(case_status="open").shown_status == "open"
    assert a_dispute().overdue(NOW + timedelta(hours=3)) and not a_dispute(status="resolved").overdue(NOW)
    assert open_on([a_dispute(status="rejected"), a_dispute()], "T1") is not None
    assert open_on([a_dispute(status="rejected")], "T1") is None
    charge = Charge("T1", datetime(2026, 6, 11, 9, 0), "Uber Trip", Decimal("312.40"), "MXN", "Approved")
    decision = open_payment_inquiry(Facts(charge=charge, open_dispute=a_dispute()))
    assert (decision.verdict, decision.reason) == ("blocked", "dispute_already_open")
    assert open_payment_inquiry(Facts(charge=charge)).verdict == "needs_confirmation"
