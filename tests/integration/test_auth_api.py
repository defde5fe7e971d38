"""Customer sign-in, tokens and their attacks, lockout and rate limit, against real PostgreSQL."""

import base64
import hashlib
import hmac
import json
import statistics
import time
from datetime import UTC, datetime

import jwt
import pytest

from support import TEST_SECRET, sign_in

LUCIA = "DEMO-MX-DUPLICATE"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def forge(header: dict, payload: dict, key: bytes = b"") -> str:
    signing_input = f"{b64(json.dumps(header).encode())}.{b64(json.dumps(payload).encode())}"
    signature = hmac.new(key, signing_input.encode(), hashlib.sha256).digest() if key else b""
    return f"{signing_input}.{b64(signature)}"


def valid_payload(api, **changes) -> dict:
    token = sign_in(api)["Authorization"].split()[1]
    payload = jwt.decode(token, options={"verify_signature": False})
    payload.update(changes)
    return {k: v for k, v in payload.items() if v is not None}


def get_me(api, token: str):
    return api.get("/api/me", headers={"Authorization": f"Bearer {token}"})


def test_sign_in_by_id_or_email_gives_a_fifteen_minute_token(api):
    for user in (LUCIA, "demo-mx-duplicate@demo.bank", "Demo-MX-Duplicate@Demo.Bank"):
        body = api.post("/api/auth/token", json={"user": user, "password": "lucia-uber-duplicado"}).json()
        assert body["token_type"] == "bearer" and body["expires_in"] == 900 and body["customer_id"] == LUCIA
        claims = jwt.decode(body["access_token"], TEST_SECRET, algorithms=["HS256"], audience="quipu-customer")
        assert {"iss", "aud", "exp", "iat", "sub", "sid"} <= claims.keys() and claims["sub"] == LUCIA
        assert claims["exp"] - claims["iat"] == 900


def test_the_email_alias_of_user_is_accepted(api):
    response = api.post(
        "/api/auth/token", json={"email": "demo-co-pending@demo.bank", "password": "andres-amazon-pendiente"}
    )
    assert response.status_code == 200


def test_customer_id_is_not_a_password(api):
    response = api.post("/api/auth/token", json={"user": LUCIA, "password": LUCIA})
    assert response.status_code == 401


def test_wrong_user_and_wrong_password_get_the_same_401(api):
    wrong_password = api.post("/api/auth/token", json={"user": "DEMO-CO-PENDING", "password": "nope"})
    wrong_user = api.post("/api/auth/token", json={"user": "nobody@nowhere.test", "password": "nope"})
    assert wrong_password.status_code == wrong_user.status_code == 401
    assert wrong_password.json() == wrong_user.json()
    assert wrong_password.json()["error"] == "invalid_credentials"
    assert wrong_password.headers["www-authenticate"] == "Bearer"


@pytest.mark.slow
def test_unknown_user_and_wrong_password_take_the_same_time(make_client):
    api = make_client(login_rate_per_minute=1000, login_max_failures=10)

    def timed(user):
        start = time.perf_counter()
        assert api.post("/api/auth/token", json={"user": user, "password": "wrong"}).status_code == 401
        return time.perf_counter() - start

    known, unknown = [], []
    for n in range(8):
        known.append(timed("DEMO-MX-FX"))
        unknown.append(timed(f"ghost{n}@nowhere.test"))
    ratio = statistics.median(unknown) / statistics.median(known)
    print(
        f"median wrong-password {statistics.median(known) * 1000:.1f} ms, unknown user "
        f"{statistics.median(unknown) * 1000:.1f} ms, ratio {ratio:.2f}"
    )
    assert 0.6 < ratio < 1.6


def test_three_failures_lock_the_account_for_fifteen_minutes(api, clock):
    user = {"user": "DEMO-AR-REVERSED"}
    statuses = [api.post("/api/auth/token", json={**user, "password": "bad"}).status_code for _ in range(3)]
    assert statuses == [401, 401, 423]
    right = {**user, "password": "sofia-mercadolibre-revertido"}
    locked = api.post("/api/auth/token", json=right)
    assert locked.status_code == 423 and locked.json()["error"] == "account_locked"
    clock.advance(minutes=14)
    assert api.post("/api/auth/token", json=right).status_code == 423
    clock.advance(minutes=2)
    assert api.post("/api/auth/token", json=right).status_code == 200


def test_an_unknown_user_locks_exactly_like_a_real_one(api):
    statuses = [
        api.post("/api/auth/token", json={"user": "ghost@bank.test", "password": "x"}).status_code for _ in range(4)
    ]
    assert statuses == [401, 401, 423, 423]


