"""The team-written corpus of the learned reader: each skill folder's examples.yaml (and skills/_shared for what
code handles before any skill), as intent → language → label → examples. Labels are moods; `refuses` and
`postpones` are requests said with that polarity."""

import hashlib
from dataclasses import dataclass
from importlib.resources import files

from quipu.domain.yaml_text import read_strings

SKILLS_PACKAGE = "quipu.skills"
MOODS = ("request", "question", "action_question", "statement", "report", "hypothetical")
POLARITIES = {"refuses": "refuses", "postpones": "postpones"}
LANGUAGES = ("es", "pt")


@dataclass(frozen=True)
class Example:
    text: str
    intent: str
    language: str
    mood: str
    polarity: str
    folder: str  # the skill (or _shared) whose folder holds it


def corpus_files() -> list[tuple[str, str]]:
    """(folder, text) of every examples.yaml, sorted by folder: the corpus, in a fixed order."""
    root = files(SKILLS_PACKAGE)
    found = []
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        path = entry / "examples.yaml"
        if entry.is_dir() and path.is_file():
            found.append((entry.name, path.read_text(encoding="utf-8")))
    return found


def parse(folder: str, text: str) -> list[Example]:
    loaded = read_strings(text) or {}  # every example a string: "no" is a word here
    found = []
    for intent, by_language in loaded.items():
        for language, by_label in (by_language or {}).items():
            if language not in LANGUAGES:
                raise ValueError(f"{folder}/examples.yaml: {intent} has unknown language {language}")
            for label, examples in (by_label or {}).items():
                if label not in MOODS and label not in POLARITIES:
                    raise ValueError(f"{folder}/examples.yaml: {intent}.{language} has unknown label {label}")
                mood = "request" if label in POLARITIES else label
                polarity = POLARITIES.get(label, "asks")
                found += [Example(str(e), intent, language, mood, polarity, folder) for e in examples or []]
    return found


def load() -> list[Example]:
    return [example for folder, text in corpus_files() for example in parse(folder, text)]


def fingerprint(extra: str = "") -> str:
    """What the trained reader depends on: the corpus, the lexicons and the code that reads both."""
    digest = hashlib.sha256(extra.encode())
    for folder, text in corpus_files():
        digest.update(folder.encode() + text.encode())
    lexicons = files("quipu.domain.reading") / "lexicon"
    for entry in sorted(lexicons.iterdir(), key=lambda e: e.name):
        digest.update(entry.read_bytes())
    code = files("quipu.domain.reading")
    for entry in sorted(code.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".py"):
            digest.update(entry.read_bytes())
    return digest.hexdigest()[:16]
