"""The buttons over HTTP: actions and transfers are confirmed only through their own endpoints."""

import itertools
import re

import pytest
from starlette.testclient import TestClient

from quipu.adapters.llm.scripted import ScriptedModel
from quipu.application.caller import Caller
from quipu.domain.actions import Requested
from quipu.service import create_app
from quipu.settings import Settings
from stack import TEST_HOME
from support import TEST_SECRET, sign_in

VALERIA = "DEMO-MX-KHIPU"
ANDRES, SOFIA = "DEMO-CO-PENDING", "DEMO-AR-REVERSED"


ADDRESSES = itertools.count(1)  # sign-ins are limited per address: each test signs in from its own


@pytest.fixture
def bank_api(bank_db, clock):
    settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET)
    address = f"10.200.0.{next(ADDRESSES)}"
    with TestClient(
        create_app(settings, clock=clock, urls=bank_db, model=ScriptedModel()), client=(address, 50000)
    ) as client:
        yield client


def step_up(api, headers):
    api.post("/api/auth/step-up", headers=headers)
    mails = [m for m in api.get("/api/me/outbox", headers=headers).json() if m["template"] == "step_up_code"]
    code = re.search(r"\b(\d{6})\b", mails[0]["body"]).group(1)
    assert api.post("/api/auth/step-up/verify", headers=headers, json={"code": code}).status_code == 200


def propose(api, customer, words, **arguments):
    money = api.app.state.services.money
    return api.portal.call(lambda: money.propose_transfer(Caller(customer, True, "es", said=words), **arguments))


def test_money_moves_only_after_a_step_up(bank_api):
    headers = sign_in(bank_api, VALERIA)
    proposal = propose(
        bank_api,
        VALERIA,
        "pasa 10 de ahorro a corriente",
        kind="own_accounts",
        amount="10",
        from_type="Cuenta Ahorro",
        to_type="Cuenta Corriente",
    )
    body = {"transfer_id": proposal.confirmation.transfer_id}
    refused = bank_api.post("/api/transfers/confirm", headers=headers, json=body)
    assert refused.status_code == 403 and refused.json()["error"] == "step_up_required"
    step_up(bank_api, headers)
    done = bank_api.post("/api/transfers/confirm", headers=headers, json=body)
    assert done.status_code == 200 and done.json()["status"] == "executed"
    assert bank_api.post("/api/transfers/confirm", headers=headers, json=body).json() == done.json()


def test_another_customers_transfer_is_a_404_like_a_missing_one(bank_api):
    proposal = propose(
        bank_api,
        VALERIA,
        "pasa 10 de ahorro a corriente",
        kind="own_accounts",
        amount="10",
        from_type="Cuenta Ahorro",
        to_type="Cuenta Corriente",
    )
    headers = sign_in(bank_api, "DEMO-MX-RECIBE")
    step_up(bank_api, headers)
    theirs = bank_api.post(
        "/api/transfers/confirm", headers=headers, json={"transfer_id": proposal.confirmation.transfer_id}
    )
    missing = bank_api.post(
        "/api/transfers/confirm", headers=headers, json={"transfer_id": "00000000-0000-4000-8000-000000000000"}
    )
    assert theirs.status_code == missing.status_code == 404 and theirs.json() == missing.json()


def test_action_buttons_and_another_customers_batch(bank_api):
    gateway = bank_api.app.state.services.gateway
    view = bank_api.portal.call(
        lambda: gateway.propose(Caller(VALERIA, True, "es"), [Requested("set_alert", {"kind": "payment_due"})])
    )
    other = sign_in(bank_api, "DEMO-MX-RECIBE")
    assert bank_api.post(f"/api/actions/{view.batch_id}/confirm", headers=other).status_code == 404
    mine = sign_in(bank_api, VALERIA)
    done = bank_api.post(f"/api/actions/{view.batch_id}/confirm", headers=mine)
    assert done.status_code == 200 and done.json()["items"][0]["status"] == "verified"


