"""No model at all: code reads every message (the lexicon and the learned reader) and answers as always; a call
that would ask a model gets nothing back, so the clause stays as code read it."""

from quipu.application.ports import ModelCall


class RulesModel:
    provider = "rules"
    model = "none"

    async def complete(self, *, purpose: str, system: str, messages: list[dict], schema: dict) -> ModelCall:
        return ModelCall({}, self.provider, self.model)
