"""Both sides of two code rules: when words name one action completely (so code shows the card), and which
replies claim something was done."""

import pytest

from quipu.domain.claims import claims
from quipu.domain.plain_requests import clarifying_question, plain_request
from quipu.domain.routing import ALL_SKILLS, acting_skill_asked, guess_skill, settle_route

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
    assert settle_route("balance_inquiry", "account_actions", asked="account_actions") == "account_actions"
    assert settle_route("balance_inquiry", "account_actions", asked=None) == "balance_inquiry"
    assert settle_route("data_lookup", "money_movement", asked="money_movement") == "money_movement"


def test_an_acting_pick_yields_to_information_unless_the_words_ask_to_act():
    assert settle_route("account_actions", "balance_inquiry", asked=None) == "balance_inquiry"
    # "quero contestar a cobrança duplicada": the words ask for an inquiry, so the charge words do not win
    assert settle_route("account_actions", "charge_investigation", asked="account_actions") == "account_actions"


def test_an_acting_pick_needs_words_that_ask_to_act():
    assert settle_route("account_actions", None, asked=None) is None
    assert settle_route("money_movement", None, asked="money_movement") == "money_movement"
    assert settle_route("money_movement", None, asked="account_actions") == "account_actions"


@pytest.mark.parametrize(
    "text",
    [
        "quiero pagar un servicio",
        "pagá 10.000 de la tarjeta",
        "mándale 250 a Renata a la cuenta 4000000033",
        "pasale 500 a mi hermano",
        "transfiéreme 20 a la corriente",
        "quero fazer uma transferência",
        "faz um pix de 50 pra Ana",
        "paga 300 de mi prestamo",
    ],
)
def test_words_that_ask_to_pay_or_send_money_reach_money_movement(text):
    assert acting_skill_asked(text) == "money_movement"
    assert guess_skill(text, ALL_SKILLS) == "money_movement"


@pytest.mark.parametrize(
    "text",
    [
        "cuéntame un chiste de transferencias",
        "pagué dos veces el uber",
        "transferi 100 ontem e não chegou",
        "qué pasa con mi cuenta",
        "mandame un resumen por correo",
    ],
)
def test_words_about_money_that_do_not_ask_to_move_it_are_not_a_transfer(text):
    assert acting_skill_asked(text) != "money_movement"


@pytest.mark.parametrize(
    "text",
    ["quando vence a fatura?", "cuándo tengo que pagar la tarjeta?", "hasta cuándo puedo pagar el préstamo?"],
)
def test_a_due_date_question_is_a_balance_question_even_when_it_names_paying(text):
    assert guess_skill(text, ALL_SKILLS) == "balance_inquiry"
    assert acting_skill_asked(text) is None


def test_a_lost_card_given_de_baja_is_blocked_and_a_plain_baja_is_a_cancellation():
    assert plain_request("perdí la tarjeta, necesito darla de baja ya", ONE)["action"] == "block_card"
    assert plain_request("quiero dar de baja mi tarjeta", ONE)["action"] == "cancel_card"


def test_contesting_a_duplicate_picks_the_later_charge_of_the_pair():
    charges = [
        {"transaction_id": "T-2", "merchant": "iFood", "amount": "27.90", "date": "2026-06-12 10:00:06"},
        {"transaction_id": "T-1", "merchant": "iFood", "amount": "27.90", "date": "2026-06-12 10:00:00"},
    ]
    request = plain_request("quero contestar a cobrança duplicada do ifood", None, charges)
    assert request["action"] == "open_payment_inquiry"
    assert request["params"]["transaction_id"] == "T-2"


def test_an_id_written_is_proposed_as_written_never_guessed_into_their_own_card():
    found = plain_request("Bloquea la tarjeta DEMO-AR-FRAUD-CARD de mi hermano", ONE)
    assert found == {"action": "block_card", "params": {"product_id": "DEMO-AR-FRAUD-CARD"}}  # the policy refuses it


def test_two_ids_written_are_left_to_a_question():
    assert plain_request("bloquea PRD-AAA-1 y PRD-BBB-2", ONE) is None
