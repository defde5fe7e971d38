"""Step-up: a one-time code through the outbox; works once, expires, three wrong tries burn it; the code is
never where the customer API can read it (outside the local demo tray); codes and failures are budgeted."""

import re
import threading

import pytest
from test_mail import smtp_server  # noqa: F401  (fixture)

from quipu.adapters.postgres.accounts_admin import unlock_customer
from quipu.settings import InsecureSettings, Settings
from support import TEST_SECRET, sign_in

ANDRES = "DEMO-CO-PENDING"
SIX_DIGITS = re.compile(r"\b(\d{6})\b")


@pytest.fixture(autouse=True)
def fresh_budgets(admin):
    """Tests share the demo customers; each starts with no codes spent today."""
    admin.execute("DELETE FROM ops.step_up_codes")
    admin.execute("DELETE FROM ops.step_up_resets")
    admin.execute("DELETE FROM ops.rate_limits WHERE bucket LIKE 'step-up%'")


@pytest.fixture
def session(api):
    return sign_in(api, ANDRES)


def latest_code(api, headers) -> str:
    messages = api.get("/api/me/outbox", headers=headers).json()
    code_mails = [m for m in messages if m["template"] == "step_up_code"]
    return SIX_DIGITS.search(code_mails[0]["body"]).group(1)


def verify(api, headers, code: str):
    return api.post("/api/auth/step-up/verify", headers=headers, json={"code": code})


def wrong(code: str) -> str:
    return f"{(int(code) + 1) % 10**6:06d}"


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
    verified = verify(api, session, code)
    assert verified.status_code == 200 and set(verified.json()) == {"step_up_at", "valid_until"}
    assert api.get("/api/me", headers=session).json()["stepped_up"] is True
    again = verify(api, session, code)
    assert again.status_code == 400 and again.json()["error"] == "step_up_code_invalid"


def test_step_up_lasts_ten_minutes(api, session, clock):
    api.post("/api/auth/step-up", headers=session)
    verify(api, session, latest_code(api, session))
    clock.advance(minutes=9)
    assert api.get("/api/me", headers=session).json()["stepped_up"] is True
    clock.advance(minutes=2)
    assert api.get("/api/me", headers=session).json()["stepped_up"] is False


def test_code_expires_after_five_minutes(api, session, clock):
    api.post("/api/auth/step-up", headers=session)
    code = latest_code(api, session)
    clock.advance(minutes=5, seconds=1)
    response = verify(api, session, code)
    assert response.status_code == 400 and response.json()["error"] == "step_up_code_invalid"


def test_three_wrong_tries_burn_the_code(api, session):
    api.post("/api/auth/step-up", headers=session)
    code = latest_code(api, session)
    for _ in range(3):
        assert verify(api, session, wrong(code)).json()["error"] == "step_up_code_invalid"
    assert verify(api, session, code).status_code == 400
    assert api.get("/api/me", headers=session).json()["stepped_up"] is False


def test_a_burnt_code_and_a_wrong_code_get_the_same_answer(api, session):
    api.post("/api/auth/step-up", headers=session)
    code = latest_code(api, session)
    wrong_answers = [verify(api, session, wrong(code)) for _ in range(3)]
    burnt = verify(api, session, code)
    assert {(r.status_code, r.content) for r in wrong_answers} == {(burnt.status_code, burnt.content)}


def test_a_new_code_replaces_the_old_one(api, session):
    api.post("/api/auth/step-up", headers=session)
    first = latest_code(api, session)
    api.post("/api/auth/step-up", headers=session)
    second = latest_code(api, session)
    if first != second:
        assert verify(api, session, first).status_code == 400
    assert verify(api, session, second).status_code == 200


def test_verify_without_a_code_requested(api):
    headers = sign_in(api, "DEMO-MX-FX")
    response = verify(api, headers, "123456")
    assert response.status_code == 400 and response.json()["error"] == "step_up_not_requested"


def test_another_session_cannot_use_the_code(api, session):
    api.post("/api/auth/step-up", headers=session)
    code = latest_code(api, session)
    assert verify(api, sign_in(api, ANDRES), code).status_code == 400


# --- the code is not readable with the same token -----------------------------------------------------------


def test_with_codes_hidden_no_row_the_customer_api_returns_holds_the_code(make_client, admin):
    api = make_client(show_step_up_codes=False)
    headers = sign_in(api, ANDRES)
    (before,) = admin.execute("SELECT coalesce(max(message_id), 0) FROM ops.outbox").fetchone()
    assert api.post("/api/auth/step-up", headers=headers).status_code == 200
    mail = [m for m in api.get("/api/me/outbox", headers=headers).json() if m["template"] == "step_up_code"][0]
    assert mail["message_id"] > before
    assert not SIX_DIGITS.search(mail["body"]) and "d***@demo.bank" in mail["body"]
    stored = admin.execute("SELECT subject, body FROM ops.outbox WHERE message_id > %s", (before,)).fetchall()
    assert len(stored) == 1 and not SIX_DIGITS.search(" ".join(stored[0]))


def test_smtp_mail_carries_the_code_while_the_stored_copy_does_not(make_client, smtp_server, admin):  # noqa: F811
    port = smtp_server.server_address[1]
    api = make_client(
        mail_mode="smtp", smtp_host="127.0.0.1", smtp_port=port, mail_allowlist="demo-co-pending@demo.bank"
    )
    headers = sign_in(api, ANDRES)
    api.post("/api/auth/step-up", headers=headers)
    (recipients, data) = smtp_server.received[-1]
    code = SIX_DIGITS.search(data).group(1)
    mail = [m for m in api.get("/api/me/outbox", headers=headers).json() if m["template"] == "step_up_code"][0]
    assert mail["mode"] == "smtp" and mail["status"] == "accepted" and code not in mail["body"]
    assert verify(api, headers, code).status_code == 200


