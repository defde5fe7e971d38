"""The agent's calls to the model: one system prompt for every call (built once, warmed up at start) and the
transcript it sees. The model reads clauses the reader leaves to it, and may rephrase code's answers."""

import asyncio
import logging
from typing import Any

from quipu.application.agent import prompts
from quipu.application.agent.deps import AgentDeps
from quipu.application.agent.state import HISTORY_IN_PROMPT, REPLY_IN_PROMPT, TurnState, Usage
from quipu.application.ports import ModelCall

log = logging.getLogger("quipu.agent")
WARM_UP_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["intent"],
    "properties": {"intent": {"type": "string", "enum": ["greeting"]}},
}


class ModelCalls:
    def __init__(self, deps: AgentDeps):
        self.deps = deps
        self._catalog: str | None = None

    async def _model(
        self, purpose: str, state: TurnState, instruction: str, schema: dict[str, Any]
    ) -> tuple[ModelCall, Usage]:
        system = self._system()
        messages = self._transcript(state) + [{"role": "system", "content": instruction}]
        with self.deps.trace(f"model.{purpose}") as span:
            call = await self.deps.model.complete(purpose=purpose, system=system, messages=messages, schema=schema)
            span.set(provider=call.provider, model=call.model, tokens_in=call.tokens_in, tokens_out=call.tokens_out)
            return call, Usage(1, call.tokens_in, call.tokens_out)

    async def warm_up(self, copies: int = 1) -> None:
        """Evaluates the system prompt at start-up, so a local model reuses it from the first turn on; `copies`
        calls at once, so a model server with that many slots has it in each."""
        try:
            system = self._system()
            await asyncio.gather(*(self._warm_one(system) for _ in range(copies)))
        except Exception as error:  # a cold cache only costs the first customers time
            log.warning("model warm-up failed", exc_info=error)

    async def _warm_one(self, system: str) -> None:
        await self.deps.model.complete(
            purpose="warm_up", system=system, messages=[{"role": "user", "content": "hola"}], schema=WARM_UP_SCHEMA
        )

    def _system(self) -> str:
        """One system prompt for every call and every customer, built once: a local model evaluates it once and
        reuses it."""
        if self._catalog is None:
            self._catalog = prompts.system_prompt(sorted(self.deps.catalog.intents))
        return self._catalog

    @staticmethod
    def _transcript(state: TurnState) -> list[dict[str, Any]]:
        said = state.text
        if state.attachment:
            said = f"{said}\n\n{state.attachment}".strip()
        earlier: list[dict[str, Any]] = [
            m.message(cut=REPLY_IN_PROMPT) for m in state.conversation.history[-HISTORY_IN_PROMPT:]
        ]
        return earlier + [{"role": "user", "content": said}]