def test_cancelling_a_card_answers_403_step_up_required_until_a_fresh_step_up(bank_api):
    camilo, card = "DEMO-CO-AMBIGUOUS", "DEMO-CO-AMBIGUOUS-CARD"
    services, resources = bank_api.app.state.services, bank_api.app.state.resources

    async def cancel_proposal():
        async with resources.pool.connection() as conn:
            await conn.execute("UPDATE core.products SET current_balance = 0 WHERE product_id = %s", (card,))
        return await services.gateway.propose(
            Caller(camilo, True, "es"), [Requested("cancel_card", {"product_id": card})]
        )

    view = bank_api.portal.call(cancel_proposal)
    headers = sign_in(bank_api, camilo)
    refused = bank_api.post(f"/api/actions/{view.batch_id}/confirm", headers=headers)
    assert refused.status_code == 403 and refused.json()["error"] == "step_up_required"
    assert refused.json()["messages"]["es"].startswith("Por seguridad")
    assert refused.json()["messages"]["pt"].startswith("Por segurança")
    step_up(bank_api, headers)
    done = bank_api.post(f"/api/actions/{view.batch_id}/confirm", headers=headers)
    assert done.status_code == 200 and done.json()["items"][0]["status"] == "verified"


def test_a_settled_transfer_answers_in_code_written_sentences(bank_api):
    headers = sign_in(bank_api, VALERIA)
    step_up(bank_api, headers)
    proposal = propose(
        bank_api,
        VALERIA,
        "pasa 10 de ahorro a corriente",
        kind="own_accounts",
        amount="10",
        from_type="Cuenta Ahorro",
        to_type="Cuenta Corriente",
    )
    body = {"transfer_id": proposal.confirmation.transfer_id}
    done = bank_api.post("/api/transfers/confirm", headers=headers, json=body).json()
    assert isinstance(done["receipt"], dict) and done["text"] == done["receipt"]["text"]
    assert done["text"].startswith("Transferencia entre tus cuentas:") and "Referencia: K-" in done["text"]
    other = propose(
        bank_api,
        VALERIA,
        "pasa 10 de ahorro a corriente",
        kind="own_accounts",
        amount="10",
        from_type="Cuenta Ahorro",
        to_type="Cuenta Corriente",
    )
    cancelled = bank_api.post(
        "/api/transfers/cancel", headers=headers, json={"transfer_id": other.confirmation.transfer_id}
    ).json()
    assert cancelled["text"] == "Cancelaste la transferencia; no movimos dinero."


def test_the_old_khipu_urls_still_confirm_and_cancel(bank_api):
    headers = sign_in(bank_api, VALERIA)
    step_up(bank_api, headers)
    words, arguments = "pasa 10 de ahorro a corriente", {"kind": "own_accounts", "amount": "10"}
    arguments |= {"from_type": "Cuenta Ahorro", "to_type": "Cuenta Corriente"}
    kept = {"transfer_id": propose(bank_api, VALERIA, words, **arguments).confirmation.transfer_id}
    done = bank_api.post("/api/khipu/confirm", headers=headers, json=kept)
    assert done.status_code == 200 and done.json()["status"] == "executed"
    assert bank_api.post("/api/transfers/confirm", headers=headers, json=kept).json() == done.json()
    dropped = {"transfer_id": propose(bank_api, VALERIA, words, **arguments).confirmation.transfer_id}
    assert bank_api.post("/api/khipu/cancel", headers=headers, json=dropped).json()["status"] == "cancelled"


def test_two_payments_asked_in_one_message_get_a_button_each(bank_api):
    """Both cards reach the client, in order, and each is confirmed through its own button."""
    headers = sign_in(bank_api, VALERIA)
    said = {"message": "paga la luz y el agua con la de cheques", "thread_id": "two-bills"}
    body = bank_api.post("/api/chat", headers=headers, json=said).json()
    cards = body["confirmations"]
    assert [c["kind"] for c in cards] == ["pay_service", "pay_service"], body
    assert body["confirmation"] == cards[-1] and len({c["transfer_id"] for c in cards}) == 2
    assert all(c["text"] in body["reply"] for c in cards)
    step_up(bank_api, headers)
    for card in cards:
        done = bank_api.post("/api/transfers/confirm", headers=headers, json={"transfer_id": card["transfer_id"]})
        assert done.status_code == 200 and done.json()["status"] == "executed", done.text


