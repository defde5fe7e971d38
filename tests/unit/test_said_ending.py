"""The wall on what the customer said: an account's ending counts as said alone, as the end of a whole account
number they wrote, or as its last digits right after a word of ending; never from inside a longer number or an
amount."""

import pytest

from quipu.domain.transfers import said_last4


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
