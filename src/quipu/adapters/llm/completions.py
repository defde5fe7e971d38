"""What every chat-completion provider shares: the transcript they all read, the schema capped for a grammar,
the completion read back as a ModelCall, and the refusal of real model calls in unit tests."""

import json
import time

from quipu.application.ports import ModelCall

MAX_GRAMMAR_LENGTH = 500  # llama.cpp expands maxLength into nested rules; far longer bounds crash it


def bounded(schema):
    """The schema with every maxLength capped, so the grammar llama.cpp builds from it stays small."""
    if isinstance(schema, dict):
        capped = {k: bounded(v) for k, v in schema.items()}
        if isinstance(capped.get("maxLength"), int):
            capped["maxLength"] = min(capped["maxLength"], MAX_GRAMMAR_LENGTH)
        return capped
    if isinstance(schema, list):
        return [bounded(v) for v in schema]
    return schema


class ModelCallsForbidden(RuntimeError):
    """Unit tests run with a scripted model; a real one must be asked for explicitly."""


def refuse_in_unit_tests(provider: str, allowed: bool) -> None:
    """Settings(allow_model_calls=False), what unit tests run with, refuses every call to a real model."""
    if not allowed:
        raise ModelCallsForbidden(f"a unit test called the {provider} model")


def model_call_of(completion: dict, provider: str, model: str, started: float) -> ModelCall:
    """A chat completion (llama.cpp's and an OpenAI-compatible server's share the shape) as a ModelCall."""
    usage = completion.get("usage", {})
    return ModelCall(
        json.loads(completion["choices"][0]["message"]["content"]),
        provider,
        model,
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
