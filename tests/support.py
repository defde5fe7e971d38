"""Helpers shared by the tests."""

from starlette.testclient import TestClient

from quipu.bank_data.demo_accounts import DEMO_PASSWORDS

TEST_SECRET = "test-signing-key-0123456789abcdefghijklmnopqrstuv"


def sign_in(client: TestClient, user: str = "DEMO-MX-DUPLICATE", password: str | None = None) -> dict:
    password = password or DEMO_PASSWORDS[user]
    response = client.post("/api/auth/token", json={"user": user, "password": password})
    assert response.status_code == 200, response.text
    return {"Authorization": f"Bearer {response.json()['access_token']}"}
