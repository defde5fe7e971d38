"""The one way quipu reads its YAML data (lexicons, corpora, intents, answers, evaluation sets): libyaml's parser
when PyYAML was built with it, which reads the same documents about ten times faster than the pure-Python one."""

from typing import Any

import yaml

_STRINGS = getattr(yaml, "CBaseLoader", yaml.BaseLoader)
_VALUES = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_strings(text: str) -> Any:
    """Every scalar a string: in a lexicon "no", "si" and "on" are words, not booleans."""
    return yaml.load(text, Loader=_STRINGS)  # noqa: S506 - a base loader builds no objects


def read_values(text: str) -> Any:
    """Scalars typed as YAML types them (numbers, booleans, dates); no objects are ever built."""
    return yaml.load(text, Loader=_VALUES)  # noqa: S506 - a safe loader builds no objects
