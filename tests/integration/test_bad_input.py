"""Malformed JSON, missing fields, oversize bodies, wrong content types: a precise 4xx, never a 500."""

import pytest

from support import sign_in


def test_malformed_json_is_400(api):
    response = api.post("/api/auth/token", content=b'{"user": "x", ', headers={"content-type": "application/json"})
    assert response.status_code == 400 and response.json()["error"] == "malformed_json"
    assert response.json()["messages"]["es"] and response.json()["messages"]["pt"]


def test_missing_fields_are_422_and_name_the_field(api):
    response = api.post("/api/auth/token", json={"user": "x"})
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "invalid_request" and body["details"][0]["field"] == "password"


def test_extra_fields_are_refused(api):
    response = api.post("/api/auth/token", json={"user": "x", "password": "y", "role": "admin"})
    assert response.status_code == 422


def test_wrong_content_type_is_415(api):
    response = api.post(
        "/api/auth/token", content=b"user=x&password=y", headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert response.status_code == 415 and response.json()["error"] == "unsupported_media_type"


def test_oversize_body_is_413(make_client):
    api = make_client(max_body_bytes=2048)
    response = api.post("/api/auth/token", json={"user": "x" * 5000, "password": "y"})
    assert response.status_code == 413 and response.json()["error"] == "body_too_large"


def test_oversize_chunked_body_is_413(make_client):
    api = make_client(max_body_bytes=2048)

    def chunks():
        for _ in range(10):
            yield b"x" * 1000

    response = api.post("/api/auth/token", content=chunks(), headers={"content-type": "application/json"})
    assert response.status_code == 413


@pytest.mark.parametrize("body", [b"[]", b'"text"', b"null", b"42", '{"user": "\u0000", "password": "é"}'.encode()])
def test_odd_json_values_are_4xx(api, body):
    response = api.post("/api/auth/token", content=body, headers={"content-type": "application/json"})
    assert 400 <= response.status_code < 500


def test_unknown_route_and_wrong_method_have_the_error_shape(api):
    missing = api.get("/api/nothing-here")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    wrong = api.delete("/api/auth/token")
    assert wrong.status_code == 405 and wrong.json()["error"] == "method_not_allowed"


def test_out_of_range_query_is_422(api):
    response = api.get("/api/me/outbox?limit=500", headers=sign_in(api))
    assert response.status_code == 422


def test_health_and_readiness(api):
    assert api.get("/health").json()["status"] == "ok"
    ready = api.get("/health/ready")
    assert ready.status_code == 200 and ready.json()["checks"]["database"] == "ok"


def test_readiness_is_503_when_a_dependency_is_down(api):
    async def down() -> bool:
        raise ConnectionError("model not loaded")

    api.app.state.services.probes["model"] = down
    response = api.get("/health/ready")
    assert response.status_code == 503 and response.json()["checks"]["model"].startswith("unavailable")


def test_openapi_docs_are_served(api):
    assert api.get("/docs").status_code == 200
    paths = api.get("/openapi.json").json()["paths"]
    assert {"/api/auth/token", "/api/auth/step-up", "/api/auth/step-up/verify", "/health/ready"} <= set(paths)
