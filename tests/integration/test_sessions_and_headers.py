"""Sessions end on the server (sign-out, a closed customer, live streams), ids are typed, and every response
carries the security headers."""

import re
import threading
import uuid

import pytest
from starlette.testclient import TestClient

from quipu.adapters.http import live
from quipu.adapters.llm.scripted import ScriptedModel
from quipu.adapters.postgres.accounts_admin import add_operator
from quipu.adapters.postgres.connection import connect
from quipu.adapters.security.passwords import Passwords
from quipu.service import create_app
from quipu.settings import Settings
from stack import TEST_HOME
from support import TEST_SECRET, sign_in

NOT_A_UUID = "-" * 36
TEMPLATES = TEST_HOME.parents[1] / "src" / "quipu" / "adapters" / "web" / "templates"


def test_sign_out_revokes_the_session_and_only_that_one(api):
    headers, other = sign_in(api, "DEMO-MX-FX"), sign_in(api, "DEMO-MX-FX")
    out = api.post("/api/auth/logout", headers=headers)
    assert out.status_code == 200 and out.json() == {"signed_out": True}
    gone = api.get("/api/me", headers=headers)
    assert gone.status_code == 401 and gone.json()["error"] == "invalid_token"
    assert api.post("/api/auth/step-up", headers=headers).status_code == 401
    assert api.get("/api/me", headers=other).status_code == 200


@pytest.fixture
def bank_client(bank_db, clock):
    app = create_app(Settings(home=TEST_HOME, jwt_secret=TEST_SECRET), clock=clock, urls=bank_db, model=ScriptedModel())
    with TestClient(app, client=("10.202.0.1", 50000)) as client:
        yield client


@pytest.mark.parametrize("status", ["Suspended", "Closed"])
def test_a_suspended_or_closed_customers_token_stops_working(bank_client, bank_db, status):
    customer = "DEMO-MX-DUPLICATE"
    headers = sign_in(bank_client, customer)
    with connect(bank_db.admin) as admin:
        admin.execute("UPDATE core.customers SET customer_status = %s WHERE customer_id = %s", (status, customer))
        try:
            refused = bank_client.get("/api/me", headers=headers)
        finally:
            admin.execute("UPDATE core.customers SET customer_status = 'Active' WHERE customer_id = %s", (customer,))
    assert refused.status_code == 401 and refused.json()["error"] == "account_unavailable"
    assert set(refused.json()["messages"]) == {"es", "pt"}
    assert bank_client.get("/api/me", headers=headers).status_code == 200


def stream_in_background(api, path: str, headers: dict, monkeypatch) -> tuple[threading.Thread, list]:
    """Returns once the server has sent the stream's first event: a fixed sleep lost the race on a busy
    machine, where the clock moved before the request was signed in."""
    answers: list = []
    opened = threading.Event()
    streaming = live.StreamingResponse

    def watched(content, **options):
        async def told():
            async for chunk in content:
                opened.set()
                yield chunk

        return streaming(told(), **options)

    monkeypatch.setattr(live, "StreamingResponse", watched)
    thread = threading.Thread(target=lambda: answers.append(api.get(path, headers=headers)), daemon=True)
    thread.start()
    assert opened.wait(20), f"the stream {path} never opened"
    return thread, answers


def test_a_customer_stream_closes_when_the_session_signs_out(api, monkeypatch):
    monkeypatch.setattr(live, "PING_SECONDS", 0.2)
    headers = sign_in(api, "DEMO-MX-FX")
    thread, answers = stream_in_background(api, "/api/me/conversations/t-live/events", headers, monkeypatch)
    assert thread.is_alive()
    api.post("/api/auth/logout", headers=headers)
    thread.join(10)
    assert not thread.is_alive() and "event: end" in answers[0].text


def test_a_customer_stream_closes_when_the_token_expires(api, clock, monkeypatch):
    monkeypatch.setattr(live, "PING_SECONDS", 0.2)
    headers = sign_in(api, "DEMO-MX-FX")
    thread, answers = stream_in_background(api, "/api/me/conversations/t-live/events", headers, monkeypatch)
    clock.advance(minutes=16)
    thread.join(10)
    assert not thread.is_alive() and "event: end" in answers[0].text


