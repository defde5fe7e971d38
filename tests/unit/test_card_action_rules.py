"""Blocking and cancelling a card: the checks both make first, then each one's own rules."""

from dataclasses import replace
from decimal import Decimal

import pytest

from quipu.domain.actions import (
    BLOCKED,
    ESCALATED,
    NEEDS_CONFIRMATION,
    CardFacts,
    Decision,
    Facts,
    block_card,
    cancel_card,
)
from quipu.domain.vocabulary import CREDIT_CARD, SAVINGS

ACTIVE = CardFacts("p1", CREDIT_CARD, "1234", "Active", "Active", False, 0, Decimal("0"))


def card(**changes) -> Facts:
    return Facts(card=replace(ACTIVE, **changes))


@pytest.mark.parametrize("decide", [block_card, cancel_card])
def test_both_card_actions_first_refuse_a_missing_closed_or_non_card_and_escalate_a_suspended_one(decide):
    assert decide(Facts()) == Decision(BLOCKED, "not_found")
    assert decide(card(product_type=SAVINGS)) == Decision(BLOCKED, "not_a_card")
    assert decide(card(effective_status="Closed")) == Decision(BLOCKED, "card_closed")
    assert decide(card(effective_status="Cancelled")) == Decision(BLOCKED, "card_closed")
    assert decide(card(effective_status="Suspended")) == Decision(ESCALATED, "card_suspended")


def test_blocking_refuses_a_blocked_card_and_asks_the_button_for_an_active_one():
    assert block_card(card(effective_status="Blocked")) == Decision(BLOCKED, "already_blocked")
    assert block_card(card(effective_status="Odd")) == Decision(ESCALATED, "unknown_card_status")
    assert block_card(card()) == Decision(NEEDS_CONFIRMATION)


def test_cancelling_escalates_a_bank_block_debt_or_arrears_and_asks_a_strong_button_otherwise():
    assert cancel_card(card(effective_status="Blocked")) == Decision(ESCALATED, "blocked_by_bank")
    assert cancel_card(card(effective_status="Odd")) == Decision(ESCALATED, "unknown_card_status")
    assert cancel_card(card(days_past_due=3)) == Decision(ESCALATED, "past_due")
    assert cancel_card(card(balance=Decimal("5"))) == Decision(ESCALATED, "outstanding_balance")
    frozen = card(effective_status="Blocked", frozen_by_customer=True)
    assert cancel_card(frozen) == Decision(NEEDS_CONFIRMATION, strong=True)
    assert cancel_card(card()) == Decision(NEEDS_CONFIRMATION, strong=True)
