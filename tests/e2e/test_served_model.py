"""`quipu model serve` on the real GGUF: llama.cpp's own server answers several API processes' calls at once,
each with JSON that matches the agent's schema (make test builds it with `quipu model build-server`)."""

import socket
import subprocess
import sys
import time

import anyio
import httpx
import pytest

from quipu.adapters.cli.model_server import built_version
from quipu.adapters.llm.model_files import MODELS, installed
from quipu.adapters.llm.openai_compatible import OpenAICompatibleModel
from quipu.adapters.llm.server_key import key_path, read_key
from quipu.application.agent.model_reading import reading_schema
from quipu.application.agent.prompts import read_instruction, system_prompt
from quipu.settings import Settings

pytestmark = [pytest.mark.real_model, pytest.mark.slow, pytest.mark.anyio]
INTENTS = ["balance", "block_card", "charge_review", "spending", "transfer"]
SAID = ["me cobraron dos veces un uber", "cuanto tengo en mi cuenta", "quanto gastei em comida?", "bloquea mi tarjeta"]


@pytest.fixture(scope="module")
def model_server():
    settings = Settings(_env_file=None)
    assert installed(MODELS[settings.llm_model], settings.models_dir), "run `quipu model install` (make test does)"
    assert built_version(settings.home), "run `quipu model build-server` (make test does)"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "quipu", "model", "serve", "--port", str(port), "--slots", "2"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        said = server.stdout.readline()
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and not healthy(port):
            assert server.poll() is None, server.stdout.read()
            time.sleep(0.5)
        yield f"http://127.0.0.1:{port}/v1", said, settings.llm_model
    finally:
        server.terminate()
        server.wait(20)


def healthy(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def test_the_server_says_it_runs_parallel_slots(model_server):
    _, said, _ = model_server
    assert "llama-server, 2 slots" in said


# two completions share two cores: on a loaded machine they outlast the suite's 60 s default (the client waits 300 s)
@pytest.mark.timeout(300)
async def test_two_callers_at_once_each_get_the_schema_they_asked_for(model_server):
    url, _, alias = model_server
    key = read_key(key_path(Settings(_env_file=None).home))
    model = OpenAICompatibleModel(
        provider="openai", base_url=url, model=alias, api_key=key, timeout=300, allow_calls=True
    )
    answers: list[dict] = []

    async def ask(text: str) -> None:
        messages = [{"role": "user", "content": read_instruction(text)}]
        call = await model.complete(
            purpose="read", system=system_prompt(INTENTS), messages=messages, schema=reading_schema(INTENTS)
        )
        answers.append(call.data)

    assert await model.ready()
    async with anyio.create_task_group() as group:
        for text in SAID:
            group.start_soon(ask, text)
    assert len(answers) == len(SAID)
    assert all(set(a) == {"intent", "mood", "polarity", "speaker"} for a in answers), answers
    assert all(a["intent"] in [*INTENTS, "none"] for a in answers), answers


def test_a_completion_without_the_servers_key_is_refused(model_server):
    """Anyone who reaches the port could otherwise fill its slots: `quipu model serve` requires its key."""
    url, _, alias = model_server
    body = {"model": alias, "messages": [{"role": "user", "content": "hola"}], "max_tokens": 1}
    assert httpx.post(f"{url}/chat/completions", json=body, timeout=60).status_code == 401
    wrong = {"Authorization": "Bearer not-the-key"}
    assert httpx.post(f"{url}/chat/completions", json=body, headers=wrong, timeout=60).status_code == 401
