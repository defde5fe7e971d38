"""Pure: words that borrow another skill's word, or a person's, are read for what they ask. Each test uses
phrasings of its own, so a rule written for one probe message would not pass them."""

import pytest

from quipu.application.agent.followups import is_follow_up
from quipu.domain.plain_requests import plain_request
from quipu.domain.routing import asks_to_move_money, refused_action, skills_named, wants_person
from quipu.skills.data_lookup.picking import pick
from quipu.skills.money_movement.words import amount_corrected, plain_transfer


@pytest.mark.parametrize(
    "text",
    [
        "que una ejecutiva me regrese la llamada mañana",
        "pueden pedirle a un agente que me llame en la noche?",
        "quero que um atendente retorne a ligação à tarde",
    ],
)
def test_a_person_who_calls_back_is_the_callback_not_a_chat_hand_off(text):
    assert not wants_person(text)
    assert refused_action(text) is None
    assert skills_named(text)[:1] == ["account_actions"]


@pytest.mark.parametrize("text", ["pásame con un asesor ya", "quero falar com um atendente agora"])
def test_a_person_in_the_chat_is_still_a_hand_off(text):
    assert wants_person(text)


def test_money_back_is_still_refused_when_a_call_is_not_what_comes_back():
    assert refused_action("quiero que me devuelvan lo que me cobraron") == "refund"


@pytest.mark.parametrize(
    "text",
    ["qué tarjetas tengo activas?", "quais cartões eu tenho?", "cuáles son mis tarjetas que tengo a mi nombre",
     "meus cartões?", "ver mis tarjetas"],
)
def test_asking_which_cards_one_has_names_the_cards_skill(text):
    assert "account_actions" in skills_named(text)


@pytest.mark.parametrize(
    ("text", "kind", "amount"),
    [
        ("págame 2.300 de la tarjeta porfa", "pay_debt", "2.300"),
        ("quitar 45 da fatura do cartão", "pay_debt", "45"),
    ],
)
def test_pay_verbs_of_the_region_ask_to_move_money(text, kind, amount):
    assert asks_to_move_money(text)
    arguments = plain_transfer(text)
    assert arguments is not None and arguments["kind"] == kind and arguments["amount"] == amount


@pytest.mark.parametrize(
    ("text", "to_type", "from_type"),
    [
        ("mueve 80 de la de ahorro a la de cheques", "Cuenta Corriente", "Cuenta Ahorro"),
        ("passa 12 da de corrente pra de poupança", "Cuenta Ahorro", "Cuenta Corriente"),
    ],
)
def test_a_product_named_after_la_de_is_read_as_origin_or_destination(text, to_type, from_type):
    arguments = plain_transfer(text)
    assert arguments is not None and arguments["to_type"] == to_type and arguments["from_type"] == from_type


@pytest.mark.parametrize(
    "text",
    ["cuánto me costó de comisión la transferencia de ayer", "quanto me cobraram de comissão pela transferência"],
)
def test_the_fee_of_a_past_transfer_is_a_lookup_not_a_new_transfer(text):
    named = skills_named(text)
    assert named[:1] == ["data_lookup"] and "money_movement" not in named


@pytest.mark.parametrize(
    ("text", "skill"),
    [
        ("cuánto traigo en la de ahorro?", "balance_inquiry"),
        ("qué es lo mínimo a pagar de la tarjeta", "balance_inquiry"),
        ("tengo dos cargos idénticos de rappi", "charge_investigation"),
        ("aparecem duas cobranças repetidas do uber", "charge_investigation"),
        ("cuánto le he soltado a rappi este mes", "data_lookup"),
    ],
)
def test_colloquial_words_name_their_skill(text, skill):
    assert skills_named(text)[:1] == [skill]


@pytest.mark.parametrize("text", ["cuál fue la compra más gorda de abril", "qual foi o gasto mais alto de maio"])
def test_slang_for_the_biggest_purchase_asks_for_the_largest(text):
    assert pick(text)[0] == "get_largest_purchase"


