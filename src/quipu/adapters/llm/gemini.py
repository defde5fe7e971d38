"""Gemini through its REST API, with the step's schema as the response schema."""

import json
import time

import httpx

from quipu.adapters.llm.completions import refuse_in_unit_tests, to_chat
from quipu.adapters.llm.http_call import post_json
from quipu.application.ports import ModelCall

BASE = "https://generativelanguage.googleapis.com/v1beta"


def gemini_schema(schema: dict) -> dict:
    """Gemini's schema dialect has no anyOf-with-null or additionalProperties: nullable instead."""
    if "anyOf" in schema:
        options = [s for s in schema["anyOf"] if s.get("type") != "null"]
        return {**gemini_schema(options[0]), "nullable": True}
    cleaned = {k: v for k, v in schema.items() if k not in ("additionalProperties",)}
    if "properties" in cleaned:
        cleaned["properties"] = {k: gemini_schema(v) for k, v in cleaned["properties"].items()}
    if cleaned.get("type") == "object" and not cleaned.get("properties"):
        cleaned = {"type": "object", "properties": {"_": {"type": "string", "nullable": True}}}
    return cleaned


class GeminiModel:
    provider = "gemini"

    def __init__(
        self,
        *,
        model: str,
        api_key: str,
        transport: httpx.AsyncBaseTransport | None = None,
        timeout: float = 30,
        allow_calls: bool = True,
    ):
        self.model = model
        self.allow_calls = allow_calls
        self.client = httpx.AsyncClient(
            base_url=BASE, timeout=timeout, transport=transport, headers={"x-goog-api-key": api_key}
        )

    async def complete(self, *, purpose: str, system: str, messages: list[dict], schema: dict) -> ModelCall:
        refuse_in_unit_tests(self.provider, self.allow_calls)
        started = time.perf_counter()
        contents = [
            {"role": "model" if m["role"] == "assistant" else "user", "parts": [{"text": m["content"]}]}
            for m in to_chat(messages)
        ]
        body = await post_json(
            self.client,
            f"/models/{self.model}:generateContent",
            {
                "systemInstruction": {"parts": [{"text": system}]},
                "contents": contents,
                "generationConfig": {
                    "temperature": 0,
                    "responseMimeType": "application/json",
                    "responseSchema": gemini_schema(schema),
                },
            },
            provider=self.provider,
        )
        usage = body.get("usageMetadata", {})
        text = body["candidates"][0]["content"]["parts"][0]["text"]
        return ModelCall(
            json.loads(text),
            self.provider,
            self.model,
            usage.get("promptTokenCount", 0),
            usage.get("candidatesTokenCount", 0),
            time.perf_counter() - started,
        )
