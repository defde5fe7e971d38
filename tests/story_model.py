"""A fake model we own for end-to-end tests: it routes with the regex router and walks each skill's obvious
first step the way a careful model would; code writes every reply from the tool results."""

import re

from quipu.application.ports import ModelCall
from quipu.domain.routing import guess_skill

AMOUNT = re.compile(r"\b(\d+(?:[.,]\d{1,2})?)\b")
MERCHANTS = re.compile(r"\b(uber|amazon|best buy|electromax|ifood|rappi|liverpool|mercado ?libre)\b", re.IGNORECASE)


def step(action: str, **fields) -> dict:
    return {"action": action, **fields}


class StoryModel:
    provider = "story"
    model = "story"

    async def complete(self, *, purpose: str, system: str, messages: list[dict], schema: dict) -> ModelCall:
        said = next((m["content"] for m in reversed(messages) if m["role"] == "user"), "")
        if purpose == "router":
            return ModelCall(
                {"skill": guess_skill(said, schema["properties"]["skill"]["anyOf"][0]["enum"])}, "story", "story"
            )
        tools = schema["properties"]["tool"]["anyOf"][0]["enum"]
        return ModelCall(self._next(said, tools), "story", "story")

    def _next(self, said: str, tools: list[str]) -> dict:
        if "investigate_charges" in tools:
            merchant = MERCHANTS.search(said)
            return step("tool", tool="investigate_charges", arguments={"merchant": merchant.group(1)} if merchant else {})
        if "propose_actions" in tools:
            return step("tool", tool="my_cards", arguments={})
        if "propose_transfer" in tools:
            return self._transfer(said)
        if "get_balances" in tools:
            return step("tool", tool="get_balances", arguments={})
        return step("ask", missing=None)

    @staticmethod
    def _transfer(said: str) -> dict:
        found = AMOUNT.search(said)
        if not found:
            return step("ask", missing="amount")
        lowered = said.lower()
        arguments = {"kind": "own_accounts", "amount": found.group(1).replace(",", ".")}
        if "ahorro" in lowered.split(" a ")[0]:
            arguments |= {"from_type": "Cuenta Ahorro", "to_type": "Cuenta Corriente"}
        return step("tool", tool="propose_transfer", arguments=arguments)
