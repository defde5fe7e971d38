"""No model at all: the regex router and one deterministic tool call per skill, replied to by template."""

import json
import re

from quipu.application.ports import ModelCall
from quipu.domain.routing import guess_skill

DEFAULT_TOOL = {
    "balance_inquiry": "get_balances",
    "charge_investigation": "investigate_charges",
    "data_lookup": "get_movements",
    "account_actions": "my_cards",
    "money_movement": "list_transfer_options",
}
REPLY = {
    "es": "Esto es lo que encontré en tus registros:\n{facts}",
    "pt": "Isto é o que encontrei nos seus registros:\n{facts}",
}
MERCHANT = re.compile(
    r"\b(uber|didi|amazon|rappi|ifood|liverpool|best buy|mercado libre|electromax|éxito|oxxo)\b", re.IGNORECASE
)


class RulesModel:
    provider = "rules"
    model = "regex"

    async def complete(self, *, purpose: str, system: str, messages: list[dict], schema: dict) -> ModelCall:
        user = next((m["content"] for m in reversed(messages) if m["role"] == "user"), "")
        if purpose == "router":
            skills = schema["properties"]["skill"]["anyOf"][0]["enum"]
            return ModelCall({"skill": guess_skill(user, skills)}, self.provider, self.model)
        tools = schema["properties"]["tool"]["anyOf"][0]["enum"]
        results = [m for m in messages if m["role"] == "tool"]
        if not results:
            tool = next((t for t in tools if t in DEFAULT_TOOL.values()), tools[0])
            arguments = {}
            if tool == "investigate_charges" and MERCHANT.search(user):
                arguments["merchant"] = MERCHANT.search(user).group(1)
            return ModelCall({"action": "tool", "tool": tool, "arguments": arguments}, self.provider, self.model)
        language = "pt" if "Português" in system or "português" in system else "es"
        facts = json.dumps(json.loads(results[-1]["content"]), ensure_ascii=False, indent=1)[:1500]
        return ModelCall({"action": "reply", "text": REPLY[language].format(facts=facts)}, self.provider, self.model)
