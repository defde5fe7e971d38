"""Pages show what just happened: a transfer confirmed now is the newest movement, dated today on the customer's
clock, every movement of a product is one link away, and receipts say the local time."""

from datetime import datetime
from decimal import Decimal

import pytest
from starlette.testclient import TestClient
from test_money_api import VALERIA, propose, step_up

from quipu.adapters.llm.scripted import ScriptedModel
from quipu.domain.locale import MEXICO, local, local_moment
from quipu.service import create_app
from quipu.settings import Settings
from stack import TEST_HOME
from support import TEST_SECRET, sign_in


@pytest.fixture
def bank_api(bank_db, clock):
    """The module's own bank: transfers change it."""
    settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET)
    with TestClient(create_app(settings, clock=clock, urls=bank_db, model=ScriptedModel())) as client:
        yield client


def test_a_transfer_just_confirmed_is_the_newest_movement_dated_today_and_its_receipt_in_local_time(bank_api, clock):
    headers = sign_in(bank_api, VALERIA)
    step_up(bank_api, headers)
    for amount in ("500", "300"):
        clock.advance(seconds=5)
        proposal = propose(
            bank_api,
            VALERIA,
            f"pasa {amount} de ahorro a corriente",
            kind="own_accounts",
            amount=amount,
            from_type="Cuenta Ahorro",
            to_type="Cuenta Corriente",
        )
        body = {"transfer_id": proposal.confirmation.transfer_id}
        done = bank_api.post("/api/transfers/confirm", headers=headers, json=body).json()
        assert done["status"] == "executed", done
        assert "UTC" not in done["receipt"]["text"] and local_moment(clock.now, MEXICO) in done["receipt"]["text"]
    products = bank_api.get("/api/me/products", headers=headers).json()
    savings = next(p for p in products if p["product_type"] == "Cuenta Ahorro")
    newest, before = savings["movements"][:2]
    assert (Decimal(newest["amount"]), Decimal(before["amount"])) == (300, 500), savings["movements"]
    assert datetime.fromisoformat(newest["date"]).date() == local(clock.now, MEXICO).date()  # today, not 18 jun 2026
    every = bank_api.get(f"/api/me/products/{savings['product_id']}/movements", headers=headers).json()
    assert every[: len(savings["movements"])] == savings["movements"]
    assert [m["date"] for m in every] == sorted((m["date"] for m in every), reverse=True)
    elsewhere = bank_api.get("/api/me/products/DEMO-MX-DUPLICATE-CARD/movements", headers=headers)
    assert elsewhere.status_code == 404 and elsewhere.json()["error"] == "unknown_product"


def test_all_movements_are_one_link_away_newest_first(bank_api):
    headers = sign_in(bank_api, "DEMO-CO-AMBIGUOUS")
    products = bank_api.get("/api/me/products", headers=headers).json()
    card = max(products, key=lambda p: len(p["movements"]))
    every = bank_api.get(f"/api/me/products/{card['product_id']}/movements", headers=headers).json()
    assert len(every) > len(card["movements"]) and every[: len(card["movements"])] == card["movements"]
    assert [m["date"] for m in every] == sorted((m["date"] for m in every), reverse=True)


def test_me_says_the_locale_the_pages_write_in(bank_api):
    for customer, locale, comma in (
        ("DEMO-MX-DUPLICATE", "es-MX", False),
        ("DEMO-CO-PENDING", "es-CO", True),
        ("DEMO-AR-FRAUD", "es-AR", True),
        ("DEMO-BR-PORTUGUESE", "pt-BR", True),
    ):
        me = bank_api.get("/api/me", headers=sign_in(bank_api, customer)).json()
        assert (me["locale"], me["decimal_comma"]) == (locale, comma) and me["time_zone"].startswith("America/")
