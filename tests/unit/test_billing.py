from datetime import date, timedelta
from decimal import Decimal

from quipu.domain.billing import DebtProduct, bill_for

AS_OF = date(2026, 6, 18)


def card(balance="10000.00", days_past_due=0, status="Active", currency="MXN") -> DebtProduct:
    return DebtProduct(
        "P-1", "C-1", "Tarjeta Crédito", currency, Decimal(balance), status, days_past_due, Decimal("36")
    )


def loan(balance="48000.00", days_past_due=0, kind="Préstamo Personal") -> DebtProduct:
    return DebtProduct("L-1", "C-1", kind, "MXN", Decimal(balance), "Active", days_past_due, Decimal("24"))


def test_closed_or_paid_off_products_get_no_bill():
    assert bill_for(card(status="Closed"), AS_OF) is None
    assert bill_for(card(balance="0.00"), AS_OF) is None


def test_blocked_and_suspended_cards_still_owe():
    assert bill_for(card(status="Blocked"), AS_OF) is not None
    assert bill_for(card(status="Suspended"), AS_OF) is not None


def test_current_card_is_due_within_twenty_days_and_statement_is_part_of_balance():
    bill = bill_for(card(), AS_OF)
    assert AS_OF + timedelta(days=1) <= bill.due_date <= AS_OF + timedelta(days=20)
    assert bill.statement_date == bill.due_date - timedelta(days=20)
    assert Decimal("7000.00") <= bill.statement_balance <= Decimal("10000.00")
    assert bill.past_due_amount == 0


def test_card_minimum_has_a_floor_per_currency():
    assert bill_for(card(balance="1000.00"), AS_OF).minimum_payment == Decimal("500.00")
    assert bill_for(card(balance="100.00", currency="USD"), AS_OF).minimum_payment == Decimal("25.00")


def test_minimum_never_exceeds_the_statement():
    bill = bill_for(card(balance="300.00"), AS_OF)
    assert bill.minimum_payment == bill.statement_balance


def test_past_due_card_owes_whole_balance_and_due_date_matches_days_past_due():
    bill = bill_for(card(balance="20000.00", days_past_due=45), AS_OF)
    assert bill.due_date == AS_OF - timedelta(days=45)
    assert bill.statement_balance == Decimal("20000.00")
    assert bill.past_due_amount == Decimal("2000.00")  # two periods of the 1,000 minimum
    assert bill.minimum_payment == Decimal("3000.00")


def test_loan_pays_a_level_installment_within_its_term_range():
    bill = bill_for(loan(), AS_OF)
    assert 6 <= bill.remaining_installments <= 60
    assert bill.statement_balance is None
    assert Decimal("0") < bill.minimum_payment < Decimal("48000")
    mortgage = bill_for(loan(kind="Préstamo Hipotecario"), AS_OF)
    assert 60 <= mortgage.remaining_installments <= 360


def test_past_due_is_capped_at_the_debt():
    bill = bill_for(loan(balance="100.00", days_past_due=400), AS_OF)
    assert bill.past_due_amount == Decimal("100.00")


def test_rule_is_deterministic():
    assert bill_for(card(), AS_OF) == bill_for(card(), AS_OF)