def test_more_than_eight_attempts_a_minute_from_one_client_get_429(make_client, clock):
    api = make_client(login_max_failures=10)
    statuses = [
        api.post("/api/auth/token", json={"user": f"u{n}@x.test", "password": "x"}).status_code for n in range(9)
    ]
    assert statuses == [401] * 8 + [429]
    assert api.post("/api/auth/token", json={"user": LUCIA, "password": "lucia-uber-duplicado"}).status_code == 429
    clock.advance(seconds=61)
    assert api.post("/api/auth/token", json={"user": LUCIA, "password": "lucia-uber-duplicado"}).status_code == 200


def test_another_client_is_not_limited_by_the_first(make_client):
    noisy, quiet = make_client(), make_client()
    for n in range(9):
        noisy.post("/api/auth/token", json={"user": f"n{n}@x.test", "password": "x"})
    assert quiet.post("/api/auth/token", json={"user": "q@x.test", "password": "x"}).status_code == 401


@pytest.mark.parametrize(
    "attack",
    [
        "alg_none",
        "wrong_key",
        "rs256_header",
        "hs256_with_public_key",
        "wrong_aud",
        "wrong_iss",
        "expired",
        "missing_exp",
        "tampered_sub",
        "garbage",
    ],
)
def test_forged_or_broken_tokens_are_401(api, attack):
    now = int(datetime.now(UTC).timestamp())
    payload = valid_payload(api)
    tokens = {
        "alg_none": lambda: forge({"alg": "none", "typ": "JWT"}, payload),
        "wrong_key": lambda: jwt.encode(payload, "another-key-of-the-same-length-0123456789", algorithm="HS256"),
        "rs256_header": lambda: forge({"alg": "RS256", "typ": "JWT"}, payload, b"public key pem"),
        "hs256_with_public_key": lambda: forge(
            {"alg": "HS256", "typ": "JWT"}, payload, b"-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----"
        ),
        "wrong_aud": lambda: jwt.encode({**payload, "aud": "quipu-operator"}, TEST_SECRET, algorithm="HS256"),
        "wrong_iss": lambda: jwt.encode({**payload, "iss": "someone-else"}, TEST_SECRET, algorithm="HS256"),
        "expired": lambda: jwt.encode({**payload, "iat": now - 3600, "exp": now - 60}, TEST_SECRET, algorithm="HS256"),
        "missing_exp": lambda: jwt.encode(
            {k: v for k, v in payload.items() if k != "exp"}, TEST_SECRET, algorithm="HS256"
        ),
        "tampered_sub": lambda: tamper_sub(sign_in(api)["Authorization"].split()[1]),
        "garbage": lambda: "not.a.token",
    }
    response = get_me(api, tokens[attack]())
    assert response.status_code == 401
    assert response.json()["error"] in ("invalid_token", "token_expired")


def tamper_sub(token: str) -> str:
    header, payload, signature = token.split(".")
    claims = json.loads(base64.urlsafe_b64decode(payload + "=="))
    claims["sub"] = "DEMO-CO-PENDING"
    return f"{header}.{b64(json.dumps(claims).encode())}.{signature}"


def test_a_token_signed_right_for_another_customer_session_is_401(api):
    lucia = valid_payload(api)
    forged = jwt.encode({**lucia, "sub": "DEMO-CO-PENDING"}, TEST_SECRET, algorithm="HS256")
    assert get_me(api, forged).status_code == 401


def test_token_in_the_query_string_is_not_accepted(api):
    token = sign_in(api)["Authorization"].split()[1]
    response = api.get(f"/api/me?access_token={token}")
    assert response.status_code == 401 and response.json()["error"] == "token_missing"


def test_no_token_is_401(api):
    assert api.get("/api/me").status_code == 401
    assert api.get("/api/me", headers={"Authorization": "Basic abc"}).status_code == 401


def test_token_expires_after_fifteen_minutes(api, clock):
    headers = sign_in(api)
    assert api.get("/api/me", headers=headers).status_code == 200
    clock.advance(minutes=16)
    response = api.get("/api/me", headers=headers)
    assert response.status_code == 401 and response.json()["error"] == "token_expired"


def test_customer_id_in_query_or_body_that_differs_from_the_token_is_403(api):
    headers = sign_in(api)
    assert api.get("/api/me/outbox?customer_id=DEMO-CO-PENDING", headers=headers).status_code == 403
    assert api.get(f"/api/me/outbox?customer_id={LUCIA}", headers=headers).status_code == 200
    other = api.post("/api/auth/step-up", headers=headers, json={"customer_id": "DEMO-CO-PENDING"})
    assert other.status_code == 403 and other.json()["error"] == "wrong_customer"
