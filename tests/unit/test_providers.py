"""Every provider answers the same typed reading; real ones refuse to run inside unit tests."""

import asyncio
import json
from types import SimpleNamespace

import httpx
import pytest

from quipu.adapters.llm.completions import ModelCallsForbidden
from quipu.adapters.llm.factory import provider_of, warm_up_copies
from quipu.adapters.llm.gemini import GeminiModel, gemini_schema
from quipu.adapters.llm.openai_compatible import OpenAICompatibleModel
from quipu.adapters.llm.rules import RulesModel
from quipu.application.agent.model_calls import ModelCalls
from quipu.application.agent.model_reading import parsed, reading_schema
from quipu.application.ports import ModelCall
from quipu.domain.reading.model import Clause, Guess, Mood, Polarity, Slots, Speaker
from quipu.settings import Settings

pytestmark = pytest.mark.anyio
ROUTER = reading_schema(["balance", "spending"])


def answering(payload: dict, seen: list) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(json.loads(request.content))
        return httpx.Response(200, json=payload)

    return httpx.MockTransport(handler)


async def test_openai_compatible_asks_for_the_schema_and_records_usage():
    seen = []
    reply = {
        "choices": [{"message": {"content": '{"intent": "spending"}'}}],
        "usage": {"prompt_tokens": 120, "completion_tokens": 6},
    }
    model = OpenAICompatibleModel(
        provider="ollama", base_url="http://model.test/v1", model="m", transport=answering(reply, seen)
    )
    call = await model.complete(
        purpose="router", system="s", messages=[{"role": "user", "content": "hola"}], schema=ROUTER
    )
    assert call.data == {"intent": "spending"} and (call.tokens_in, call.tokens_out) == (120, 6)
    assert seen[0]["response_format"]["json_schema"]["schema"] == ROUTER


async def test_gemini_gets_its_schema_dialect():
    seen = []
    reply = {"candidates": [{"content": {"parts": [{"text": '{"intent": "none"}'}]}}], "usageMetadata": {}}
    model = GeminiModel(model="gemini-x", api_key="k", transport=answering(reply, seen))
    call = await model.complete(
        purpose="router", system="s", messages=[{"role": "user", "content": "hola"}], schema=ROUTER
    )
    assert call.data == {"intent": "none"}
    assert seen[0]["generationConfig"]["responseSchema"]["properties"]["intent"]["enum"][-1] == "none"
    assert "additionalProperties" not in json.dumps(gemini_schema(reading_schema(["a"])))


async def test_hosted_providers_refuse_to_run_in_unit_tests():
    model = OpenAICompatibleModel(provider="openai", base_url="http://model.test/v1", model="m", allow_calls=False)
    with pytest.raises(ModelCallsForbidden):
        await model.complete(purpose="router", system="s", messages=[], schema=ROUTER)


async def test_a_model_built_from_settings_that_forbid_calls_refuses_every_provider():
    for llm in ("openai", "ollama", "gemini"):
        settings = Settings(_env_file=None, llm=llm, llm_api_key="k", allow_model_calls=False)
        with pytest.raises(ModelCallsForbidden):
            await provider_of(settings).complete(purpose="router", system="s", messages=[], schema=ROUTER)


def test_unit_tests_run_with_model_calls_forbidden_by_their_settings():
    assert Settings(_env_file=None).allow_model_calls is False  # the session's QUIPU_ALLOW_MODEL_CALLS=0


async def test_the_rules_provider_reads_nothing_code_reads_every_message():
    model = RulesModel()
    read = await model.complete(
        purpose="read", system="s", messages=[{"role": "user", "content": "mi saldo"}], schema=ROUTER
    )
    assert read.data == {}


CLAUSE = Clause(
    "mi saldo", ("mi", "saldo"), (Guess("balance", 0.3),), Mood.QUESTION, Polarity.ASKS, Speaker.CUSTOMER, Slots()
)


def test_the_models_reading_is_typed_and_anything_outside_it_leaves_codes_reading():
    good = parsed(
        {"intent": "spending", "mood": "request", "polarity": "asks", "speaker": "customer"},
        CLAUSE,
        ["balance", "spending"],
    )
    assert (good.intent, good.mood) == ("spending", Mood.REQUEST)
    assert (
        parsed({"intent": "spending", "mood": "shout", "polarity": "asks", "speaker": "customer"}, CLAUSE, ["spending"])
        == CLAUSE
    )
    assert parsed({"mood": "request"}, CLAUSE, ["spending"]) == CLAUSE


class Named:
    def __init__(self, provider: str):
        self.provider = provider


@pytest.mark.parametrize(
    ("env", "provider", "copies"),
    [
        ({"llm": "local"}, "local", 1),
        ({"llm": "openai", "llm_base_url": "http://model-host:8081/v1", "llm_slots": 2}, "openai", 2),
        ({"llm": "ollama", "llm_slots": 3}, "ollama", 3),
        ({"llm": "openai", "llm_api_key": "k"}, "openai", 0),  # a hosted endpoint bills every call
        ({"llm": "gemini", "llm_api_key": "k"}, "gemini", 0),
        ({"llm": "openai", "llm_api_key": "k", "llm_warm_up": True, "llm_slots": 2}, "openai", 2),
        ({"llm": "openai", "llm_base_url": "http://model-host:8081/v1", "llm_warm_up": False}, "openai", 0),
        ({"llm": "local"}, "scripted", 0),  # a model a test hands in is not warmed behind its back
    ],
)
def test_the_system_prompt_is_read_into_every_slot_of_a_model_of_our_own_at_start(env, provider, copies):
    unset = {"llm_base_url": None, "llm_warm_up": None, "llm_slots": 1}
    assert warm_up_copies(Settings(_env_file=None, **(unset | env)), Named(provider)) == copies


class Counting:
    provider, model = "counting", "counting"

    def __init__(self):
        self.running = self.most = 0
        self.purposes: list[str] = []

    async def complete(self, *, purpose: str, **_):
        self.running += 1
        self.most = max(self.most, self.running)
        self.purposes.append(purpose)
        await asyncio.sleep(0.01)
        self.running -= 1
        return ModelCall({"skill": None}, self.provider, self.model)


async def test_the_warm_up_sends_its_copies_at_once_so_each_lands_in_its_own_slot():
    model = Counting()
    calls = ModelCalls(SimpleNamespace(model=model))
    calls._catalog = "the system prompt"  # built from the tools' catalog in the app; any text here
    await calls.warm_up(3)
    assert model.purposes == ["warm_up"] * 3 and model.most == 3


def test_an_api_process_sends_the_key_of_quipu_model_serve_on_this_machine(tmp_path):
    from quipu.adapters.llm.server_key import ensure_key, key_path, read_key

    key = read_key(ensure_key(key_path(tmp_path)))
    local = provider_of(Settings(_env_file=None, home=tmp_path, llm="openai", llm_base_url="http://127.0.0.1:8081/v1"))
    assert local.client.headers["authorization"] == f"Bearer {key}"
    remote = provider_of(Settings(_env_file=None, home=tmp_path, llm="openai", llm_base_url="http://gpu-box:8081/v1"))
    assert "authorization" not in remote.client.headers  # a server elsewhere: QUIPU_LLM_API_KEY, never a local file
    told = provider_of(
        Settings(_env_file=None, home=tmp_path, llm="openai", llm_base_url="http://gpu-box:8081/v1", llm_api_key="k")
    )
    assert told.client.headers["authorization"] == "Bearer k"
