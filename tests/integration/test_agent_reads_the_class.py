"""Through POST /api/chat on the demo bank: code reads kinds of requests itself (out of scope, a dispute of the
charge just told, a summary by e-mail, a follow-up asking for one figure), so a model step is not needed."""

import pytest

from quipu.adapters.llm.scripted import ScriptedModel
from support import sign_in


def chat(api, headers, message, thread_id):
    response = api.post("/api/chat", headers=headers, json={"message": message, "thread_id": thread_id})
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.parametrize(
    ("message", "words"),
    [("¿dónde hay una sucursal abierta el domingo?", "Puedo ayudarte"), ("me indica um filme pra hoje?", "Posso")],
)
def test_plainly_out_of_scope_words_get_codes_answer_with_no_model_call(make_client, message, words):
    model = ScriptedModel(router=lambda text: "balance_inquiry")  # a model that would send them to a skill
    api = make_client(model=model)
    body = chat(api, sign_in(api, "DEMO-MX-FX"), message, thread_id=f"oos-{len(message)}")
    assert words in body["reply"] and body["tools_used"] == [] and model.calls == []


@pytest.mark.parametrize(
    ("customer", "first", "dispute", "merchant"),
    [
        # the charge just investigated, named
        ("DEMO-MX-DUPLICATE", "el uber me salió repetido, me cobraron dos veces", "quiero disputar ese cobro", "Uber"),
        # the repeated charge, with no merchant said
        ("DEMO-BR-PORTUGUESE", "tem duas cobranças iguais no meu cartão", "quero contestar essa cobrança", "iFood"),
    ],
)
def test_a_dispute_of_the_charge_just_told_proposes_the_inquiry_of_that_charge(
    make_client, customer, first, dispute, merchant
):
    api = make_client(model=ScriptedModel(router=lambda text: "account_actions"))
    headers = sign_in(api, customer)
    chat(api, headers, first, thread_id=f"dispute-{customer}")
    body = chat(api, headers, dispute, thread_id=f"dispute-{customer}")
    items = (body["actions"] or {}).get("items") or []
    assert [i["action"] for i in items] == ["open_payment_inquiry"], body["reply"]
    assert merchant in items[0]["text"]


def test_a_summary_by_email_with_no_topic_proposes_the_accounts_summary(make_client):
    api = make_client(model=ScriptedModel())
    body = chat(api, sign_in(api, "DEMO-BR-PORTUGUESE"), "me envia o resumo por e-mail?", thread_id="summary")
    items = (body["actions"] or {}).get("items") or []
    assert [i["action"] for i in items] == ["send_summary_email"], body["reply"]


def test_a_follow_up_asking_for_the_minimum_gets_the_debts_alone(make_client):
    api = make_client(model=ScriptedModel())
    headers = sign_in(api, "DEMO-AR-REVERSED")
    chat(api, headers, "cuánta plata tengo en la caja de ahorro?", thread_id="minimum")
    body = chat(api, headers, "¿y el mínimo de la tarjeta?", thread_id="minimum")
    assert body["tools_used"] == ["get_debts"] and "25.000,00 ARS" in body["reply"]


def test_a_question_about_the_charges_just_told_is_answered_again_by_code_with_no_model_step(make_client):
    model = ScriptedModel()
    api = make_client(model=model)
    headers = sign_in(api, "DEMO-MX-OWN-PURCHASE")
    chat(api, headers, "no me suena una compra de liverpool", thread_id="again")
    body = chat(api, headers, "¿y qué día fue eso?", thread_id="again")
    assert "Liverpool" in body["reply"] and body["tools_used"][-1] == "investigate_charges"
    assert [c["purpose"] for c in model.calls] == []


def test_asking_an_adviser_to_call_back_proposes_the_callback_and_hands_nothing_off(make_client):
    api = make_client(model=ScriptedModel(router=lambda text: "account_actions"))
    body = chat(api, sign_in(api, "DEMO-CO-PENDING"), "que una ejecutiva me regrese la llamada en la mañana",
                thread_id="callback-adviser")
    items = (body["actions"] or {}).get("items") or []
    assert [i["action"] for i in items] == ["request_callback"], body["reply"]
    assert not body.get("handoff")



@pytest.mark.parametrize(
    ("customer", "first", "then", "words"),
    [
        ("DEMO-MX-KHIPU", "pasame 200 de la de ahorro a la corriente", "¿a qué hora cierran las sucursales?", "Puedo ayudarte"),
        ("DEMO-BR-PORTUGUESE", "quanto eu devo no cartão?", "e onde tem caixa eletrônico?", "Posso"),
    ],
)
def test_a_branch_or_its_hours_asked_mid_conversation_is_not_read_as_the_last_request(
    make_client, customer, first, then, words
):
    model = ScriptedModel(router=lambda text: "money_movement")  # a model that would keep the conversation's skill
    api = make_client(model=model)
    headers = sign_in(api, customer)
    chat(api, headers, first, thread_id=f"branch-{customer}")
    body = chat(api, headers, then, thread_id=f"branch-{customer}")
    assert words in body["reply"] and body["tools_used"] == [], body["reply"]
    assert [c["purpose"] for c in model.calls] == []


def test_two_lookups_in_one_message_are_both_answered_by_code(make_client):
    api = make_client(model=ScriptedModel())
    body = chat(api, sign_in(api, "DEMO-MX-FX"), "¿cuánto gasté en mayo? ¿y cuál fue mi compra más cara?", "two-lookups")
    assert body["tools_used"][-2:] == ["get_spending_summary", "get_largest_purchase"], body["reply"]
    assert "Liverpool" in body["reply"] and "2,108.65 MXN" in body["reply"] and "\n\n" in body["reply"]


@pytest.mark.parametrize(
    ("message", "figure"),
    [
        ("che, cuánto gasté en electromax este mes?", "485.100,00 ARS"),  # a merchant no brand list knows
        ("cuánto gasté en zapaterías este mes?", "701.262,01 ARS"),  # no purchase there: the month, as asked
    ],
)
def test_spending_at_a_place_no_brand_list_knows_is_looked_up_at_that_place(make_client, message, figure):
    api = make_client(model=ScriptedModel())
    body = chat(api, sign_in(api, "DEMO-AR-FRAUD"), message, thread_id=f"place-{len(message)}")
    assert figure in body["reply"], body["reply"]