CARDS = [
    {"product_id": "CREDIT", "product_type": "Tarjeta Crédito", "last4": "7001", "status": "Active"},
    {"product_id": "DEBIT", "product_type": "Tarjeta Débito", "last4": "7002", "status": "Active"},
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("congela la de crédito porfa no, el otro", "DEBIT"),
        ("bloqueia o de débito essa não, a outra", "CREDIT"),
        ("bloquea la terminada en 7001 ... no esa, la otra", "DEBIT"),
    ],
)
def test_the_other_card_is_the_one_the_earlier_words_did_not_name(text, expected):
    assert plain_request(text, CARDS) == {"action": "block_card", "params": {"product_id": expected}}


def test_the_other_card_with_nothing_named_before_is_not_guessed():
    assert plain_request("bloquéame una tarjeta, la otra", CARDS) is None


def test_a_card_named_after_the_other_one_is_the_card_meant():
    assert plain_request("mis tarjetas y la otra? bloquea la de débito", CARDS) == {
        "action": "block_card", "params": {"product_id": "DEBIT"}}


@pytest.mark.parametrize("text", ["no, la de abril", "não, do mês retrasado", "no del año pasado, de este"])
def test_a_correction_that_starts_with_no_leans_on_the_last_turn(text):
    assert is_follow_up(text, {"skill": "data_lookup", "tool": "get_spending_summary", "arguments": {}, "text": "x"})


def test_a_no_that_starts_a_new_request_is_not_a_correction():
    assert not is_follow_up("no reconozco un cobro de netflix que me hicieron", {"skill": "data_lookup", "text": "x"})


@pytest.mark.parametrize("text", ["qnto tenho na poupança", "cto debo de la tarjeta"])
def test_abbreviated_how_much_asks_for_a_balance(text):
    assert skills_named(text)[:1] == ["balance_inquiry"]


@pytest.mark.parametrize(
    ("text", "latest", "amount"),
    [
        ("transfiere 40 de la corriente a la de ahorro", "mejor 75", "75"),
        ("passa 12 da corrente pra poupança", "melhor que sejam 30", "30"),
    ],
)
def test_a_follow_up_that_only_changes_the_amount_keeps_the_request_it_corrects(text, latest, amount):
    assert is_follow_up(latest, {"skill": "money_movement", "text": text})
    arguments = plain_transfer(amount_corrected(f"{text} {latest}", latest))
    assert arguments is not None and arguments["amount"] == amount and arguments["kind"] == "own_accounts"


def test_a_follow_up_naming_another_product_is_not_an_amount_correction():
    text = "paga 20 da fatura melhor 40 da poupança"
    assert amount_corrected(text, "melhor 40 da poupança") == text


@pytest.mark.parametrize(
    ("text", "kind"),
    [("quero um alerta quando a fatura estiver vencendo", "payment_due"), ("avísame antes de que se venza", "payment_due")],
)
def test_an_alert_named_by_its_due_date_is_the_payment_due_alert(text, kind):
    assert plain_request(text) == {"action": "set_alert", "params": {"kind": kind, "enabled": True}}


@pytest.mark.parametrize("text", ["mostra meu extrato da semana", "quanto gastei nesta semana"])
def test_this_week_in_portuguese_contractions_is_the_last_seven_days(text):
    assert pick(text)[1].get("period") == "last_7_days"


def test_better_without_a_new_amount_is_not_read_as_a_correction():
    assert not is_follow_up("mejor déjalo así, gracias por todo amigo", {"skill": "money_movement", "text": "x"})


@pytest.mark.parametrize(
    "text", ["de cuánto vino el recibo del internet?", "quanto tá a conta de telefone", "cuanto debo del gas"]
)
def test_what_a_service_bill_comes_to_is_the_bills_not_the_debts(text):
    from quipu.skills.money_movement.words import asks_for_bills

    assert skills_named(text)[:1] == ["money_movement"] and asks_for_bills(text)


@pytest.mark.parametrize(
    "text",
    [
        "lo de rappi sigue pendiente?",
        "ya me reembolsaron lo de netflix?",
        "o estorno da magazine luiza saiu?",
        "me cobraron a doble en oxxo",
        "cobraram duas vezes? não, cobraram em dobro a drogasil",
    ],
)
def test_what_became_of_a_merchants_charge_is_an_investigation(text):
    assert skills_named(text)[:1] == ["charge_investigation"]


