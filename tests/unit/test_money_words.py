"""Code reads a plain money request from the words, so a listing is never the answer to "transfiere 10"."""

import pytest

from quipu.skills.money_movement.words import plain_bill, plain_transfer


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


@pytest.mark.parametrize("text", ["transfiere 500 a la cuenta 4000000033", "quiero transferir a mi corriente", "cuánto tengo"])
def test_what_is_not_plain_is_left_to_the_model_or_a_question(text):
    assert plain_transfer(text) is None


def test_a_named_bill_to_pay_is_read_from_the_words():
    assert plain_bill("paga la luz porfa") == {"service": "luz"}
    assert plain_bill("quero pagar a conta de internet") == {"service": "internet"}
    assert plain_bill("cuánto es la luz?") is None
