"""One number convention per locale in everything code writes outside the pages: action cards and their receipts,
transfer cards and receipts, mail, dispute answers and the memory summary, for es-MX, es-CO, es-AR and pt-BR;
never an ISO date, never UTC. (The pages are checked in the browser: tests/e2e/test_web_journeys.py.)"""

import re
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.voice import Voice
from quipu.domain import action_text
from quipu.domain.emails import balances_email, case_receipt_email, payment_status_email
from quipu.domain.locale import LOCALES, Locale
from quipu.domain.memory import DisputeNote, Recollection, summary
from quipu.domain.receipts import action_receipt
from quipu.domain.transfer_text import card_text, receipt
from quipu.skills.charge_investigation.hooks import answer

MONEY = re.compile(r"(\d[\d.,]*) (MXN|COP|ARS|USD)\b")
ISO = re.compile(r"\b20\d\d-\d\d-\d\d\b|UTC")
BIG = Decimal("161700.00")


def convention_of(locale: Locale) -> re.Pattern[str]:
    return re.compile(r"\d{1,3}(\.\d{3})*,\d{2}" if locale.decimal_comma else r"\d{1,3}(,\d{3})*\.\d{2}")


def assert_one_convention(text: str, locale: Locale) -> None:
    amounts = [m.group(1) for m in MONEY.finditer(text)]
    assert amounts, text
    wrong = [a for a in amounts if not convention_of(locale).fullmatch(a)]
    assert wrong == [], (locale.tag, wrong, text)
    assert not ISO.search(text), text


def writings(locale: Locale) -> list[str]:
    """Everything code writes for a customer of this locale that carries an amount."""
    facts = {"merchant": "ElectroMax", "amount": str(BIG), "currency": "ARS", "date": "2026-06-15"}
    facts |= {"at": "2026-06-15T03:12:00", "place": locale.country}
    card = action_text.describe("open_payment_inquiry", {"transaction_id": "T"}, facts, locale.language)
    done = action_text.done("open_payment_inquiry", {}, facts, {"reference": "Q-1", "sla_hours": 4}, locale.language)
    summary_ = {"kind": "pay_service", "amount": str(BIG), "currency": "COP", "place": locale.country}
    summary_ |= {"origin": "cuenta", "destination": "Luz"}
    _, transfer_body = receipt(
        summary_, reference="K-1", when=datetime(2026, 12, 2, 15, 0, tzinfo=UTC), balance=BIG, language=locale.language
    )
    mails = [
        balances_email(
            locale.language,
            [{"product_type": "Cuenta", "last4": "0011", "balance": BIG, "currency": "MXN"}],
            datetime(2026, 6, 18).date(),
            locale.country,
        )[1],
        payment_status_email(
            locale.language,
            [
                {
                    "product_type": "Tarjeta",
                    "last4": "4100",
                    "currency": "USD",
                    "minimum_payment": BIG,
                    "due_date": datetime(2026, 6, 25).date(),
                    "past_due_amount": Decimal(0),
                }
            ],  # fmt: skip
            datetime(2026, 6, 18).date(),
            locale.country,
        )[1],
        case_receipt_email(
            locale.language,
            reference="Q-1",
            sla_hours=4,
            merchant="X",
            amount=BIG,
            currency="ARS",
            place=locale.country,
        )[1],
    ]
    disputes = {
        "found": True,
        "open_count": 1,
        "disputes": [
            {"reference": "Q-1", "status": "open", "open": True, "overdue": False, "merchant": "ElectroMax",
             "amount": str(BIG), "currency": "ARS", "charge_at": "2026-06-15T03:12:00",
             "opened_at": "2026-12-02T15:00:00+00:00", "promised_by": "2026-12-02T19:00:00+00:00"}
        ],
    }  # fmt: skip
    voice = Voice("charge_investigation", locale.language, locale.country)
    stored = {"tool": "dispute_status", "arguments": {}, "result": disputes}
    dispute_answer = answer([ToolOutcome.from_stored(stored)], voice)
    note = DisputeNote("Q-1", "open", "ElectroMax", BIG, "ARS", datetime(2026, 12, 2, 19, 0), False)
    memory = summary(Recollection(disputes=(note,)), locale)
    return [
        card,
        done,
        action_receipt(card, "x", locale.language)[1],
        card_text(summary_, locale.language),
        transfer_body,
        *mails,
        dispute_answer,
        memory,
    ]


@pytest.mark.parametrize("locale", LOCALES, ids=lambda each: each.tag)
def test_everything_code_writes_for_a_customer_uses_their_convention_and_no_iso_date(locale):
    for text in writings(locale):
        if MONEY.search(text):
            assert_one_convention(text, locale)
        assert not ISO.search(text), text


def test_the_conventions_differ_where_the_countries_do():
    assert [convention_of(each).pattern for each in LOCALES].count(r"\d{1,3}(,\d{3})*\.\d{2}") == 1  # only Mexico


def test_a_receipt_is_on_the_customers_clock_and_a_settled_card_never_says_it_expires():
    summary = {"kind": "third_party", "amount": "750", "currency": "MXN", "place": "México",
               "origin": "cuenta corriente terminada en 0022", "destination": "Sofía H."}  # fmt: skip
    assert "hacia Sofía H. Confírmalo" in card_text(summary, "es")
    when = datetime(2026, 6, 18, 16, 0, tzinfo=UTC)
    _, body = receipt(summary, reference="R1", when=when, balance=Decimal("7750"), language="es")
    assert "hacia Sofía H.\n" in body
    assert "Fecha y hora: 18 de junio, 10:00" in body and "UTC" not in body  # on the customer's clock (CDMX)
    assert "Confírmalo" not in card_text(summary, "es", waiting=False)
