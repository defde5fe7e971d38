from datetime import datetime, timedelta
from decimal import Decimal

from quipu.domain.evidence import AppSession, Charge, duplicate_of, findings_for, fold, is_foreign
from quipu.domain.priority import case_priority

T0 = datetime(2026, 6, 11, 9, 0, 0)


def charge(tid="a", at=T0, merchant="Uber Trip", amount="312.40", currency="MXN", status="Approved", **kw) -> Charge:
    return Charge(tid, at, merchant, Decimal(amount), currency, status, **kw)


def kinds(found):
    return [f.kind for f in found]


def test_duplicate_within_600_seconds_gives_seconds_apart():
    a, b = charge("a"), charge("b", at=T0 + timedelta(seconds=4))
    assert duplicate_of(a, [a, b]) == (b, 4)
    found = findings_for(a, [a, b], home_country="México")
    assert found[0].kind == "duplicate" and found[0].facts["seconds_apart"] == 4


def test_duplicate_window_boundary_is_inclusive_at_600_and_not_beyond():
    a = charge("a")
    assert duplicate_of(a, [charge("b", at=T0 + timedelta(seconds=600))])
    assert duplicate_of(a, [charge("b", at=T0 + timedelta(seconds=601))]) is None


def test_duplicate_needs_same_merchant_amount_and_currency():
    a = charge("a")
    near = T0 + timedelta(seconds=5)
    assert duplicate_of(a, [charge("b", at=near, merchant="DiDi")]) is None
    assert duplicate_of(a, [charge("b", at=near, amount="312.41")]) is None
    assert duplicate_of(a, [charge("b", at=near, currency="USD")]) is None


def test_only_approved_or_pending_charges_count_as_duplicates():
    near = T0 + timedelta(seconds=5)
    assert duplicate_of(charge("a"), [charge("b", at=near, status="Pending")])
    assert duplicate_of(charge("a"), [charge("b", at=near, status="Declined")]) is None
    assert duplicate_of(charge("a", status="Reversed"), [charge("b", at=near)]) is None


def test_pending_and_reversed():
    assert "pending" in kinds(findings_for(charge(status="Pending"), [], home_country="México"))
    assert "reversed" in kinds(findings_for(charge(status="Reversed"), [], home_country="México"))


def test_foreign_is_accent_and_case_folded_and_unknown_is_absent():
    assert fold("MÉXICO ") == "mexico"
    assert is_foreign(charge(country="Mexico"), "México") is False
    assert is_foreign(charge(country="USA"), "México") is True
    assert is_foreign(charge(country=None), "México") is None
    assert is_foreign(charge(country="USA"), None) is None
    assert "foreign_purchase" not in kinds(findings_for(charge(country="USA"), [], home_country=None))


def test_foreign_carries_the_reference_usd_rate():
    found = findings_for(
        charge(amount="1043.00", country="USA", city="Austin"),
        [],
        home_country="México",
        usd_rate=Decimal("0.052"),
        rate_date="2026-06-14",
    )
    (foreign,) = [f for f in found if f.kind == "foreign_purchase"]
    assert foreign.facts["usd_rate"] == "0.052" and foreign.facts["amount_usd"] == "54.24"


def test_possible_fraud_from_flag_or_score_of_70():
    assert "possible_fraud" in kinds(findings_for(charge(fraud_score=Decimal("70")), [], home_country="México"))
    assert "possible_fraud" in kinds(findings_for(charge(is_fraud=True), [], home_country="México"))
    assert "possible_fraud" not in kinds(findings_for(charge(fraud_score=Decimal("69.99")), [], home_country="México"))


def test_own_app_session_overlapping_the_charge():
    session = AppSession(T0 - timedelta(minutes=7), T0 + timedelta(minutes=9), "iOS", "Guadalajara", "México", True)
    found = findings_for(charge(), [], home_country="México", sessions=[session])
    assert "own_app_session" in kinds(found)
    far = AppSession(T0 - timedelta(hours=3), T0 - timedelta(hours=2), "iOS", "Guadalajara", "México", True)
    assert "own_app_session" not in kinds(findings_for(charge(), [], home_country="México", sessions=[far]))


def test_a_check_without_its_input_is_left_out_not_reported_false():
    found = findings_for(charge(), [], home_country=None, sessions=None)
    assert found == []


def test_case_priority():
    assert (case_priority({"possible_fraud", "duplicate"}).priority, case_priority({"possible_fraud"}).sla_hours) == (
        "High",
        4,
    )
    assert (case_priority({"duplicate"}).priority, case_priority({"foreign_purchase"}).sla_hours) == ("Medium", 24)
    assert (case_priority(set()).priority, case_priority({"pending"}).sla_hours) == ("Low", 72)
