"""The README documents every setting exactly once, and both commands; the docs name real tests and real code."""

import re
from collections import Counter
from pathlib import Path

from quipu.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
SETTINGS = {f"{Settings.model_config['env_prefix']}{name}".upper() for name in Settings.model_fields}


def configuration_rows(readme: str) -> list[str]:
    """The variable of each row of the README's configuration table, in order."""
    section = readme.split("\n## Configuration\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([A-Z][A-Z0-9_]*)` \|", section, re.MULTILINE)


def test_every_setting_is_in_the_configuration_table():
    assert SETTINGS - set(configuration_rows(README)) == set()


def test_each_setting_has_exactly_one_row():
    assert [name for name, n in Counter(configuration_rows(README)).items() if n > 1] == []


def test_the_configuration_table_names_only_real_settings():
    assert set(configuration_rows(README)) - SETTINGS == set()


def test_the_table_check_catches_a_repeated_row_and_a_missing_setting():
    rows = configuration_rows(README)
    repeated = README.replace(f"| `{rows[0]}` |", f"| `{rows[1]}` |", 1)
    assert Counter(configuration_rows(repeated))[rows[1]] == 2
    assert rows[0] in SETTINGS - set(configuration_rows(repeated))


def test_readme_shows_the_two_commands():
    assert "make up" in README and "make test" in README


def test_every_test_the_security_doc_names_exists():
    """`file.py::test_name` and `::test_name` (same file as the one before) in docs/security.md are real tests."""
    tests = Path(__file__).resolve().parents[1]
    doc = (tests.parent / "docs" / "security.md").read_text()
    current = None
    for file, name in re.findall(r"`(test_\w+\.py)?::(test_\w+)`", doc):
        current = file or current
        assert current and re.search(rf"def {name}\(", next(tests.rglob(current)).read_text()), (current, name)


MIGRATION_EXAMPLE = "src/quipu/adapters/postgres/migrations/NNN_what.sql"  # the name a new migration takes


def test_the_architecture_map_lists_every_rule_in_order():
    """The rules docs/architecture.md lists are the tests of tests/unit/test_architecture.py, in their order."""
    doc = (ROOT / "docs" / "architecture.md").read_text()
    rules = (ROOT / "tests" / "unit" / "test_architecture.py").read_text()
    for name in re.findall(r"^- `(test_\w+)`", doc, re.MULTILINE):
        assert f"def {name}(" in rules, name
    assert re.findall(r"^def (test_\w+)\(", rules, re.MULTILINE) == re.findall(r"^- `(test_\w+)`", doc, re.MULTILINE)


# --- every code name the architecture map writes in backticks exists ------------------------------------------
CODE_FOLDERS = ("src", "tests", "bench")
CODE_SUFFIXES = (".py", ".sql", ".yaml")
FILE_SUFFIXES = (".py", ".yaml", ".sql", ".md", ".toml")
PLACEHOLDER = re.compile(r"<\w+>")  # `skills/<name>/tools.py`: any skill's folder
SUBSCRIPT = re.compile(r"^(\w+)\[\"(\w+)\"\]$")  # `state["caller"]`
CALL = re.compile(r"^(\w+)\(([\w, ]*)\)$")  # `json_ready()`, `Depends(signed_in)`
DOTTED = re.compile(r"^\w+(\.\w+)+$")  # `quipu.adapters.postgres`, `Chat.turn`, `ops.decision_log`
IDENTIFIER = re.compile(r"^((?=\w*_)[a-z_][a-z0-9_]*|[A-Z]\w*)$")  # snake_case with an underscore, CamelCase, CONSTANTS


def code_texts() -> dict[Path, str]:
    """The source, SQL and YAML of src/, tests/ and bench/ and the Makefile: where a name of the code lives.
    This file is left out: it quotes names only to prove the check."""
    here = Path(__file__).resolve()
    files = [p for folder in CODE_FOLDERS for p in (ROOT / folder).rglob("*") if p.suffix in CODE_SUFFIXES]
    return {p: p.read_text(encoding="utf-8") for p in [*files, ROOT / "Makefile"] if p.resolve() != here}


CODE = code_texts()
WORDS = {word for text in CODE.values() for word in re.findall(r"\w+", text)}