def test_withdrawing_a_card_already_confirmed_says_it_was_done(bank_api):
    """The button pressed, then "no, mejor no": the reply says what the bank did, never that nothing was done."""
    headers = sign_in(bank_api, VALERIA)
    said = {"message": "paga el internet con la de cheques", "thread_id": "done-then-no"}
    card = bank_api.post("/api/chat", headers=headers, json=said).json()["confirmation"]
    step_up(bank_api, headers)
    done = bank_api.post("/api/transfers/confirm", headers=headers, json={"transfer_id": card["transfer_id"]})
    assert done.json()["status"] == "executed", done.text
    later = {"message": "no espera, mejor no lo pagues", "thread_id": "done-then-no"}
    reply = bank_api.post("/api/chat", headers=headers, json=later).json()["reply"]
    assert "ya se hizo" in reply and "no se hizo nada" not in reply, reply


def _transfer_status(api, customer, transfer_id):
    money = api.app.state.services.money
    return api.portal.call(lambda: _stored_status(money, customer, transfer_id))


async def _stored_status(money, customer, transfer_id):
    async with money.store.unit_of_work() as uow:
        return (await uow.proposal(customer, transfer_id)).status


def test_words_after_a_lookup_withdraw_every_card_still_waiting(bank_api):
    """Two bills shown, a balance looked up, then "no espera, mejor no pagues nada": both cards are withdrawn (the
    conversation keeps every card still waiting, not only its last request's), the reply names them; a bare thanks
    answers the last reply and withdraws nothing."""
    headers = sign_in(bank_api, ANDRES)  # bills no other test of this module pays

    def chat(message):
        said = {"message": message, "thread_id": "two-bills-then-no"}
        return bank_api.post("/api/chat", headers=headers, json=said).json()

    cards = chat("paga la luz y el agua con la de ahorros")["confirmations"]
    assert len(cards) == 2
    chat("cuanto tengo en la corriente?")
    assert "dejé sin efecto" not in chat("ok gracias")["reply"]
    reply = chat("no espera, mejor no pagues nada")["reply"]
    said = reply.lower()
    assert "dejé sin efecto" in said and "luz" in said and "agua" in said and "no estoy seguro" not in said, reply
    assert {_transfer_status(bank_api, ANDRES, c["transfer_id"]) for c in cards} == {"cancelled"}


def test_withdrawing_two_cards_one_of_them_confirmed_tells_them_apart(bank_api):
    """One of two bills paid with the button, then "olvídalo, no pagues nada": the reply says which was done and
    which was withdrawn, and the one withdrawn is cancelled."""
    headers = sign_in(bank_api, SOFIA)  # bills no other test of this module pays

    def chat(message):
        said = {"message": message, "thread_id": "one-done-one-not"}
        return bank_api.post("/api/chat", headers=headers, json=said).json()

    light, water = chat("pagame la luz y el agua")["confirmations"]
    step_up(bank_api, headers)
    done = bank_api.post("/api/transfers/confirm", headers=headers, json={"transfer_id": light["transfer_id"]})
    assert done.json()["status"] == "executed", done.text
    reply = chat("mejor no pagues nada")["reply"]
    done, undone = reply.lower().split("dejé")
    assert "ya se hizo" in done and "luz" in done and "agua" in undone, reply
    assert _transfer_status(bank_api, SOFIA, water["transfer_id"]) == "cancelled"


