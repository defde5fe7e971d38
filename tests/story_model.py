"""A fake model we own for end-to-end tests: it routes with the regex router and walks each skill's obvious
path the way a careful model would, writing its replies only from the tool results it was given."""

import json
import re

from quipu.application.ports import ModelCall
from quipu.domain.routing import guess_skill

AMOUNT = re.compile(r"\b(\d+(?:[.,]\d{1,2})?)\b")
MERCHANTS = re.compile(r"\b(uber|amazon|best buy|electromax|ifood|rappi|liverpool|mercado ?libre)\b", re.IGNORECASE)
SAY = {
    "es": {
        "duplicate": "Encontré dos cargos de {merchant} por {amount} {currency} con {seconds} segundos de diferencia: "
        "parece un cobro duplicado.",
        "nothing": "Revisé tus cargos recientes y no encontré nada fuera de lo normal.",
        "fraud": "Veo cargos con señales de fraude.",
        "card": "Preparé la propuesta; confírmala con el botón si estás de acuerdo.",
        "transfer": "Preparé la transferencia; confírmala con el botón cuando quieras.",
        "other": "¿Me cuentas un poco más?",
    },
    "pt": {
        "duplicate": "Encontrei duas cobranças de {merchant} de {amount} {currency} com {seconds} segundos de "
        "diferença: parece uma cobrança duplicada.",
        "nothing": "Conferi suas cobranças recentes e não encontrei nada fora do normal.",
        "fraud": "Vejo cobranças com sinais de fraude.",
        "card": "Preparei a proposta; confirme no botão se estiver de acordo.",
        "transfer": "Preparei a transferência; confirme no botão quando quiser.",
        "other": "Pode me contar um pouco mais?",
    },
}


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
        language = "pt" if "portugu" in system.lower() else "es"
        results = [json.loads(m["content"]) for m in messages if m["role"] == "tool"]
        tools = schema["properties"]["tool"]["anyOf"][0]["enum"]
        return ModelCall(self._next(said, tools, results, SAY[language]), "story", "story")

    def _next(self, said: str, tools: list[str], results: list[dict], say: dict) -> dict:
        if "investigate_charges" in tools:
            return self._investigate(said, results, say)
        if "propose_actions" in tools:
            return self._block_card(results, say)
        if "propose_transfer" in tools:
            return self._transfer(said, results, say)
        return step("reply", text=say["other"])

    def _investigate(self, said: str, results: list[dict], say: dict) -> dict:
        if not results:
            merchant = MERCHANTS.search(said)
            return step(
                "tool", tool="investigate_charges", arguments={"merchant": merchant.group(1)} if merchant else {}
            )
        charges = results[-1].get("charges", [])
        findings = [(c, f) for c in charges for f in c.get("findings", [])]
        if any(f["kind"] == "possible_fraud" for _, f in findings):
            return step("handoff", text=say["fraud"])
        for charge, finding in findings:
            if finding["kind"] == "duplicate":
                return step(
                    "reply",
                    text=say["duplicate"].format(
                        merchant=charge["merchant"],
                        amount=charge["amount"],
                        currency=charge["currency"],
                        seconds=finding["seconds_apart"],
                    ),
                )
        return step("reply", text=say["nothing"])

    def _block_card(self, results: list[dict], say: dict) -> dict:
        if not results:
            return step("tool", tool="my_cards")
        if "proposal" in results[-1]:
            return step("reply", text=say["card"])
        card = next(c for c in results[-1]["cards"] if c["status"] == "Active")
        return step(
            "tool",
            tool="propose_actions",
            arguments={"actions": [{"action": "block_card", "params": {"product_id": card["product_id"]}}]},
        )

    def _transfer(self, said: str, results: list[dict], say: dict) -> dict:
        if results:
            return step("reply", text=say["transfer"] if results[-1].get("status") == "proposed" else say["other"])
        lowered = said.lower()
        arguments = {"kind": "own_accounts", "amount": AMOUNT.search(said).group(1).replace(",", ".")}
        if "ahorro" in lowered.split(" a ")[0]:
            arguments |= {"from_type": "Cuenta Ahorro", "to_type": "Cuenta Corriente"}
        return step("tool", tool="propose_transfer", arguments=arguments)
