"""The README documents every setting and both commands."""

import re
from pathlib import Path

from quipu.settings import Settings

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def test_every_setting_is_in_the_configuration_table():
    for name in Settings.model_fields:
        assert f"| `QUIPU_{name.upper()}` |" in README, name


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