def test_refusing_one_of_the_bills_waiting_withdraws_that_card_only(bank_api):
    """Three bills shown, then the customer refuses one by name ("olvídate de lo del internet"), later another
    with a verb ("el agua no la pagues"): each time only the card of the bill named is withdrawn; a bill named that
    no card pays withdraws nothing."""
    diego = "DEMO-MX-OWN-PURCHASE"  # bills no other test of this module pays
    headers = sign_in(bank_api, diego)

    def chat(message):
        said = {"message": message, "thread_id": "three-bills-one-refused"}
        return bank_api.post("/api/chat", headers=headers, json=said).json()

    light, water, web = chat("pagame la luz, el agua y el internet")["confirmations"]
    reply = chat("olvidate de lo del internet")["reply"]
    assert "internet" in reply.lower() or "sin efecto" in reply.lower(), reply
    status = {name: card["transfer_id"] for name, card in (("luz", light), ("agua", water), ("internet", web))}

    def statuses():
        return {name: _transfer_status(bank_api, diego, tid) for name, tid in status.items()}

    assert statuses() == {"luz": "proposed", "agua": "proposed", "internet": "cancelled"}
    chat("y el gas tampoco lo pagues")
    assert statuses()["luz"] == statuses()["agua"] == "proposed"
    chat("el agua mejor no la pagues")
    assert statuses() == {"luz": "proposed", "agua": "cancelled", "internet": "cancelled"}


def test_one_bill_refused_beside_the_one_kept_pays_only_the_kept(bank_api):
    """Two bills shown, then "el del agua no, solo la luz": both waiting cards are withdrawn and one new card pays the
    light, so one card for the light waits, none for the water."""
    mariana = "DEMO-MX-FX"  # bills no other test of this module pays
    headers = sign_in(bank_api, mariana)

    def chat(message):
        said = {"message": message, "thread_id": "two-bills-one-kept"}
        return bank_api.post("/api/chat", headers=headers, json=said).json()

    light, water = chat("pagame la luz y el agua porfa")["confirmations"]
    body = chat("el del agua no, solo la luz")
    (again,) = body["confirmations"]
    assert "Compañía de Luz" in again["text"], body["reply"]
    withdrawn = {_transfer_status(bank_api, mariana, c["transfer_id"]) for c in (light, water)}
    assert withdrawn == {"cancelled"}
    assert _transfer_status(bank_api, mariana, again["transfer_id"]) == "proposed"


def test_paying_from_there_pays_from_the_account_just_shown(bank_api):
    """The minimum asked, the savings shown, then "listo, pagueme el minimo desde ahi": the card's minimum, from the
    savings account the last answer showed."""
    headers = sign_in(bank_api, ANDRES)

    def chat(message):
        said = {"message": message, "thread_id": "minimum-from-there"}
        return bank_api.post("/api/chat", headers=headers, json=said).json()

    chat("cuanto es el pago minimo de la tarjeta")
    chat("y cuanta plata me queda en la de ahorros")
    (card,) = chat("listo, pagueme el minimo desde ahi")["confirmations"]
    assert "100.000,00" in card["text"] and "ahorro" in card["text"] and "1001" in card["text"], card["text"]


def test_a_bill_picked_from_the_list_is_one_card_more_beside_the_card_waiting(bank_api):
    """The card's minimum prepared, the bills listed, then "solo el del agua por ahora": the water bill's card is
    prepared beside the card's payment, which still waits (a bill picked corrects nothing)."""
    lucia = "DEMO-MX-DUPLICATE"  # bills no other test of this module pays
    headers = sign_in(bank_api, lucia)

    def chat(message):
        said = {"message": message, "thread_id": "card-then-a-bill-picked"}
        return bank_api.post("/api/chat", headers=headers, json=said).json()

    (card,) = chat("paga el minimo de la tarjeta con la de ahorro")["confirmations"]
    assert "cuál quieres pagar" in chat("que recibos tengo pendientes?")["reply"].lower()
    body = chat("solo el del agua por ahora, la luz la pago despues")
    assert "aguas de la ciudad" in body["reply"].lower() and "sin efecto" not in body["reply"].lower(), body
    (water,) = body["confirmations"]  # one account to pay from: no question of which
    assert _transfer_status(bank_api, lucia, card["transfer_id"]) == "proposed"
    assert _transfer_status(bank_api, lucia, water["transfer_id"]) == "proposed"
