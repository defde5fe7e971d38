"""Every model call returns JSON validated against a schema; extra fields are an error."""

from typing import Any

MAX_TEXT_IN_SCHEMA = 500  # bounds a rephrasing: a small model can loop on a sentence until it runs out of tokens


def rephrase_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["text"],
        "properties": {"text": {"type": "string", "maxLength": MAX_TEXT_IN_SCHEMA}},
    }
