"""Operators have their own accounts, roles and token audience; no shared key."""

import os
import subprocess
import sys

import pytest

from support import sign_in


def operator_headers(api, username="operadora", password="consola-operadora-2026"):
    response = api.post("/api/operators/token", json={"username": username, "password": password})
    assert response.status_code == 200, response.text
    return {"Authorization": f"Bearer {response.json()['access_token']}"}


def test_operator_signs_in_and_sees_itself(api):
    me = api.get("/api/operators/me", headers=operator_headers(api))
    assert me.status_code == 200 and me.json()["role"] == "operator" and me.json()["username"] == "operadora"


def test_wrong_operator_password_is_401(api):
    response = api.post("/api/operators/token", json={"username": "operadora", "password": "nope"})
    assert response.status_code == 401


def test_operator_token_on_a_customer_route_is_401(api):
    assert api.get("/api/me", headers=operator_headers(api)).status_code == 401


def test_customer_token_on_an_operator_route_is_401(api):
    assert api.get("/api/operators/me", headers=sign_in(api)).status_code == 401


def test_supervisor_only_route_is_403_for_an_operator_and_200_for_a_supervisor(api):
    denied = api.get("/api/operators", headers=operator_headers(api))
    assert denied.status_code == 403 and denied.json()["error"] == "supervisor_only"
    supervisor = operator_headers(api, "supervisora", "consola-supervisora-2026")
    names = [o["username"] for o in api.get("/api/operators", headers=supervisor).json()]
    assert {"operadora", "supervisora"} <= set(names)


@pytest.mark.slow
def test_quipu_operator_add_creates_an_account_that_signs_in(api, demo_db):
    env = {**os.environ, "QUIPU_DATABASE_URL": demo_db.admin}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "quipu",
            "operator",
            "add",
            "nuevo.op",
            "--name",
            "Nuevo",
            "--role",
            "supervisor",
            "--password",
            "una-clave-larga-123",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    headers = operator_headers(api, "nuevo.op", "una-clave-larga-123")
    assert api.get("/api/operators", headers=headers).status_code == 200


def test_operator_add_refuses_a_short_password(demo_db):
    env = {**os.environ, "QUIPU_DATABASE_URL": demo_db.admin}
    result = subprocess.run(
        [sys.executable, "-m", "quipu", "operator", "add", "x.op", "--name", "X", "--password", "short"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode != 0 and "12 characters" in result.stderr
