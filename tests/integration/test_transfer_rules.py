"""Pure rules of money movement and of the action caps: no database, no model."""

from decimal import Decimal

import pytest

from quipu.application.transfer_results import Settled
from quipu.domain.actions import (
    ESCALATED,
    MAX_ESCALATIONS_PER_DAY,
    NEEDS_CONFIRMATION,
    Decision,
    capped,
)
from quipu.domain.transfers import Account, Transfer, check, said_token


@pytest.mark.parametrize(
    ("value", "said", "whole"),
    [
        ("4000000033", "a la cuenta 4000000033", True),
        ("4000000033", "a la cuenta 4000000033.", True),
        ("4000000033", "a la cuenta 14000000033", False),
        ("4000000033", "a la cuenta 40000000331", False),
        ("DEMO-MX-RECIBE", "al cliente demo-mx-recibe, gracias", True),
        ("DEMO-MX-RECIBE", "al cliente DEMO-MX-RECIBE-2", False),
        ("DEMO-MX-RECIBE", "al cliente XDEMO-MX-RECIBE", False),
        ("DEMO-MX-RECIBE", None, False),
        ("", "algo", False),
    ],
)
def test_a_recipient_is_matched_as_a_whole_token(value, said, whole):
    assert said_token(value, said) is whole


def account(product_id: str, customer_id: str, kind: str = "Cuenta Ahorro") -> Account:
    return Account(product_id, customer_id, kind, "0011", "MXN", Decimal("100"), "Active")


def test_an_origin_that_belongs_to_someone_else_is_unavailable():
    theirs = Transfer("own_accounts", Decimal("5"), account("A", "OTHER"), account("B", "ME"), "ME")
    mine = Transfer("own_accounts", Decimal("5"), account("A", "ME"), account("B", "ME"), "ME")
    assert check(theirs).reason == "origin_unavailable"
    assert check(mine) is None


def settled(status: str, language: str = "es", **fields) -> Settled:
    return Settled.model_validate(
        {
            "transfer_id": "t",
            "status": status,
            "kind": "own_accounts",
            "amount": "1.00",
            "currency": "MXN",
            "language": language,
            **fields,
        }  # fmt: skip
    )


def test_a_settled_transfer_is_told_in_the_language_of_its_proposal():
    receipt = {"text": "Transferencia entre tus cuentas: ...", "subject": "s", "reference": "K-1", "executed_at": "t"}
    moved = settled("executed", receipt=receipt, new_balance="9.00").json_ready()
    assert moved["text"] == "Transferencia entre tus cuentas: ..."
    blocked = settled("blocked", "pt", reason="over_daily_limit").json_ready()
    assert blocked["text"] == "Não movimentamos o dinheiro: passa do limite diário de transferências para terceiros."
    odd = settled("blocked", reason="something_new").json_ready()
    assert odd["text"] == "No movimos el dinero: no cumple las reglas de transferencia."
    assert settled("expired").json_ready()["text"].startswith("La propuesta venció")
    assert "text" not in settled("proposed").json_ready()


def test_caps_turn_escalations_and_extra_emails_into_refusals():
    asks = [Decision(ESCALATED, "needs_human_approval"), Decision(NEEDS_CONFIRMATION), Decision(NEEDS_CONFIRMATION)]
    names = ["refund", "send_summary_email", "send_summary_email"]
    free = capped(asks, names, open_case=False, escalations_today=0, emails_today=0)
    assert [d.reason for d in free] == ["needs_human_approval", None, "email_limit"]
    busy = capped(asks, names, open_case=True, escalations_today=0, emails_today=0)
    assert busy[0].reason == "case_already_open"
    spent = capped(asks, names, open_case=False, escalations_today=MAX_ESCALATIONS_PER_DAY, emails_today=99)
    assert [d.reason for d in spent] == ["escalation_limit", "email_limit", "email_limit"]
