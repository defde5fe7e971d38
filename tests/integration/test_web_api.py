"""The API behind the web pages: the streamed turn, cards kept with the conversation, Mis productos, the page 404,
and the words Mis finanzas writes."""

import json

import pytest

from quipu.domain.finances import categories, month_label, notes
from story_model import StoryModel
from support import sign_in


@pytest.fixture
def story_api(make_client):
    return make_client(model=StoryModel())


def test_the_streamed_turn_says_its_steps_then_returns_the_same_turn(story_api):
    headers = sign_in(story_api)
    with story_api.stream(
        "POST",
        "/api/chat/stream",
        headers=headers,
        json={"message": "no reconozco estos cargos de Uber", "thread_id": "streamed"},
    ) as response:
        assert response.status_code == 200 and response.headers["content-type"].startswith("application/x-ndjson")
        lines = [json.loads(line) for line in response.iter_lines() if line]
    steps = [line["step"] for line in lines if "step" in line]
    assert steps[0] == "understanding" and "looking_up" in steps and steps[-1] == "writing"
    assert steps == sorted(steps, key=["understanding", "looking_up", "writing"].index)
    turn = lines[-1]["turn"]
    assert turn["thread_id"] == "streamed" and "312" in turn["reply"]
    plain = story_api.post(
        "/api/chat", headers=headers, json={"message": "no reconozco estos cargos de Uber", "thread_id": "plain"}
    ).json()
    assert set(plain) == set(turn) and plain["reply"] == turn["reply"]


def test_the_streamed_turn_refuses_bad_input_with_the_usual_error(story_api):
    response = story_api.post("/api/chat/stream", headers=sign_in(story_api), json={"message": "  "})
    assert response.status_code == 422 and response.json()["error"] == "empty_message"


def test_a_conversation_keeps_its_cards_in_their_current_state(story_api, cards_left_active):
    headers = sign_in(story_api, "DEMO-MX-OWN-PURCHASE")
    turn = story_api.post(
        "/api/chat", headers=headers, json={"message": "bloquea mi tarjeta", "thread_id": "cards"}
    ).json()
    story_api.post(f"/api/actions/{turn['actions']['batch_id']}/confirm", headers=headers, json={})
    conversation = story_api.get("/api/me/conversations/cards", headers=headers).json()
    [card] = conversation["cards"]
    assert card["kind"] == "actions" and card["view"]["batch_id"] == turn["actions"]["batch_id"]
    assert card["view"]["items"][0]["status"] == "verified"
    assert story_api.get("/api/me/conversations/cards", headers=sign_in(story_api)).status_code == 404


def test_mis_productos_lists_each_product_with_status_balance_and_movements(story_api):
    products = story_api.get("/api/me/products", headers=sign_in(story_api)).json()
    card = next(p for p in products if p["product_id"] == "DEMO-MX-DUPLICATE-CARD")
    assert card["last4"] == "4100" and card["status"] in ("Active", "Blocked") and card["currency"] == "MXN"
    assert 0 < len(card["movements"]) <= 3 and all(m["currency"] == "MXN" for m in card["movements"])
    assert all(p["product_id"].startswith("DEMO-MX-DUPLICATE") for p in products)


def test_a_wrong_page_address_is_a_page_in_the_customers_language_and_the_api_keeps_json(make_client):
    api = make_client()
    api.cookies.set("quipu_lang", "pt")
    page = api.get("/no-existe")
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "Não encontramos esta página" in page.text and 'lang="pt-BR"' in page.text
    assert api.get("/api/no-existe").json()["error"] == "not_found"
    for path in ("/inicio", "/mis-productos"):
        assert api.get(path).status_code == 200


def test_mis_finanzas_writes_months_plurals_and_one_others_slice():
    assert month_label("2026-03", "es") == "mar 2026" and month_label("2026-09", "pt") == "set 2026"
    block = {
        "spend": "100.00",
        "transactions": 2,
        "max_ticket": {"merchant": "Uber", "amount": "60.00"},
        "monthly": [["2026-03", "100.00"]],
    }
    one = notes(block, days=30, currency="MXN", language="es", alerts=1, top=[])
    two = notes(block, days=30, currency="MXN", language="es", alerts=2, top=[])
    assert "(s)" not in one["tip"] + two["tip"] and "un posible cargo repetido" in one["tip"]
    assert "2 posibles cargos repetidos" in two["tip"] and "mar 2026" in one["monthly"]
    sliced = categories({"Food": "5", "Other": "3", "Health": "2", "A": "1", "B": "1", "C": "1", "D": "1"}, "pt")
    assert [c["name"] for c in sliced].count("Outros") == 1 and sliced[-1] == {"name": "Outros", "amount": "4.00"}