def test_an_operator_stream_closes_when_the_operator_is_disabled(api, admin, monkeypatch):
    monkeypatch.setattr(live, "PING_SECONDS", 0.2)
    username = f"op-{uuid.uuid4().hex[:8]}"
    operator_id = add_operator(
        admin, Passwords(), username=username, display_name="Test", role="operator", password="a-long-password-1"
    )
    token = api.post("/api/operators/token", json={"username": username, "password": "a-long-password-1"})
    headers = {"Authorization": f"Bearer {token.json()['access_token']}"}
    thread, answers = stream_in_background(api, "/api/console/events", headers, monkeypatch)
    assert thread.is_alive()
    admin.execute("UPDATE ops.operators SET disabled_at = now() WHERE operator_id = %s", (operator_id,))
    thread.join(10)
    assert not thread.is_alive() and "event: end" in answers[0].text


def test_ids_of_the_right_length_that_are_not_uuids_are_422(api, admin):
    customer = sign_in(api, "DEMO-MX-FX")
    username = f"op-{uuid.uuid4().hex[:8]}"
    add_operator(admin, Passwords(), username=username, display_name="T", role="operator", password="a-long-password-1")
    token = api.post("/api/operators/token", json={"username": username, "password": "a-long-password-1"})
    operator = {"Authorization": f"Bearer {token.json()['access_token']}"}
    answers = [
        api.post(f"/api/actions/{NOT_A_UUID}/confirm", headers=customer),
        api.post(f"/api/actions/{NOT_A_UUID}/cancel", headers=customer),
        api.post("/api/khipu/confirm", headers=customer, json={"transfer_id": NOT_A_UUID}),
        api.post("/api/khipu/cancel", headers=customer, json={"transfer_id": NOT_A_UUID}),
        api.get(f"/api/console/conversations/{NOT_A_UUID}", headers=operator),
        api.post(f"/api/console/conversations/{NOT_A_UUID}/reply", headers=operator, json={"text": "hola"}),
        api.post(f"/api/console/conversations/{NOT_A_UUID}/release", headers=operator),
    ]
    for answer in answers:
        assert answer.status_code == 422, (answer.request.url, answer.text)
        assert answer.json()["error"] == "invalid_request" and set(answer.json()["messages"]) == {"es", "pt"}


def test_a_real_uuid_that_names_nothing_is_still_a_404(api):
    customer = sign_in(api, "DEMO-MX-FX")
    assert api.post(f"/api/actions/{uuid.uuid4()}/confirm", headers=customer).status_code == 404


@pytest.mark.parametrize("path", ["/entrar", "/chat", "/consola", "/health", "/api/me", "/static/quipu.js", "/nowhere"])
def test_every_response_carries_the_security_headers(api, path):
    headers = api.get(path).headers
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert "script-src 'self';" in headers["content-security-policy"]
    assert "unsafe-inline" not in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_pages_have_no_inline_code_the_policy_would_block():
    for template in TEMPLATES.glob("*.html"):
        html = template.read_text()
        scripts = re.findall(r"<script\b([^>]*)>", html)
        assert all("src=" in attrs or 'type="application/json"' in attrs for attrs in scripts), template.name
        assert "<style" not in html and not re.search(r"\sstyle=|\son[a-z]+=", html), template.name


def test_cloud_mode_serves_no_api_docs():
    cloud = Settings(
        env="cloud",
        database_url="postgresql://owner:pw@db.bank.example/quipu",
        app_database_url="postgresql://app:pw@db.bank.example/quipu",
        reader_database_url="postgresql://dwh_reader:pw@db.bank.example/quipu",
        jwt_secret=TEST_SECRET * 2,
    )
    app = create_app(cloud)
    assert app.docs_url is None and app.redoc_url is None and app.openapi_url is None
    local = create_app(Settings(jwt_secret=TEST_SECRET))
    assert local.docs_url == "/docs"