@pytest.mark.parametrize("text", ["¿cuánto me falta por liquidar del crédito hipotecario?", "quanto falta pagar do empréstimo?"])
def test_how_much_is_left_to_pay_is_a_balance_not_a_payment(text):
    assert skills_named(text)[:1] == ["balance_inquiry"]


@pytest.mark.parametrize("text", ["qué compré ayer", "las compras que hice en abril", "o que eu comprei semana passada"])
def test_what_the_customer_bought_is_a_lookup(text):
    assert skills_named(text) == ["data_lookup"]


def test_a_follow_up_naming_the_account_for_the_bill_just_proposed_keeps_the_bill():
    from quipu.skills.money_movement.words import bill_followed_up

    assert bill_followed_up("mejor desde la corriente", {"service": "agua"}) == {"service": "agua", "from_type": "Cuenta Corriente"}
    assert bill_followed_up("págame el del teléfono", {}) == {"service": "telefono"}


@pytest.mark.parametrize(
    "text", ["¿cómo va mi aclaración del cargo de Walmart?", "qual o andamento da minha contestação?", "ya resolvieron mi queja?"]
)
def test_how_a_claim_already_made_is_going_is_a_lookup_not_a_new_claim(text):
    from quipu.domain.routing import acting_skill_asked

    assert skills_named(text)[:1] == ["data_lookup"] and acting_skill_asked(text) is None
    assert pick(text, text)[0] == "get_complaints"


@pytest.mark.parametrize("text", ["cancelá 8.000 de la tarjeta", "cancela 250 del préstamo con la caja de ahorro"])
def test_cancelling_an_amount_of_a_debt_pays_it_not_cancels_the_card(text):
    assert skills_named(text)[:1] == ["money_movement"] and plain_request(text) is None
    found = plain_transfer(text)
    assert found is not None and found["kind"] == "pay_debt"


@pytest.mark.parametrize(
    "text", ["cancela 1 tarjeta de crédito", "quiero cancelar 2 de mis tarjetas", "cancelar 3 cargos de uber"]
)
def test_a_count_of_cards_or_charges_after_cancel_is_no_amount_to_pay(text):
    assert not asks_to_move_money(text) and plain_transfer(text) is None


@pytest.mark.parametrize("text", ["cancela 1 tarjeta de crédito", "quiero cancelar una de mis tarjetas", "cancelar um cartão"])
def test_cancelling_a_card_named_by_a_count_is_a_card_action(text):
    assert skills_named(text)[:1] == ["account_actions"]


@pytest.mark.parametrize("text", ["abónale 900 a la tarjeta", "liquídale 1200 al préstamo"])
def test_paying_said_with_a_pronoun_still_asks_to_move_money(text):
    assert asks_to_move_money(text)


@pytest.mark.parametrize(
    "text", ["me aparecieron dos cargos raros ayer", "chegaram umas cobranças no app", "me cayeron 3 consumos en la tarjeta"]
)
def test_charges_that_showed_up_are_an_investigation(text):
    assert skills_named(text)[:1] == ["charge_investigation"]


@pytest.mark.parametrize("text", ["lo de pedidosya sigue pendiente?", "o estorno da magazineluiza saiu?"])
def test_a_brand_written_in_one_word_is_still_the_merchant(text):
    assert skills_named(text)[:1] == ["charge_investigation"]


@pytest.mark.parametrize("text", ["cuánto es lo del agua?", "quanto é a conta de internet?"])
def test_what_a_bill_is_asked_in_the_present_is_the_bills(text):
    assert skills_named(text)[:1] == ["money_movement"]


@pytest.mark.parametrize("text", ["cuánto pagué de teléfono en abril", "quanto paguei de internet no mês passado"])
def test_what_was_paid_for_a_service_in_a_period_is_spending(text):
    assert skills_named(text) == ["data_lookup"] and pick(text, text)[0] == "get_spending_summary"


@pytest.mark.parametrize("text", ["qué es eso de 1,250 en walmart", "e esses 89,90 da drogasil?", "la devolución de netflix?"])
def test_a_merchant_named_with_an_amount_or_a_refund_is_an_investigation(text):
    assert skills_named(text)[:1] == ["charge_investigation"]


def test_a_merchant_named_with_a_spending_word_stays_a_lookup():
    assert skills_named("cuánto gasté en walmart, unos 1,250?")[:1] == ["data_lookup"]
