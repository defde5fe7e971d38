"""Step-up: a one-time code through the outbox; works once, expires, three wrong tries burn it."""

import re

import pytest

from support import sign_in

ANDRES = "DEMO-CO-PENDING"


@pytest.fixture
def session(api):
    return sign_in(api, ANDRES)


def latest_code(api, headers) -> str:
    messages = api.get("/api/me/outbox", headers=headers).json()
    code_mails = [m for m in messages if m["template"] == "step_up_code"]
    return re.search(r"\b(\d{6})\b", code_mails[0]["body"]).group(1)


def test_code_arrives_in_the_outbox_masked_and_in_the_customer_language(api, session):
    sent = api.post("/api/auth/step-up", headers=session)
    assert sent.status_code == 200
    assert sent.json() == {"sent": True, "channel": "email", "destination": "d***@demo.bank", "expires_in": 300}
    (mail,) = [m for m in api.get("/api/me/outbox", headers=session).json() if m["template"] == "step_up_code"]
    assert mail["mode"] == "simulated" and mail["status"] == "accepted" and mail["language"] == "es"
    assert "código de verificación" in mail["body"]


def test_portuguese_customer_gets_the_code_in_portuguese(api):
    headers = sign_in(api, "DEMO-BR-PORTUGUESE")
    api.post("/api/auth/step-up", headers=headers)
    (mail,) = [m for m in api.get("/api/me/outbox", headers=headers).json() if m["template"] == "step_up_code"]
    assert mail["language"] == "pt" and "Seu código" in mail["body"]


def test_right_code_stamps_the_session_once(api, session):
    assert api.get("/api/me", headers=session).json()["stepped_up"] is False
    api.post("/api/auth/step-up", headers=session)
    code = latest_code(api, session)
    verified = api.post("/api/auth/step-up/verify", headers=session, json={"code": code})
    assert verified.status_code == 200 and set(verified.json()) == {"step_up_at", "valid_until"}
    assert api.get("/api/me", headers=session).json()["stepped_up"] is True
    again = api.post("/api/auth/step-up/verify", headers=session, json={"code": code})
    assert again.status_code == 400 and again.json()["error"] == "step_up_code_expired"


def test_step_up_lasts_ten_minutes(api, session, clock):
    api.post("/api/auth/step-up", headers=session)
    api.post("/api/auth/step-up/verify", headers=session, json={"code": latest_code(api, session)})
    clock.advance(minutes=9)
    assert api.get("/api/me", headers=session).json()["stepped_up"] is True
    clock.advance(minutes=2)
    assert api.get("/api/me", headers=session).json()["stepped_up"] is False


def test_code_expires_after_five_minutes(api, session, clock):
    api.post("/api/auth/step-up", headers=session)
    code = latest_code(api, session)
    clock.advance(minutes=5, seconds=1)
    response = api.post("/api/auth/step-up/verify", headers=session, json={"code": code})
    assert response.status_code == 400 and response.json()["error"] == "step_up_code_expired"


def test_three_wrong_tries_burn_the_code(api, session):
    api.post("/api/auth/step-up", headers=session)
    code = latest_code(api, session)
    wrong = f"{(int(code) + 1) % 10**6:06d}"
    for _ in range(3):
        response = api.post("/api/auth/step-up/verify", headers=session, json={"code": wrong})
        assert response.json()["error"] == "step_up_code_invalid"
    burned = api.post("/api/auth/step-up/verify", headers=session, json={"code": code})
    assert burned.status_code == 400 and burned.json()["error"] == "step_up_code_expired"
    assert api.get("/api/me", headers=session).json()["stepped_up"] is False


def test_a_new_code_replaces_the_old_one(api, session):
    api.post("/api/auth/step-up", headers=session)
    first = latest_code(api, session)
    api.post("/api/auth/step-up", headers=session)
    second = latest_code(api, session)
    if first != second:
        assert api.post("/api/auth/step-up/verify", headers=session, json={"code": first}).status_code == 400
    assert api.post("/api/auth/step-up/verify", headers=session, json={"code": second}).status_code == 200


def test_verify_without_a_code_requested(api):
    headers = sign_in(api, "DEMO-MX-FX")
    response = api.post("/api/auth/step-up/verify", headers=headers, json={"code": "123456"})
    assert response.status_code == 400 and response.json()["error"] == "step_up_not_requested"


def test_another_session_cannot_use_the_code(api, session):
    api.post("/api/auth/step-up", headers=session)
    code = latest_code(api, session)
    other_session = sign_in(api, ANDRES)
    response = api.post("/api/auth/step-up/verify", headers=other_session, json={"code": code})
    assert response.status_code == 400