def test_showing_codes_is_refused_outside_local_mode_with_simulated_mail():
    cloud = {
        "env": "cloud",
        "database_url": "postgresql://owner:pw@db.bank.example/quipu",
        "app_database_url": "postgresql://app:pw@db.bank.example/quipu",
        "reader_database_url": "postgresql://dwh_reader:pw@db.bank.example/quipu",
        "jwt_secret": TEST_SECRET * 2,
    }
    assert Settings(**cloud).step_up_codes_shown is False
    assert Settings(jwt_secret=TEST_SECRET).step_up_codes_shown is True
    assert Settings(jwt_secret=TEST_SECRET, mail_mode="smtp", smtp_host="mail").step_up_codes_shown is False
    for refused in (
        {**cloud, "show_step_up_codes": True},
        {"mail_mode": "smtp", "smtp_host": "m", "show_step_up_codes": True},
    ):
        with pytest.raises((InsecureSettings, ValueError)):
            Settings(**refused)


# --- budgets and rate limits ---------------------------------------------------------------------------------


def test_a_session_gets_three_codes_in_fifteen_minutes(make_client, clock):
    api = make_client(access_token_minutes=60)
    headers = sign_in(api, ANDRES)
    assert [api.post("/api/auth/step-up", headers=headers).status_code for _ in range(4)] == [200, 200, 200, 429]
    assert api.post("/api/auth/step-up", headers=headers).json()["error"] == "step_up_too_many_codes"
    clock.advance(minutes=16)
    assert api.post("/api/auth/step-up", headers=headers).status_code == 200


def test_a_customer_gets_five_codes_in_fifteen_minutes_across_sessions(api):
    sessions = [sign_in(api, ANDRES) for _ in range(3)]
    statuses = [api.post("/api/auth/step-up", headers=s).status_code for s in sessions for _ in range(2)]
    assert statuses == [200] * 5 + [429]


def test_five_wrong_codes_lock_the_session_until_a_new_sign_in(api):
    headers = sign_in(api, ANDRES)
    api.post("/api/auth/step-up", headers=headers)
    code = latest_code(api, headers)
    for _ in range(3):
        verify(api, headers, wrong(code))
    api.post("/api/auth/step-up", headers=headers)
    code = latest_code(api, headers)
    assert [verify(api, headers, wrong(code)).status_code for _ in range(2)] == [400, 400]
    locked = verify(api, headers, code)
    assert locked.status_code == 423 and locked.json()["error"] == "step_up_session_locked"
    assert api.post("/api/auth/step-up", headers=headers).json()["error"] == "step_up_session_locked"
    fresh = sign_in(api, ANDRES)
    api.post("/api/auth/step-up", headers=fresh)
    assert verify(api, fresh, latest_code(api, fresh)).status_code == 200


def spend_failures(api, headers, n: int) -> None:
    while n > 0:
        assert api.post("/api/auth/step-up", headers=headers).status_code == 200
        code = latest_code(api, headers)
        for _ in range(min(3, n)):
            verify(api, headers, wrong(code))
        n -= min(3, n)


def test_ten_wrong_codes_in_a_day_lock_step_up_until_a_person_unlocks_it(make_client, admin, clock):
    api = make_client(access_token_minutes=60)
    first, second, third = (sign_in(api, ANDRES) for _ in range(3))  # tokens are signed with the real time
    spend_failures(api, first, 5)
    clock.advance(minutes=16)
    spend_failures(api, second, 5)
    clock.advance(minutes=16)
    refused = api.post("/api/auth/step-up", headers=third)
    assert refused.status_code == 423 and refused.json()["error"] == "step_up_locked"
    assert set(refused.json()["messages"]) == {"es", "pt"}
    clock.advance(minutes=20)
    assert api.post("/api/auth/step-up", headers=third).status_code == 423
    unlock_customer(admin, ANDRES, by="test", at=clock.now)
    clock.advance(seconds=1)
    api.post("/api/auth/step-up", headers=third)
    assert verify(api, third, latest_code(api, third)).status_code == 200


def test_concurrent_verifications_spend_exactly_the_codes_three_tries(api, admin):
    headers = sign_in(api, ANDRES)
    api.post("/api/auth/step-up", headers=headers)
    code = latest_code(api, headers)
    answers = []
    threads = [
        threading.Thread(target=lambda n=n: answers.append(verify(api, headers, f"{(int(code) + n) % 10**6:06d}")))
        for n in range(1, 13)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert len(answers) == 12 and {a.json()["error"] for a in answers} == {"step_up_code_invalid"}
    tries_left, failures = admin.execute(
        "SELECT tries_left, failures FROM ops.step_up_codes WHERE customer_id = %s", (ANDRES,)
    ).fetchone()
    assert (tries_left, failures) == (0, 3)
    assert verify(api, headers, code).status_code == 400


def test_step_up_endpoints_are_rate_limited(api):
    headers = sign_in(api, "DEMO-MX-FX")
    statuses = [verify(api, headers, "000000").status_code for _ in range(21)]
    assert statuses == [400] * 20 + [429]
    assert verify(api, headers, "000000").json()["error"] == "too_many_requests"
