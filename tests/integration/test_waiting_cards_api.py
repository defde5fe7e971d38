"""Cards waiting for the button, over HTTP, checked in the rows: words that ask for something else, or refuse a bill no
card pays, withdraw nothing."""

import pytest
from starlette.testclient import TestClient

from quipu.adapters.llm.scripted import ScriptedModel
from quipu.service import create_app
from quipu.settings import Settings
from stack import TEST_HOME
from support import TEST_SECRET, sign_in

VALERIA = "DEMO-MX-KHIPU"


@pytest.fixture
def bank_api(bank_db, clock):
    settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET)
    with TestClient(
        create_app(settings, clock=clock, urls=bank_db, model=ScriptedModel()), client=("10.201.0.1", 50000)
    ) as client:
        yield client


def _statuses(api, customer, transfer_ids):
    """The transfers' statuses as stored."""
    store = api.app.state.services.money.store

    async def read():
        async with store.unit_of_work() as uow:
            return {tid: (await uow.proposal(customer, tid)).status for tid in transfer_ids}

    return api.portal.call(read)


def test_two_requests_beside_a_waiting_bill_keep_it_and_come_as_one_card(bank_api):
    """A card payment and the water's card wait; "me mandas el resumen al correo y que me marquen en la noche?"
    asks two actions of its own: one card with both, and the payments still wait. Then "el internet no, ese lo pago
    el otro mes" names a bill no card pays: nothing is withdrawn, and the reply says what still waits."""
    headers = sign_in(bank_api, VALERIA)

    shown: list[str] = []

    def chat(message):
        said = {"message": message, "thread_id": "bill-then-two-actions"}
        body = bank_api.post("/api/chat", headers=headers, json=said).json()
        shown.extend(c["transfer_id"] for c in body["confirmations"])
        return body

    chat("kiero pagar mi tarjeta")
    chat("el minimo, de la de cheques")
    chat("perdon, mejor que sea de la de ahorro")
    water = chat("y de una vez paga el agua desde esa misma cuenta")
    assert water["confirmations"], water["reply"]
    before = _statuses(bank_api, VALERIA, shown)
    assert list(before.values()).count("proposed") == 2, before
    chat("oye y si no le pico al boton que pasa, se borra sola?")
    assert _statuses(bank_api, VALERIA, shown) == before
    body = chat("me mandas el resumen al correo y que me marquen en la noche?")
    assert "sin efecto" not in body["reply"].lower(), body["reply"]
    assert body["actions"] and len(body["actions"]["items"]) == 2, body
    assert _statuses(bank_api, VALERIA, shown) == before
    body = chat("el internet no, ese lo pago el otro mes")
    assert "sin efecto" not in body["reply"].lower(), body["reply"]
    assert _statuses(bank_api, VALERIA, shown) == before


def test_a_bill_refused_that_no_card_pays_withdraws_nothing(bank_api):
    """The card's payment and an e-mail wait, no bill's card: "el internet no, ese lo pago el otro mes" withdraws
    nothing."""
    headers = sign_in(bank_api, VALERIA)

    def chat(message):
        said = {"message": message, "thread_id": "card-then-a-bill-refused"}
        return bank_api.post("/api/chat", headers=headers, json=said).json()

    (card,) = chat("paga el minimo de mi tarjeta con mi cuenta de ahorro")["confirmations"]
    assert chat("y mandame el resumen al correo")["actions"]
    reply = chat("el internet no, ese lo pago el otro mes")["reply"]
    assert "sin efecto" not in reply.lower(), reply
    assert _statuses(bank_api, VALERIA, [card["transfer_id"]]) == {card["transfer_id"]: "proposed"}


def test_a_yes_or_a_question_of_its_cost_after_a_card_points_to_its_button(bank_api):
    """A summary's card shown, then "si dale": the button does it, and the reply says so (no greeting, no card more);
    "¿tiene algún costo?" is answered of that card, saying plainly that its cost is not in the records."""
    headers = sign_in(bank_api, VALERIA)

    def chat(message):
        said = {"message": message, "thread_id": "yes-to-a-card"}
        return bank_api.post("/api/chat", headers=headers, json=said).json()

    assert chat("mandame el resumen de mis movimientos por correo")["actions"]
    yes = chat("si dale")
    assert "confirmar" in yes["reply"].lower() and "en qué te ayudo" not in yes["reply"].lower(), yes["reply"]
    assert not yes["actions"] and not yes["confirmations"], yes
    cost = chat("tiene algun costo?")
    assert "no está en los registros" in cost["reply"] and "botón" in cost["reply"], cost["reply"]
    assert not cost["actions"] and not cost["confirmations"], cost
