"""Any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, ...), asked for JSON matching the step's schema."""

import json
import time

import httpx

from quipu.adapters.llm.local import refuse_in_unit_tests
from quipu.application.ports import ModelCall


class OpenAICompatibleModel:
    def __init__(
        self,
        *,
        provider: str,
        base_url: str,
        model: str,
        api_key: str | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        timeout: float = 60,
    ):
        self.provider = provider
        self.model = model
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.client = httpx.AsyncClient(
            base_url=base_url.rstrip("/"), headers=headers, timeout=timeout, transport=transport
        )

    async def complete(self, *, purpose: str, system: str, messages: list[dict], schema: dict) -> ModelCall:
        refuse_in_unit_tests(self.provider)
        started = time.perf_counter()
        response = await self.client.post(
            "/chat/completions",
            json={
                "model": self.model,
                "messages": [{"role": "system", "content": system}, *to_chat(messages)],
                "temperature": 0,
                "response_format": {
                    "type": "json_schema",
                    "json_schema": {"name": purpose, "schema": schema, "strict": False},
                },
            },
        )
        response.raise_for_status()
        body = response.json()
        usage = body.get("usage", {})
        return ModelCall(
            json.loads(body["choices"][0]["message"]["content"]),
            self.provider,
            self.model,
            usage.get("prompt_tokens", 0),
            usage.get("completion_tokens", 0),
            time.perf_counter() - started,
        )


def to_chat(messages: list[dict]) -> list[dict]:
    """Tool results travel as user messages, so every provider reads the same transcript."""
    return [
        {
            "role": "user" if m["role"] == "tool" else m["role"],
            "content": f"[tool result]\n{m['content']}" if m["role"] == "tool" else m["content"],
        }
        for m in messages
    ]
