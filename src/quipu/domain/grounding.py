"""Figures of a text and whether a reply's figures are grounded in its sources, compared by value.

A figure is an amount or any other number (`1,234.56`, `1.234,56`, `312,4`, `36 %`), a date (`11 de junio`,
`11 de junho de 2026`, `2026-06-11`, `11/06`), a time of day (`09:00:04`) or a card or account ending
(`•1234`, `terminada en 1234`). Each has the set of values it can be read as: `1.043` reads as 1043 or as
1.043, and is grounded when either reading is in a source. Signs are ignored (a debit written without its
minus is the same figure); numbers written in words are not figures.
"""

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

FULL_MONTHS = {
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7, "agosto": 8,
    "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
    "janeiro": 1, "fevereiro": 2, "marco": 3, "maio": 5, "junho": 6, "julho": 7, "setembro": 9,
    "outubro": 10, "novembro": 11, "dezembro": 12,
}  # fmt: skip
SHORT_MONTHS = {
    "ene": 1,
    "feb": 2,
    "fev": 2,
    "mar": 3,
    "abr": 4,
    "may": 5,
    "mai": 5,
    "jun": 6,
    "jul": 7,
    "ago": 8,
    "sep": 9,
    "sept": 9,
    "set": 9,
    "oct": 10,
    "out": 10,
    "nov": 11,
    "dic": 12,
    "dez": 12,
}  # fmt: skip; only right after a day ("11 jun"): alone, "mar" and "set" are ordinary words
MONTHS = FULL_MONTHS | SHORT_MONTHS
ANY_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
TOKEN = re.compile(r"\d+(?:[.,:/-]\d+)*")  # a run of digits with the separators inside it
ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
DMY = re.compile(r"(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?|(\d{1,2})-(\d{1,2})-(\d{4})")
TIME = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?")
# the first day of a range takes the month named after the second ("del 1 al 18 de junio", "de 1 a 18 de junho")
RANGE_TO = re.compile(
    rf"\s+(?:al|a|-|y|e|hasta|ate)\s+\d{{1,2}}(?:o|º|°)?\s+(?:de\s+)?({ANY_MONTH})\b(?:\s+(?:de\s+|del\s+)?(\d{{4}}))?"
)
DAY_MONTH_AFTER = re.compile(rf"(?:o|º|°)?\s+(?:de\s+)?({ANY_MONTH})\b(?:\s+(?:de\s+|del\s+)?(\d{{4}})(?![\d.,]\d))?")
MONTH_BEFORE = re.compile(rf"\b({'|'.join(sorted(FULL_MONTHS, key=len, reverse=True))})\s+(?:de\s+|del\s+)?$")
ENDING_BEFORE = re.compile(
    r"(?:•+\s*|\*{1,12}\s*|x{2,12}|(?:terminad[ao]s?|terminaci[oó]n|termina|finalizad[ao]|final|con final|"
    r"com final|que termina)\s+(?:en|em)\s+|terminacion\s+|final\s+)$"
)
FOLD = {
    c: unicodedata.normalize("NFKD", chr(c))[0]
    for c in range(0xC0, 0x250)
    if unicodedata.normalize("NFKD", chr(c))[0].isascii() and unicodedata.normalize("NFKD", chr(c))[0].isalpha()
}
Reading = Decimal | tuple[Any, ...]


@dataclass(frozen=True)
class Figure:
    """One figure as written, and every value it can be read as."""

    text: str
    kind: str  # number, date, time or ending
    readings: frozenset[Reading]


def _fold(text: str) -> str:
    """Accents off and lower case, one character for one, so `março` is `marco` and positions still match."""
    return text.translate(FOLD).lower() if not text.isascii() else text.lower()


def _decimal(digits: str) -> Decimal | None:
    try:
        return Decimal(digits)
    except InvalidOperation:
        return None


def _grouped(whole: str, sep: str) -> bool:
    groups = whole.split(sep)
    return 1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])


@lru_cache(maxsize=4096)
def number_readings(token: str) -> frozenset[Decimal]:
    """Every value a written number can mean, in the `1,234.56` and the `1.234,56` conventions."""
    seps = [c for c in token if c in ".,"]
    if not seps:
        readings = {token}
    elif len(set(seps)) == 2:
        decimal_sep = token[max(token.rfind("."), token.rfind(","))]
        group_sep = "," if decimal_sep == "." else "."
        whole, _, fraction = token.rpartition(decimal_sep)
        readings = {whole.replace(group_sep, "") + "." + fraction} if _grouped(whole, group_sep) else set()
    elif len(seps) > 1:
        readings = {token.replace(seps[0], "")} if _grouped(token, seps[0]) else set()
    else:
        whole, _, fraction = token.partition(seps[0])
        readings = {f"{whole}.{fraction}"}
        if len(fraction) == 3 and len(whole) <= 3:
            readings.add(whole + fraction)
    if not readings:  # not a well-formed number (`1.2.3`): its digit runs, each as written
        readings = set(re.findall(r"\d+", token))
    return frozenset(v for v in map(_decimal, readings) if v is not None)


