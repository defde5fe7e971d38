"""Fixed sentences the agent says by code, in Spanish and Portuguese."""

from quipu.domain.texts import agent, by_language

TEXT = by_language(agent.AGENT)


def say(key: str, language: str, **values) -> str:
    return TEXT.get(language, TEXT["es"])[key].format(**values)
