"""The skill plugins, found from their folders under `quipu.skills` by name: SKILL.md front matter (what the
router sees) and intents.yaml (what the skill serves). Loading a plugin's code is the loader's (loader.py)."""

from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from quipu.domain.yaml_text import read_strings

SKILLS_PACKAGE = "quipu.skills"  # the plugins' folders, read by name (never imported from the framework)


@dataclass(frozen=True)
class Skill:
    name: str
    description: str
    mcp: str
    sign_in: bool
    flags: dict[str, str]

    @property
    def hook_names(self) -> tuple[str, ...]:
        """The hooks SKILL.md names (`hooks: act, answer`), each a function in the folder's hooks.py."""
        return tuple(h.strip() for h in self.flags.get("hooks", "act, answer").split(",") if h.strip())

    def intents(self) -> dict[str, dict[str, str]]:
        """What the skill serves: intents.yaml in its folder ({intent: {acts, action}})."""
        return read_intents(self.name)

    @property
    def acts(self) -> bool:
        """The skill proposes actions or money movement (off when actions are disabled): an intent it declares
        in intents.yaml acts."""
        return any(spec.get("acts") == "true" for spec in self.intents().values())

    @property
    def remembers(self) -> bool:
        """The skill recalls earlier conversations (offered only with QUIPU_CHAT_MEMORY=on)."""
        return self.flags.get("memory") == "true"

    def offered(self, *, actions_enabled: bool, memory: bool) -> bool:
        """Whether this service builds the skill at all (its server, its tools, its place in the router)."""
        return (actions_enabled or not self.acts) and (memory or not self.remembers)


@cache
def read_intents(folder: str) -> dict[str, dict[str, str]]:
    path = files(SKILLS_PACKAGE) / folder / "intents.yaml"
    if not path.is_file():
        return {}
    loaded = read_strings(path.read_text(encoding="utf-8")) or {}
    return {str(k): {str(a): str(b) for a, b in (v or {}).items()} for k, v in loaded.items()}


def parse_skill(text: str) -> Skill:
    """Front matter between --- lines (key: value); the prose after it is for the engineers reading the folder."""
    if not text.startswith("---\n"):
        raise ValueError("SKILL.md must start with front matter")
    header, _, _notes = text[4:].partition("\n---\n")
    fields = {}
    for line in header.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip()] = value.strip()
    missing = {"name", "description", "mcp"} - fields.keys()
    if missing:
        raise ValueError(f"SKILL.md misses {', '.join(sorted(missing))}")
    flags = {k: v for k, v in fields.items() if k not in ("name", "description", "mcp")}
    return Skill(fields["name"], fields["description"], fields["mcp"], fields.get("sign_in") == "true", flags)


def discover() -> list[Skill]:
    root = files(SKILLS_PACKAGE)
    found = []
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        manifest = entry / "SKILL.md"
        if entry.is_dir() and manifest.is_file():
            skill = parse_skill(manifest.read_text(encoding="utf-8"))
            if skill.name != entry.name:
                raise ValueError(f"skill folder {entry.name} declares name {skill.name}")
            found.append(skill)
    return found
