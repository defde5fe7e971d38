"""Two lookups asked in one message ("¿cuánto llevo gastado este mes? ¿y cuál fue lo más caro?"): each part
that names a lookup of its own is read alone; a part that names no period takes the one the other part names."""

import re

from quipu.domain.evidence import fold
from quipu.skills.data_lookup.picking import PERIOD_TOOLS, names_a_tool, pick

# where a second question starts: a question mark or a full stop, or "y"/"e" before a question word
PARTS = re.compile(
    r"[?;]|\.\s|\b(?:y|e) (?:tambien|ademas|tambem|alem disso)\b|"
    r",?\s+(?:y|e)\s+(?=(?:cual|cuanto|que|a como|a cuanto|como|qual|quanto|quais|o que)\b)"
)


def two_lookups(latest: str) -> list[tuple[str, dict]]:
    """The two lookups the words ask for, each with its arguments; [] when they ask for one (or none)."""
    parts = [p for p in PARTS.split(fold(latest)) if p and names_a_tool(p)]
    asked: list[tuple[str, dict]] = []
    for part in parts:
        tool, arguments = pick(part, part)
        if tool not in (t for t, _ in asked):
            asked.append((tool, arguments))
    if len(asked) != 2:
        return []
    periods = [a["period"] for _, a in asked if a.get("period")]
    return [
        (tool, {"period": periods[0], **arguments} if tool in PERIOD_TOOLS and periods else arguments)
        for tool, arguments in asked
    ]
