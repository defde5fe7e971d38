"""The README documents every setting exactly once, and both commands; the docs name real tests."""

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


MIGRATION_EXAMPLE = "src/quipu/adapters/postgres/migrations/NNN_what.sql"


def test_every_file_and_test_the_architecture_map_names_exists():
    """Paths in docs/architecture.md (from the root, src/quipu or tests) and the architecture tests it lists."""
    doc = (ROOT / "docs" / "architecture.md").read_text()
    bases = (ROOT, ROOT / "src" / "quipu", ROOT / "tests")
    for path in set(re.findall(r"`([\w./-]+/[\w.-]+\.(?:py|md|yaml|toml|sql))`", doc)) - {MIGRATION_EXAMPLE}:
        assert any((base / path).exists() for base in bases), path
    rules = (ROOT / "tests" / "unit" / "test_architecture.py").read_text()
    for name in re.findall(r"^- `(test_\w+)`", doc, re.MULTILINE):
        assert f"def {name}(" in rules, name
    assert re.findall(r"^def (test_\w+)\(", rules, re.MULTILINE) == re.findall(r"^- `(test_\w+)`", doc, re.MULTILINE)
