"""Follow-ups: the checkpoint keeps what the last turn looked up (skill, tool, arguments, the customer's
words), so "¿y en abril?", "bloquéala", "sí, esa", "la de débito" or "e no mês passado?" resolve against it."""

import re
import unicodedata
from typing import Any

from quipu.domain.plain_requests import points_back
from quipu.domain.routing import skills_named

FOLLOW_UP = re.compile(
    r"^\s*¿?\s*(y|e|entonces|ent[aã]o|tamb[ií]en|tamb[ée]m|sí|si|s[ií],|sim|ok|vale|dale|esa|ese|eso|esta|este|"
    r"essa|esse|isso|la de|el de|o de|a de|la del|el del|la otra|el otro|o outro|a outra|la primera|el primero|"
    r"a primeira|o primeiro|la segunda|el segundo|la [uú]ltima|el [uú]ltimo|bloqu[eé]ala|canc[eé]lala|"
    r"bloqueia|cancela|#\d|solo|s[oó]lo|s[oó]|solamente|somente|apenas|nada m[aá]s|pero|mas|but|"
    r"(no|n[aã]o)(?=,)|no (del|de la)|n[aã]o (do|da)|(mejor|melhor|mas bien|better)(?=\D*\d)|"
    r"(fue|foi|era) (el|la|los|las|o|a|os|as|de|do|da|del|en|no|na)(?= ))\b",  # "fue el de Rappi": which one
    re.IGNORECASE,
)
# a correction of the last request ("que sean 1,200 mejor", "mejor al revés", "ao contrário") and a short
# question that leans on the last answer even without its question mark ("cuántos tengo abiertos todavía")
CORRECTION = re.compile(
    r"^\W*(que sean?|que seja[mn]?|sean|mejor al|melhor ao|al rev[eé]s|ao contr[aá]rio|al contrario|perd[oó]n|perdona|"
    r"disculpa|me equivoqu[eé]|quise decir|digo|desculpa|foi mal|na verdade|quis dizer|quer dizer)\b|"
    r"\b(otra vez|de nuevo|lo mismo|outra vez|de novo|o mesmo)\b|"
    r"\b(mejor|melhor|al rev[eé]s|ao contr[aá]rio)\W*$|"
    r"^\W*(ah|oh|ay|uy|bueno|pues|ok)?\W*(no|n[aã]o)?\W*(mejor|melhor)\s+(a|al|en|de|del|desde|con|com|pra|para|na|no|da|do)\b",
    re.IGNORECASE,
)
QUESTION_START = re.compile(
    r"^\W*(cu[aá]nt[oa]s?|cu[aá]l(es)?|cu[aá]ndo|qu[eé]|d[oó]nde|c[oó]mo|a qu[eé] hora|de cu[aá]nto|por qu[eé]|"
    r"quant[oa]s?|qual|quais|quando|onde|como|que horas|de quanto|por que)\b",
    re.IGNORECASE,
)
BOTH = re.compile(r"\b(los dos|las dos|ambos|ambas|os dois|as duas|entre (ellos|ellas|eles|elas))\b", re.IGNORECASE)
SHORT_WORDS = 8  # a short question that names no skill leans on the last turn ("quanto foi cada uma?")


def fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()


def is_follow_up(text: str, last: dict[str, Any] | None) -> bool:
    """Short words that lean on the last turn ("¿y en abril?", "sí, esa", "la de débito")."""
    if not last or not text.strip():
        return False
    words = len(text.split())
    asks = "?" in text or QUESTION_START.search(text)
    return (
        bool(FOLLOW_UP.search(text) or BOTH.search(text) or CORRECTION.search(text))
        or points_back(text)
        or words <= 2
        or bool(words <= SHORT_WORDS and asks and not skills_named(text))
    )


def remembered(
    skill: str | None, tool: str | None, arguments: dict[str, Any], text: str, result: dict[str, Any]
) -> dict[str, Any]:
    """What the next turn may lean on; only ids and labels the tools already showed the customer."""
    return {"skill": skill, "tool": tool, "arguments": arguments, "text": text[:400], "status": result.get("status")}


def merged_arguments(
    last: dict[str, Any] | None, skill: str, tool: str, arguments: dict[str, Any]
) -> dict[str, Any]:
    """The same tool asked again keeps what the customer said before, unless they said something new."""
    if not last or last.get("skill") != skill or last.get("tool") != tool:
        return arguments
    return {**(last.get("arguments") or {}), **{k: v for k, v in arguments.items() if v not in (None, "", [], {})}}


def joined_words(last: dict[str, Any] | None, text: str, follow_up: bool) -> str:
    """Code reads a follow-up together with the words it answers ("bloquea mi tarjeta" + "la de débito")."""
    return f"{last['text']} {text}".strip() if follow_up and last else text
