"""The README documents every setting and both commands."""

from pathlib import Path

from quipu.settings import Settings

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()


def test_every_setting_is_in_the_configuration_table():
    for name in Settings.model_fields:
        assert f"| `QUIPU_{name.upper()}` |" in README, name


def test_readme_shows_the_two_commands():
    assert "make up" in README and "make test" in README
