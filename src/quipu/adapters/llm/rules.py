"""No model at all: the regex router and one deterministic tool call per skill; code answers as always."""

import re

from quipu.application.ports import ModelCall
from quipu.domain.routing import guess_skill
from quipu.skills.data_lookup.picking import names_a_tool
from quipu.skills.data_lookup.picking import pick as pick_lookup

DEFAULT_TOOL = {
    "balance_inquiry": "get_balances",
    "charge_investigation": "investigate_charges",
    "data_lookup": "get_movements",
    "account_actions": "my_cards",
    "money_movement": "list_transfer_options",
}
BILLS = r"factura|servicio|servi[çc]o|conta de (luz|[aá]gua)|boleto"
BY_WORDS = (
    ("get_debts", r"deb[oe]|deuda|d[ií]vida|pago m[ií]nimo|pagamento m[ií]nimo|venc"),
    ("list_service_bills", BILLS),
)
MERCHANT = re.compile(
    r"\b(uber|didi|amazon|rappi|ifood|liverpool|best buy|mercado ?li(?:bre|vre)|electromax|éxito|oxxo)\b", re.IGNORECASE
)


class RulesModel:
    provider = "rules"
    model = "regex"

    async def complete(self, *, purpose: str, system: str, messages: list[dict], schema: dict) -> ModelCall:
        user = next((m["content"] for m in reversed(messages) if m["role"] == "user"), "")
        if purpose == "router":
            skills = schema["properties"]["skill"]["anyOf"][0]["enum"]
            return ModelCall({"skill": guess_skill(user, skills)}, self.provider, self.model)
        if purpose != "skill":
            return ModelCall({"text": ""}, self.provider, self.model)
        tools = schema["properties"]["tool"]["anyOf"][0]["enum"]
        if DEFAULT_TOOL["data_lookup"] in tools:  # the data_lookup skill: code reads tool and arguments from the words
            tool, arguments = pick_lookup(_with_earlier_words(user, messages))
            return ModelCall({"action": "tool", "tool": tool, "arguments": arguments}, self.provider, self.model)
        if "propose_transfer" in tools and not re.search(BILLS, user, re.IGNORECASE):
            # money movement: code's own reading proposes a plain request or asks the one missing detail
            return ModelCall({"action": "ask", "missing": _missing(user)}, self.provider, self.model)
        named = next((t for t, pattern in BY_WORDS if t in tools and re.search(pattern, user, re.IGNORECASE)), None)
        tool = named or next((t for t in tools if t in DEFAULT_TOOL.values()), tools[0])
        arguments = {}
        if tool == "investigate_charges" and (merchant := MERCHANT.search(user)):
            arguments["merchant"] = merchant.group(1)
        return ModelCall({"action": "tool", "tool": tool, "arguments": arguments}, self.provider, self.model)


def _missing(user: str) -> str:
    """What a money request still needs, in the order code asks: how much, then where to."""
    return "destination" if re.search(r"\d", user) else "amount"


def _with_earlier_words(user: str, messages: list[dict]) -> str:
    """A follow-up without a question of its own ("¿y en abril?") is read after the customer's previous words."""
    said = [m["content"] for m in messages if m["role"] == "user"]
    return user if names_a_tool(user) or len(said) < 2 else f"{said[-2]} {user}"
