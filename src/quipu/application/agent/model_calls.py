"""The agent's calls to the model: one system prompt for every call (built once, warmed up at start), the
transcript it sees, and one typed step asked for at most twice."""

import asyncio
import logging
from typing import Any

from quipu.application.agent import prompts
from quipu.application.agent.deps import AgentDeps
from quipu.application.agent.state import HISTORY_IN_PROMPT, REPLY_IN_PROMPT, TurnState
from quipu.application.agent.steps import ModelOutputError, SkillStep, parse_step, router_schema, skill_schema
from quipu.application.ports import ModelCall

log = logging.getLogger("quipu.agent")


class ModelCalls:
    def __init__(self, deps: AgentDeps):
        self.deps = deps
        self._catalog: str | None = None

    async def _step(
        self, state: TurnState, instruction: str, names: list[str], askable: list[str], update: dict[str, Any]
    ) -> SkillStep:
        """One typed skill step; output that is not the allowed JSON is asked for once more."""
        schema = skill_schema(names, askable)
        for attempt in (1, 2):
            try:
                call, usage = await self._model("skill", state, instruction, schema)
            except ValueError:  # the model's text was not JSON at all
                if attempt == 2:
                    raise
                continue
            for key, value in usage.items():
                update[key] = update.get(key, 0) + value
            try:
                return parse_step(call.data, names, askable)
            except ModelOutputError:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _model(
        self, purpose: str, state: TurnState, instruction: str, schema: dict[str, Any]
    ) -> tuple[ModelCall, dict[str, int]]:
        system = await self._system()
        messages = self._transcript(state) + [{"role": "system", "content": instruction}]
        with self.deps.trace(f"model.{purpose}") as span:
            call = await self.deps.model.complete(purpose=purpose, system=system, messages=messages, schema=schema)
            span.set(provider=call.provider, model=call.model, tokens_in=call.tokens_in, tokens_out=call.tokens_out)
            return call, {"model_calls": 1, "tokens_in": call.tokens_in, "tokens_out": call.tokens_out}

    async def warm_up(self, copies: int = 1) -> None:
        """Evaluates the system prompt at start-up, so a local model reuses it from the first turn on; `copies`
        calls at once, so a model server with that many slots has it in each."""
        try:
            system = await self._system()
            await asyncio.gather(*(self._warm_one(system) for _ in range(copies)))
        except Exception as error:  # a cold cache only costs the first customers time
            log.warning("model warm-up failed", exc_info=error)

    async def _warm_one(self, system: str) -> None:
        await self.deps.model.complete(
            purpose="warm_up",
            system=system,
            messages=[{"role": "user", "content": "hola"}],
            schema=router_schema(["none"]),
        )

    async def _system(self) -> str:
        """One system prompt for every call and every customer, built once: a local model evaluates it once and
        reuses it (signing in changes which skills code offers, through the step's schema, not the prompt)."""
        if self._catalog is None:
            async with self.deps.mcp() as client:
                listed = await client.list_tools()
            tools_of = {
                s.name: [(t.name.split("_", 1)[1], t) for t in listed if t.name.startswith(f"{s.mcp}_")]
                for s in self.deps.skills
            }
            self._catalog = prompts.system_prompt(self.deps.skills, tools_of)
        return self._catalog

    @staticmethod
    def _transcript(state: TurnState) -> list[dict[str, Any]]:
        said = state["text"]
        if state.get("attachment"):
            said = f"{said}\n\n{state['attachment']}".strip()
        earlier = [
            {**m, "content": m["content"][:REPLY_IN_PROMPT]} if m["role"] == "assistant" else m
            for m in list(state.get("history") or [])[-HISTORY_IN_PROMPT:]
        ]
        return earlier + [{"role": "user", "content": said}]
