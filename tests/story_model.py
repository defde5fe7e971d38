"""A fake model we own for end-to-end tests. Code reads every message (the lexicon and the learned reader) and
writes every reply; this model is asked only in the reading modes that use a model, and reads nothing there,
so the clause stays as code read it."""

from quipu.application.ports import ModelCall


class StoryModel:
    provider = "story"
    model = "story"

    async def complete(self, *, purpose: str, system: str, messages: list[dict], schema: dict) -> ModelCall:
        return ModelCall({}, "story", "story")