def _year(text: str | None) -> int | None:
    if text is None:
        return None
    return int(text) + 2000 if len(text) == 2 else int(text)


def _date(year: int | None, month: int, day: int) -> frozenset[Reading]:
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return frozenset()
    return frozenset({("day", year, month, day) if year else ("day", None, month, day)})


def _date_or_time(token: str) -> tuple[str, frozenset[Reading]] | None:
    if m := ISO.fullmatch(token):
        return "date", _date(int(m[1]), int(m[2]), int(m[3]))
    if m := DMY.fullmatch(token):
        a, b, year = (int(m[1]), int(m[2]), _year(m[3])) if m[1] else (int(m[4]), int(m[5]), int(m[6]))
        return "date", _date(year, b, a) | _date(year, a, b)  # day/month, or month/day
    if m := TIME.fullmatch(token):
        return "time", frozenset({("time", int(m[1]), int(m[2]), int(m[3]) if m[3] else None)})
    return None


def _scan(folded: str) -> Iterator[tuple[int, int, str, frozenset[Reading]]]:
    """(start, end, kind, readings) of each figure; a date in words takes its day, month and year."""
    position = 0
    while match := TOKEN.search(folded, position):
        start, end, token = match.start(), match.end(), match.group(0)
        position = end
        plain = not ("/" in token or ":" in token or "-" in token)
        if not plain and (found := _date_or_time(token)):
            yield start, end, *found
        elif not plain:  # not a date or a time: each number on its own ("del 10-20 de mayo": the last a day)
            parts = list(re.finditer(r"\d+(?:[.,]\d+)*", token))
            for part in parts[:-1]:
                yield start + part.start(), start + part.end(), "number", number_readings(part.group(0))
            position = start + parts[-1].start()
            continue
        elif len(token) == 4 and token.isdigit() and (mark := ENDING_BEFORE.search(folded, max(0, start - 24), start)):
            yield mark.start(), end, "ending", frozenset({("ending", token)})
        elif len(token) <= 2 and (until := RANGE_TO.match(folded, end)):
            yield start, end, "date", _date(_year(until[2]), MONTHS[until[1]], int(token))
        elif len(token) <= 2 and (after := DAY_MONTH_AFTER.match(folded, end)):
            position = after.end()
            yield start, position, "date", _date(_year(after[2]), MONTHS[after[1]], int(token))
        elif len(token) == 4 and token.isdigit() and (before := MONTH_BEFORE.search(folded, max(0, start - 16), start)):
            yield before.start(), end, "date", frozenset({("month", int(token), MONTHS[before[1]])})
        else:
            yield start, end, "number", number_readings(token)


def figure_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of each figure of the text as written: a number, a date, a time or an ending."""
    return [(a, b, kind) for a, b, kind, _ in _scan(_fold(text or ""))]


def figures(text: str) -> list[Figure]:
    """The figures of a text, left to right; a date or an ending is one figure, not its numbers."""
    text = text or ""
    return [Figure(text[a:b], kind, readings) for a, b, kind, readings in _scan(_fold(text))]


def _widened(reading: Reading) -> set[Reading]:
    """What a source's figure also grounds: a full date its day-and-month, its month and its year;
    a time its hour and minute; a run of four or more digits its ending (an account's last four)."""
    out = {reading}
    if isinstance(reading, Decimal):
        digits = str(reading)
        if reading == reading.to_integral_value() and len(digits) >= 4 and digits.isdigit():
            out.add(("ending", digits[-4:]))
        return out
    if reading[0] == "day" and reading[1]:
        _, year, month, day = reading
        out |= {("day", None, month, day), ("month", year, month), Decimal(year)}
    if reading[0] == "time" and reading[3] is not None:
        out.add(("time", reading[1], reading[2], None))
    return out


def grounds(sources: list[str]) -> frozenset[Reading]:
    """Every value the sources can ground (computed once, reused for many replies)."""
    found: set[Reading] = set()
    for source in sources:
        for match in re.finditer(r"(?<!\d)0\d{3}(?!\d)", source or ""):  # endings with a leading zero
            found.add(("ending", match.group(0)))
        for figure in figures(source):
            for reading in figure.readings:
                found |= _widened(reading)
    return frozenset(found)


def ungrounded(reply: str, sources: list[str], *, known: frozenset[Reading] | None = None) -> list[str]:
    """The figures of the reply, as written, that no source holds under any of their readings."""
    held = grounds(sources) if known is None else known
    return [f.text for f in figures(reply) if f.readings and not (f.readings & held)]


def same_figures(rewrite: str, original: str) -> bool:
    """A rephrasing carries exactly the original's figures: nothing new, nothing lost."""
    return not ungrounded(rewrite, [original]) and not ungrounded(original, [rewrite])
