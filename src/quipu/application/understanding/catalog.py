"""The intents the assistant serves, as each skill declares them in its folder (intents.yaml), and what code
handles before any skill (skills/_shared/intents.yaml). One place says which intent acts."""

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Intent:
    name: str
    skill: str | None  # None: code handles it before any skill
    acts: bool = False  # a proposal the customer confirms with a button
    action: str | None = None  # the catalog action or transfer kind; the action never automated
    handled: str | None = None  # for code's own: person, scam, never_automated, cancel_pending, answer, …
    takes: frozenset[str] | None = None  # the details (reading slots) that narrow it; None: any detail
    once_done: str | None = None  # the lookup that shows it when the customer says they already did it themselves
    protects: bool = False  # an action that keeps the customer safe: asked beside a scam, it is still prepared


@dataclass(frozen=True)
class Catalog:
    intents: Mapping[str, Intent]

    @classmethod
    def build(
        cls, skills: Mapping[str, Mapping[str, Mapping[str, str]]], shared: Mapping[str, Mapping[str, str]]
    ) -> "Catalog":
        """skills: skill → its intents.yaml; shared: the _shared intents."""
        found: dict[str, Intent] = {}
        for skill, intents in skills.items():
            for name, spec in intents.items():
                if name in found:
                    raise ValueError(f"intent {name} is declared by {found[name].skill} and {skill}")
                takes = frozenset(spec["takes"].split()) if spec.get("takes") else None
                acts, action, once_done = spec.get("acts") == "true", spec.get("action"), spec.get("once_done")
                protects = spec.get("protects") == "true"
                found[name] = Intent(name, skill, acts, action, takes=takes, once_done=once_done, protects=protects)
        for name, spec in shared.items():
            if name in found:
                raise ValueError(f"intent {name} is declared by a skill and by _shared")
            found[name] = Intent(name, None, action=spec.get("action"), handled=spec.get("handled"))
        return cls(found)

    def get(self, name: str) -> Intent | None:
        return self.intents.get(name)

    def acting_skills(self) -> frozenset[str]:
        """The skills that propose actions (read from their declarations, never copied by hand)."""
        return frozenset(i.skill for i in self.intents.values() if i.acts and i.skill)

    def protects(self, name: str | None) -> bool:
        intent = self.intents.get(name or "")
        return bool(intent and intent.protects)

    def skill_of(self, name: str) -> str | None:
        intent = self.intents.get(name)
        return intent.skill if intent else None

    def handled(self, name: str) -> str | None:
        """How code handles an intent no skill serves (person, scam, never_automated, …)."""
        intent = self.intents.get(name)
        return intent.handled if intent else None

    def narrowed_by(self, name: str, details: frozenset[str]) -> bool:
        """Whether every one of these details narrows the intent ("de Uber" narrows no balance)."""
        intent = self.intents.get(name)
        return intent is None or intent.takes is None or details <= intent.takes

    def takes_declared(self, name: str, details: frozenset[str]) -> bool:
        """Whether the intent declares each of these details as its own (an alert takes its kind)."""
        intent = self.intents.get(name)
        return bool(details) and intent is not None and intent.takes is not None and details <= intent.takes

    def once_done(self, name: str) -> str | None:
        intent = self.intents.get(name)
        return intent.once_done if intent else None

    def acts(self, name: str) -> bool:
        intent = self.intents.get(name)
        return bool(intent and intent.acts)
