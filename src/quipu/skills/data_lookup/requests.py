"""Two lookups asked in one message ("¿cuánto llevo gastado este mes? ¿y cuál fue lo más caro?"): each part
that names a lookup of its own is read alone; a part that names no period takes the one the other part names."""

import re

from quipu.domain.dataset import AS_OF
from quipu.domain.evidence import fold
from quipu.domain.lookup_words import categories_in
from quipu.domain.periods import periods_in
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


# a place named after "en", "em", "no", "con"... that no brand list knows ("¿cuánto gasté en ElectroMax?")
PLACE = re.compile(r"\b(?:en|em|no|na|con|com|de|del|do|da)\s+([a-z][a-z0-9]{3,})\b")
NOT_A_PLACE = frozenset(
    [
        "total",
        "todo",
        "toda",
        "todos",
        "todas",
        "efectivo",
        "tarjeta",
        "tarjetas",
        "cartao",
        "cuenta",
        "conta",
        "credito",
        "debito",
        "ahorro",
        "poupanca",
        "corriente",
        "cheques",
        "compras",
        "gastos",
        "gasto",
        "movimientos",
        "movimentos",
        "este",
        "esta",
        "ese",
        "esa",
        "mes",
        "semana",
        "anos",
        "meses",
        "dias",
        "ultimo",
        "ultima",
        "ultimos",
        "ultimas",
        "pasado",
        "passado",
        "hoje",
        "ayer",
        "ontem",
        "promedio",
        "media",
        "cada",
        "linea",
        "internet",
    ]
)


def places_named(latest: str) -> list[str]:
    """Words that may name a merchant the customer bought from: not a category, a period or a common word.
    A wrong guess costs one lookup that finds nothing; the question is then answered as asked."""
    said = fold(latest)
    found = [
        w for w in PLACE.findall(said) if w not in NOT_A_PLACE and not categories_in(w) and not periods_in(w, AS_OF)
    ]
    return list(dict.fromkeys(found))[:2]
