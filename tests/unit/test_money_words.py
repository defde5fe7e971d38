"""Code reads a plain money request from the words, so a listing is never the answer to "transfiere 10"."""

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from quipu.domain.transfer_text import card_text, receipt
from quipu.skills.money_movement.words import missing_detail, plain_bill, plain_transfer


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("quiero transferir 10 de mi cuenta de ahorro a mi cuenta corriente",
         {"kind": "own_accounts", "amount": "10", "from_type": "Cuenta Ahorro", "to_type": "Cuenta Corriente"}),
        ("pasa 300 a mi cuenta de cheques", {"kind": "own_accounts", "amount": "300", "to_type": "Cuenta Corriente"}),
        ("paga 1.500,50 a mi tarjeta desde la corriente",
         {"kind": "pay_debt", "amount": "1.500,50", "from_type": "Cuenta Corriente", "to_type": "Tarjeta Crédito"}),
        ("quero transferir 50 da poupança para a conta corrente",
         {"kind": "own_accounts", "amount": "50", "from_type": "Cuenta Ahorro", "to_type": "Cuenta Corriente"}),
    ],
)  # fmt: skip
def test_a_plain_transfer_is_read_from_the_words(text, expected):
    assert plain_transfer(text) == expected


@pytest.mark.parametrize("text", ["quiero transferir a mi corriente", "cuánto tengo", "transfiere 500 a la cuenta 4000000033 y 400000004"])
def test_what_is_not_plain_is_left_to_the_model_or_a_question(text):
    assert plain_transfer(text) is None


def test_a_named_bill_to_pay_is_read_from_the_words():
    assert plain_bill("paga la luz porfa") == {"service": "luz"}
    assert plain_bill("quero pagar a conta de internet") == {"service": "internet"}
    assert plain_bill("cuánto es la luz?") is None


def test_an_amount_and_one_written_account_number_are_a_plain_third_party_transfer():
    assert plain_transfer("mándale 250 a Renata a la cuenta 4000000033 desde mi cuenta de ahorro") == {
        "kind": "third_party",
        "amount": "250",
        "to_account_number": "4000000033",
        "from_type": "Cuenta Ahorro",
    }


@pytest.mark.parametrize(
    ("text", "amount"),
    [("pagá 10.000 de la tarjeta", "10.000"), ("quero pagar uma parte do cartão 27,90", "27,90")],
)
def test_paying_the_one_debt_named_sends_the_money_to_it(text, amount):
    assert plain_transfer(text) == {"kind": "pay_debt", "amount": amount, "to_type": "Tarjeta Crédito"}


def test_a_bill_answer_keeps_the_origin_the_customer_named():
    assert plain_bill("paga la luz de la de ahorro") == {"service": "luz", "from_type": "Cuenta Ahorro"}


@pytest.mark.parametrize(
    ("text", "missing"),
    [
        ("necesito hacer una transferencia", "destination"),
        ("quero fazer uma transferência", "destination"),
        ("quiero mandarle plata a mi cuenta de ahorro", "amount"),
        ("quiero pagar un servicio", None),
        ("transfiere 300 a mi corriente", None),
        ("quiero transferir 500 pesos a mi hermana", "destination"),
        ("mandale 2000 a mi viejo porfa", "destination"),
        ("quero mandar 150 reais pro meu irmão", "destination"),
        ("paga 300 de la luz", None),
        ("transfiere 300 o 400 a mi hermano", None),
        ("manda 500 a la cuenta 4000001234", None),
    ],
)
def test_a_bare_request_to_send_money_names_the_detail_code_asks_for(text, missing):
    assert missing_detail(text) == missing


def test_a_card_ending_with_an_initial_has_one_period():
    summary = {"kind": "third_party", "amount": "750", "currency": "MXN", "place": "México",
               "origin": "cuenta corriente terminada en 0022", "destination": "Sofía H."}  # fmt: skip
    assert "hacia Sofía H. Confírmalo" in card_text(summary, "es")
    when = datetime(2026, 6, 18, 16, 0, tzinfo=UTC)
    _, body = receipt(summary, reference="R1", when=when, balance=Decimal("7750"), language="es")
    assert "hacia Sofía H.\n" in body
    assert "Fecha y hora: 18 de junio, 10:00" in body and "UTC" not in body  # on the customer's clock (CDMX)
    assert "Confírmalo" not in card_text(summary, "es", waiting=False)  # a settled card never says it expires
