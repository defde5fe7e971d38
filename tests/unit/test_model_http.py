"""Model calls over HTTP: bounded by a timeout, sent once more after a connection error, schemas with their
length bounds capped for llama.cpp's grammar, and a readiness probe that a dead server fails."""

import json

import httpx
import pytest

from quipu.adapters.llm.completions import MAX_GRAMMAR_LENGTH
from quipu.adapters.llm.gemini import GeminiModel
from quipu.adapters.llm.openai_compatible import OpenAICompatibleModel
from quipu.adapters.llm.queue import WARM_UP_SECONDS

pytestmark = pytest.mark.anyio
SCHEMA = {"type": "object", "properties": {"text": {"type": "string", "maxLength": 4000}}}
REPLY = {"choices": [{"message": {"content": '{"text": "hola"}'}}], "usage": {}}


def failing_first(times: int, error: Exception, seen: list) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(json.loads(request.content) if request.content else None)
        if len(seen) <= times:
            raise error
        return httpx.Response(200, json=REPLY)

    return httpx.MockTransport(handler)


def served(transport) -> OpenAICompatibleModel:
    return OpenAICompatibleModel(provider="openai", base_url="http://model.test/v1", model="m", transport=transport)


async def test_a_connection_error_is_retried_once_then_answered():
    seen = []
    model = served(failing_first(1, httpx.ConnectError("refused"), seen))
    call = await model.complete(purpose="skill", system="s", messages=[], schema=SCHEMA)
    assert call.data == {"text": "hola"} and len(seen) == 2


async def test_a_second_connection_error_is_an_outage_not_a_third_try():
    seen = []
    model = served(failing_first(5, httpx.ConnectError("refused"), seen))
    with pytest.raises(httpx.ConnectError):
        await model.complete(purpose="skill", system="s", messages=[], schema=SCHEMA)
    assert len(seen) == 2


async def test_a_read_timeout_is_not_repeated():
    """The model may already be working on it: a second send could only double the load."""
    seen = []
    model = served(failing_first(5, httpx.ReadTimeout("slow"), seen))
    with pytest.raises(httpx.ReadTimeout):
        await model.complete(purpose="skill", system="s", messages=[], schema=SCHEMA)
    assert len(seen) == 1


async def test_gemini_retries_a_connection_error_once():
    seen = []
    reply = {"candidates": [{"content": {"parts": [{"text": '{"text": "oi"}'}]}}], "usageMetadata": {}}

    def handler(request):
        seen.append(1)
        if len(seen) == 1:
            raise httpx.ConnectError("refused")
        return httpx.Response(200, json=reply)

    model = GeminiModel(model="g", api_key="k", transport=httpx.MockTransport(handler))
    assert (await model.complete(purpose="skill", system="s", messages=[], schema=SCHEMA)).data == {"text": "oi"}


async def test_the_schema_sent_to_a_served_model_has_its_length_bounds_capped():
    seen = []
    await served(failing_first(0, None, seen)).complete(purpose="skill", system="s", messages=[], schema=SCHEMA)
    sent = seen[0]["response_format"]["json_schema"]["schema"]
    assert sent["properties"]["text"]["maxLength"] == MAX_GRAMMAR_LENGTH


async def test_a_model_server_that_refuses_or_hangs_is_not_ready():
    def refusing(request):
        raise httpx.ConnectError("refused")

    def hanging(request):
        raise httpx.ReadTimeout("no answer")

    def answering(request):
        assert request.url.path == "/health"  # not /v1/models, which a busy llama.cpp server holds
        return httpx.Response(404)

    assert await served(httpx.MockTransport(refusing)).ready() is False
    assert await served(httpx.MockTransport(hanging)).ready() is False
    assert await served(httpx.MockTransport(answering)).ready() is True


async def test_a_server_that_knows_only_json_object_with_a_schema_gets_that_form_from_then_on():
    """llama-cpp-python's server (quipu model serve) refuses response_format json_schema with a 422."""
    seen = []

    def handler(request):
        body = json.loads(request.content)
        seen.append(body["response_format"])
        if body["response_format"]["type"] != "json_object":
            return httpx.Response(500, text="Input should be 'text' or 'json_object'")  # what 0.3.36 answers
        return httpx.Response(200, json=REPLY)

    model = served(httpx.MockTransport(handler))
    for _ in range(2):
        assert (await model.complete(purpose="skill", system="s", messages=[], schema=SCHEMA)).data == {"text": "hola"}
    assert [f["type"] for f in seen] == ["json_schema", "json_object", "json_object"]
    assert seen[-1]["schema"]["properties"]["text"]["maxLength"] == MAX_GRAMMAR_LENGTH


async def test_a_server_error_that_is_not_about_the_format_is_not_a_reason_to_switch():
    model = served(httpx.MockTransport(lambda request: httpx.Response(500, text="out of memory")))
    with pytest.raises(httpx.HTTPStatusError):
        await model.complete(purpose="skill", system="s", messages=[], schema=SCHEMA)
    assert model.schema_style == "json_schema"


async def test_a_warm_up_may_take_minutes_where_a_customers_call_keeps_the_clients_timeout():
    limits = {}

    def handler(request: httpx.Request) -> httpx.Response:
        limits[json.loads(request.content)["response_format"]["json_schema"]["name"]] = request.extensions["timeout"]
        return httpx.Response(200, json=REPLY)

    model = OpenAICompatibleModel(
        provider="openai",
        base_url="http://model.test/v1",
        model="m",
        transport=httpx.MockTransport(handler),
        timeout=30,
    )
    for purpose in ("warm_up", "skill"):
        await model.complete(purpose=purpose, system="s", messages=[], schema=SCHEMA)
    assert limits["warm_up"]["read"] == WARM_UP_SECONDS and limits["skill"]["read"] == 30