def code_names(doc: str) -> list[tuple[str, str]]:
    """Each name in backticks that is clearly code, with its kind: a path, a module, a dotted name, a key of a
    dict, an identifier, a setting or a make target. Plain words (`act`, `session`), URLs the app serves
    (`/api/chat`), the home folder's cache (`~/...`) and patterns (`bloque*`, `{n}`) are not checked."""
    found: list[tuple[str, str]] = []
    for span in re.findall(r"`([^`\n]+)`", doc):
        if span.startswith("make "):
            found.append(("target", span.removeprefix("make ")))
        elif span.startswith("quipu "):
            found += [("identifier", word) for word in span.split()[1:]]
        elif " " in span:  # `INSERT INTO ops.decision_log`: each of its words on its own
            found += code_names(" ".join(f"`{word}`" for word in span.split()))
        elif span.startswith(("/", "~")):
            continue
        elif "/" in span or span.endswith(FILE_SUFFIXES):
            found.append(("path", span))
        elif span.startswith("QUIPU_") and "=" in span:
            found.append(("setting", span.split("=", 1)[0]))
        elif SUBSCRIPT.match(span) or DOTTED.match(span):
            found.append(("key" if "[" in span else "module" if span.startswith("quipu.") else "dotted", span))
        elif CALL.match(span):
            found += [("identifier", word) for word in re.findall(r"\w+", span)]
        elif IDENTIFIER.match(span):
            found.append(("identifier", span))
    return found


def exists(kind: str, name: str) -> bool:
    if kind == "path":  # from the root or src/quipu, else as the end of a path in the code's folders
        if name == MIGRATION_EXAMPLE:
            return (ROOT / name).parent.is_dir()
        pattern = PLACEHOLDER.sub("*", name).rstrip("/")
        bases = (ROOT, ROOT / "src" / "quipu")
        return any(any(base.glob(pattern)) for base in bases) or any(
            any((ROOT / folder).rglob(pattern)) for folder in CODE_FOLDERS
        )
    if kind == "module":
        path = ROOT / "src" / Path(*name.split("."))
        return path.is_dir() or path.with_suffix(".py").is_file()
    if kind == "key":  # written to or read from somewhere by that key
        owner, key = SUBSCRIPT.match(name).groups()
        return owner in WORDS and any(f'["{key}"]' in text for text in CODE.values())
    if kind == "dotted":  # `Chat.turn`: the class and, in the file that defines it, the attribute
        first, *rest = name.split(".")
        if any(name in text for text in CODE.values()):
            return True
        if first[0].isupper():
            owners = [t for t in CODE.values() if re.search(rf"^\s*class {first}\b", t, re.MULTILINE)]
            return any(all(re.search(rf"\b{part}\b", t) for part in rest) for t in owners)
        return all(part in WORDS for part in (first, *rest))
    if kind == "setting":
        return name in SETTINGS
    if kind == "target":
        return re.search(rf"^{re.escape(name)}:", CODE[ROOT / "Makefile"], re.MULTILINE) is not None
    return name in WORDS


def missing_names(doc: str) -> list[str]:
    return sorted({name for kind, name in code_names(doc) if not exists(kind, name)})


def test_every_code_name_the_architecture_map_writes_exists():
    """A class, function, module, file, key or command the map names in backticks is in the code today: a
    rename or a removal that leaves the map behind fails here, not in the next engineer's head."""
    doc = (ROOT / "docs" / "architecture.md").read_text()
    assert len(code_names(doc)) > 100  # the check reads the map, not an empty list
    assert missing_names(doc) == []


def test_the_name_check_catches_a_name_that_is_gone():
    doc = (
        "The `Reading` goes through `run_every_tool` and `ToolSessionGone` (`application/agent/gone.py`,"
        ' `quipu.application.gone`), `Chat.vanished`, `state["nothing_here"]`, `QUIPU_NO_SUCH=on`, `gone_too()`'
        " and `make no-such-target`; an `answer` in plain words."
    )
    assert [kind for kind, _ in code_names(doc)] == [
        "identifier", "identifier", "identifier", "path", "module", "dotted", "key", "setting", "identifier", "target"
    ]  # fmt: skip
    assert missing_names(doc) == [
        "Chat.vanished",
        "QUIPU_NO_SUCH",
        "ToolSessionGone",
        "application/agent/gone.py",
        "gone_too",
        "no-such-target",
        "quipu.application.gone",
        "run_every_tool",
        'state["nothing_here"]',
    ]
