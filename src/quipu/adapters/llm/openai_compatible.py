"""Any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp's servers, `quipu model serve`), asked for
JSON matching the step's schema."""

import time

import httpx

from quipu.adapters.llm.completions import bounded, model_call_of, refuse_in_unit_tests, to_chat
from quipu.adapters.llm.http_call import post_json
from quipu.adapters.llm.queue import WARM_UP_SECONDS
from quipu.application.ports import ModelCall

READY_TIMEOUT = 3


class OpenAICompatibleModel:
    def __init__(
        self,
        *,
        provider: str,
        base_url: str,
        model: str,
        api_key: str | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        timeout: float = 30,
        allow_calls: bool = True,
    ):
        self.provider = provider
        self.model = model
        self.allow_calls = allow_calls
        self.schema_style = "json_schema"
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.client = httpx.AsyncClient(
            base_url=base_url.rstrip("/"), headers=headers, timeout=timeout, transport=transport
        )

    async def ready(self) -> bool:
        """The server answers HTTP at all (any status): a refused or hanging connection is not ready. Its
        /health, not /models: llama-cpp-python answers /models only between completions."""
        root = str(self.client.base_url).rstrip("/").removesuffix("/v1")
        try:
            await self.client.get(f"{root}/health", timeout=READY_TIMEOUT)
        except httpx.HTTPError:
            return False
        return True

    async def complete(self, *, purpose: str, system: str, messages: list[dict], schema: dict) -> ModelCall:
        refuse_in_unit_tests(self.provider, self.allow_calls)
        started = time.perf_counter()
        request = {
            "model": self.model,
            "messages": [{"role": "system", "content": system}, *to_chat(messages)],
            "temperature": 0,
        }
        timeout = WARM_UP_SECONDS if purpose == "warm_up" else None  # nobody waits on it; a cold server is slow

        async def send() -> dict:
            body = {**request, **self._format(purpose, schema)}
            return await post_json(self.client, "/chat/completions", body, provider=self.provider, timeout=timeout)

        try:
            body = await send()
        except httpx.HTTPStatusError as error:
            if self.schema_style != "json_schema" or not knows_only_json_object(error.response):
                raise
            # llama-cpp-python's server knows only {"type": "json_object", "schema": ...}: switch once, remember
            self.schema_style = "json_object"
            body = await send()
        return model_call_of(body, self.provider, self.model, started)

    def _format(self, purpose: str, schema: dict) -> dict:
        """The step's schema with its length bounds capped: a llama.cpp server turns it into a grammar."""
        if self.schema_style == "json_object":
            return {"response_format": {"type": "json_object", "schema": bounded(schema)}}
        return {
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": purpose, "schema": bounded(schema), "strict": False},
            }
        }


def knows_only_json_object(response: httpx.Response) -> bool:
    """llama-cpp-python's refusal of response_format json_schema (a 500 or 422 naming json_object)."""
    return response.status_code in (400, 422, 500) and "json_object" in response.text
