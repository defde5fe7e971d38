"""Both sides of two code rules: when words name one action completely (so code shows the card), and which
replies claim something was done."""

import pytest

from quipu.domain.claims import claims
from quipu.domain.plain_requests import clarifying_question, plain_request
from quipu.domain.routing import settle_route

ONE = [{"product_id": "C-1", "last4": "4100"}]
TWO = [{"product_id": "C-1", "last4": "4100"}, {"product_id": "C-2", "last4": "7788"}]


@pytest.mark.parametrize(
    ("text", "cards", "expected"),
    [
        ("Bloquea mi tarjeta, por favor", ONE, {"action": "block_card", "params": {"product_id": "C-1"}}),
        ("Bloqueie meu cartão final 7788", TWO, {"action": "block_card", "params": {"product_id": "C-2"}}),
        ("Cancela mi tarjeta terminada en 4100", TWO, {"action": "cancel_card", "params": {"product_id": "C-1"}}),
        ("Activa la alerta de cargos duplicados", [], {"action": "set_alert",
                                                       "params": {"kind": "duplicate_charge", "enabled": True}}),
        ("Me liguem amanhã de manhã", [], {"action": "request_callback", "params": {"window": "morning"}}),
        ("Envíame un resumen de mis saldos por correo", [], {"action": "send_summary_email",
                                                             "params": {"topic": "balances"}}),
    ],
)  # fmt: skip
def test_complete_requests_become_one_proposal(text, cards, expected):
    assert plain_request(text, cards) == expected


CHARGES = [
    {"transaction_id": "T1", "merchant": "Mercado Libre"},
    {"transaction_id": "T2", "merchant": "Uber Trip"},
    {"transaction_id": "T3", "merchant": "Uber Trip"},
]


@pytest.mark.parametrize(
    ("text", "transaction_id"),
    [
        ("Abre una aclaración por el cargo de Mercado Libre", "T1"),
        ("Quero abrir uma contestação da compra no Mercado Libre", "T1"),
        ("Abre una aclaración del cargo de Uber", None),  # two Uber charges: which one?
        ("Abre una aclaración de un cargo", None),
    ],
)
def test_an_inquiry_needs_exactly_one_charge_of_the_named_merchant(text, transaction_id):
    found = plain_request(text, [], CHARGES)
    assert (found and found["params"]["transaction_id"]) == transaction_id


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("Bloquea mi tarjeta", TWO),  # which one? a question
        ("Bloquea la tarjeta 9999", TWO),  # not theirs
        ("Bloquea la tarjeta DEMO-AR-FRAUD-CARD de mi hermano", ONE),  # an id: never guessed into their own card
        ("No bloquees mi tarjeta todavía", ONE),
        ("¿Cómo bloqueo mi tarjeta si la pierdo?", ONE),
        ("Actívame una alerta", []),  # which alert?
        ("Quiero que me llamen", []),  # when?
        ("Bloquea mi tarjeta y cancela la otra", TWO),
        ("¿Cuál es mi saldo?", ONE),
    ],
)
def test_anything_unclear_is_left_to_a_question(text, cards):
    assert plain_request(text, cards) is None


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


@pytest.mark.parametrize(
    ("text", "cards", "language", "question"),
    [
        ("Bloquea mi tarjeta", TWO, "es", "¿Cuál tarjeta quieres bloquear: la terminada en 4100 o la terminada en 7788?"),
        ("Bloqueie meu cartão", TWO, "pt", "Qual cartão você quer bloquear: o final 4100 ou o final 7788?"),
        ("Actívame una alerta", [], "es", "¿Qué alerta quieres: cargos duplicados o aviso de fecha de pago?"),
        ("Me liguem, por favor", [], "pt", "Em qual horário prefere que liguemos: manhã, tarde ou noite?"),
        ("Bloquea mi tarjeta", ONE, "es", None),  # nothing missing
        ("¿Cómo activo una alerta?", [], "es", None),
    ],
)  # fmt: skip
def test_code_asks_for_the_one_thing_missing(text, cards, language, question):
    assert clarifying_question(text, cards, language) == question


def test_an_informational_pick_yields_only_to_a_plain_request_for_an_action():
    assert settle_route("balance_inquiry", "account_actions", asks_to_act=True) == "account_actions"
    assert settle_route("balance_inquiry", "account_actions", asks_to_act=False) == "balance_inquiry"
    assert settle_route("account_actions", "balance_inquiry", asks_to_act=True) == "balance_inquiry"


def test_an_acting_pick_needs_words_that_ask_to_act():
    assert settle_route("account_actions", None, asks_to_act=False) is None
    assert settle_route("money_movement", None, asks_to_act=True) == "money_movement"
