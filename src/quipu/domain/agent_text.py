"""Fixed sentences the agent says by code, in Spanish and Portuguese."""

from quipu.domain.texts import agent, by_language

TEXT: dict[str, dict[str, str]] = by_language(agent.AGENT)


def say(key: str, language: str, **values: object) -> str:
    return TEXT.get(language, TEXT["es"])[key].format(**values)
