"""Both sides of the claims check: which replies claim something was done, and which only offer it."""

import pytest

from quipu.domain.claims import claims


@pytest.mark.parametrize(
    "reply",
    ["O alerta de cobranças duplicadas foi ativado.", "Listo, la alerta quedó activada.", "Ya activé la alerta."],
)
def test_claims_of_an_alert_switched_on_are_caught(reply):
    assert claims(reply, has_proposal=False) == ["claimed_something_not_done"]


@pytest.mark.parametrize(
    "reply",
    ["¿Quieres que active la alerta?", "La alerta se activa cuando confirmes con el botón.", "Puedes activarla tú."],
)
def test_offers_to_switch_an_alert_on_are_not_claims(reply):
    assert claims(reply, has_proposal=True) == []
