"""The test model: replays given steps, records every call, never touches a network or a model file."""

import json
from collections.abc import Callable

from quipu.application.ports import ModelCall

Step = dict | Exception | Callable[[str, list[dict]], dict]


class ScriptedModel:
    provider = "scripted"
    model = "scripted"

    def __init__(self, steps: list[Step] | None = None, *, router: Callable[[str], str | None] | None = None):
        self.steps = list(steps or [])
        self.router = router
        self.calls: list[dict] = []

    async def complete(self, *, purpose: str, system: str, messages: list[dict], schema: dict) -> ModelCall:
        self.calls.append({"purpose": purpose, "system": system, "messages": messages})
        if purpose == "router" and self.router is not None:
            text = next((m["content"] for m in reversed(messages) if m["role"] == "user"), "")
            return ModelCall({"skill": self.router(text)}, self.provider, self.model)
        if not self.steps:
            raise RuntimeError(f"the script has no step left for a {purpose} call")
        step = self.steps.pop(0)
        if isinstance(step, Exception):
            raise step
        data = step(purpose, messages) if callable(step) else step
        return ModelCall(
            data,
            self.provider,
            self.model,
            tokens_in=len(json.dumps(messages)) // 4,
            tokens_out=len(json.dumps(data)) // 4,
        )
