"""The wall on what the customer said: an account's ending counts as said alone, as the end of a whole account
number they wrote, or as its last digits right after a word of ending; never from inside a longer number or an
amount."""

import pytest

from quipu.domain.transfers import heard_currency, said_last4


@pytest.mark.parametrize(
    ("said", "heard"),
    [
        ("de la 0033 a la corriente", True),
        ("pasa 300 de mi cuenta 4000000033 a la cuenta 4000000011", True),
        ("pasa 10033 pesos", False),  # an amount that ends the same
        ("mi referencia es 70000330", False),
        ("pasa 300 a la cuenta 4000000011", False),
        ("con la que acaba en 33", True),  # its last digits right after a word of ending
        ("da que termina em 033", True),
        ("pasa 33 pesos a la corriente", False),  # two digits said as anything else
        ("la que termina en 133", False),
    ],
)
def test_an_ending_is_heard_alone_or_ending_an_account_number(said, heard):
    assert said_last4("0033", said) is heard


@pytest.mark.parametrize(
    ("said", "currency", "heard"),
    [
        ("ok pues págale el mínimo con lo de la cuenta de dólares", "USD", "USD"),
        ("paga a fatura com a conta em dolar", "USD", "USD"),
        ("mándale 500 desde la de pesos", "MXN", "MXN"),
        ("mándale 500 desde la de pesos", "USD", None),  # the words name another currency
        ("págale el mínimo a la tarjeta", "USD", None),  # the model's own guess
        ("a cuánto está el dólar? y págale a la tarjeta", "USD", None),  # a currency, but no account named by it
    ],
)
def test_an_account_named_by_its_currency_is_heard_only_from_the_customers_words(said, currency, heard):
    assert heard_currency(said, currency) == heard
