"""Figures of a text and whether a reply's figures are grounded in its sources, compared by value.

A figure is an amount or any other number (`1,234.56`, `1.234,56`, `312,4`, `36 %`), a date (`11 de junio`,
`11 de junho de 2026`, `2026-06-11`, `11/06`), a time of day (`09:00:04`) or a card or account ending
(`•1234`, `terminada en 1234`). Each has the set of values it can be read as: `1.043` reads as 1043 or as
1.043, and is grounded when either reading is in a source. Signs are ignored (a debit written without its
minus is the same figure); numbers written in words are not figures.
"""

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

FULL_MONTHS = {
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7, "agosto": 8,
    "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
    "janeiro": 1, "fevereiro": 2, "marco": 3, "maio": 5, "junho": 6, "julho": 7, "setembro": 9,
    "outubro": 10, "novembro": 11, "dezembro": 12,
}  # fmt: skip
SHORT_MONTHS = {
    "ene": 1, "feb": 2, "fev": 2, "mar": 3, "abr": 4, "may": 5, "mai": 5, "jun": 6, "jul": 7, "ago": 8,
    "sep": 9, "sept": 9, "set": 9, "oct": 10, "out": 10, "nov": 11, "dic": 12, "dez": 12,
}  # fmt: skip; only right after a day ("11 jun"): alone, "mar" and "set" are ordinary words
MONTHS = FULL_MONTHS | SHORT_MONTHS
ANY_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
ENDING_MARKS = (
    r"•+\s*|\*{1,12}\s*|[xX]{2,12}|"
    r"(?:terminad[ao]s?|terminaci[oó]n|termina|finalizad[ao]|final|con final|com final|que termina)\s+(?:en|em)\s+|"
    r"terminaci[oó]n\s+|final\s+"
)
PATTERN = re.compile(
    rf"(?P<iso>(?<!\d)(?P<iy>\d{{4}})-(?P<im>\d{{1,2}})-(?P<id>\d{{1,2}})(?!\d))"
    rf"|(?P<slash>(?<![\d/])(?P<sa>\d{{1,2}})/(?P<sb>\d{{1,2}})(?:/(?P<sy>\d{{4}}|\d{{2}}))?(?![\d/]))"
    rf"|(?P<words>(?<!\d)(?P<wd>\d{{1,2}})(?:o|°)?\s+(?:de\s+)?(?P<wm>{ANY_MONTH})\b\.?"
    rf"(?:\s+(?:de\s+|del\s+)?(?P<wy>\d{{4}})(?!\d))?)"
    rf"|(?P<monthyear>\b(?P<mm>{'|'.join(sorted(FULL_MONTHS, key=len, reverse=True))})\s+(?:de\s+|del\s+)?(?P<my>\d{{4}})(?!\d))"
    rf"|(?P<time>(?<![\d:.,])(?P<th>\d{{1,2}}):(?P<tm>\d{{2}})(?::(?P<ts>\d{{2}}))?(?![\d:]))"
    rf"|(?P<ending>(?:{ENDING_MARKS})(?P<digits>\d{{4}})(?!\d))"
    rf"|(?P<number>(?<!\d)\d(?:[\d.,]*\d)?)",
    re.IGNORECASE,
)
Reading = Decimal | tuple


@dataclass(frozen=True)
class Figure:
    """One figure as written, and every value it can be read as."""

    text: str
    kind: str  # number, date, time or ending
    readings: frozenset


def _fold(text: str) -> str:
    """Accents off and lower case, so `março` is `marco` and `Junio` is `junio`; lengths are kept."""
    folded = unicodedata.normalize("NFKD", text)
    return "".join(c for c in folded if not unicodedata.combining(c)).lower()


def _decimal(digits: str) -> Decimal | None:
    try:
        return Decimal(digits)
    except InvalidOperation:
        return None


def _grouped(whole: str, sep: str) -> bool:
    groups = whole.split(sep)
    return 1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])


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


def _date(year: int | None, month: int, day: int) -> frozenset:
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return frozenset()
    return frozenset({("day", year, month, day) if year else ("day", None, month, day)})


def _figure(match: re.Match) -> Figure:
    g, text = match.groupdict(), match.group(0)
    if g["iso"]:
        return Figure(text, "date", _date(int(g["iy"]), int(g["im"]), int(g["id"])))
    if g["slash"]:
        a, b, year = int(g["sa"]), int(g["sb"]), _year(g["sy"])
        return Figure(text, "date", _date(year, b, a) | _date(year, a, b))  # day/month, or month/day
    if g["words"]:
        return Figure(text, "date", _date(_year(g["wy"]), MONTHS[_fold(g["wm"])], int(g["wd"])))
    if g["monthyear"]:
        return Figure(text, "date", frozenset({("month", int(g["my"]), MONTHS[_fold(g["mm"])])}))
    if g["time"]:
        seconds = int(g["ts"]) if g["ts"] else None
        return Figure(text, "time", frozenset({("time", int(g["th"]), int(g["tm"]), seconds)}))
    if g["ending"]:
        return Figure(text, "ending", frozenset({("ending", g["digits"])}))
    return Figure(text, "number", number_readings(g["number"]))


def figures(text: str) -> list[Figure]:
    """The figures of a text, left to right; a date or an ending is one figure, not its numbers."""
    text = text or ""
    folded = _fold(text)
    found = [_figure(m) for m in PATTERN.finditer(folded)]
    if len(folded) != len(text):  # a rare character changed length when folded: report the folded text
        return found
    return [Figure(text[m.start() : m.end()], f.kind, f.readings) for m, f in zip(PATTERN.finditer(folded), found)]


def _widened(reading: Reading) -> set:
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


def grounds(sources: list[str]) -> frozenset:
    """Every value the sources can ground (computed once, reused for many replies)."""
    found: set = set()
    for source in sources:
        for match in re.finditer(r"(?<!\d)0\d{3}(?!\d)", source or ""):  # endings with a leading zero
            found.add(("ending", match.group(0)))
        for figure in figures(source):
            for reading in figure.readings:
                found |= _widened(reading)
    return frozenset(found)


def ungrounded(reply: str, sources: list[str], *, known: frozenset | None = None) -> list[str]:
    """The figures of the reply, as written, that no source holds under any of their readings."""
    held = grounds(sources) if known is None else known
    return [f.text for f in figures(reply) if f.readings and not (f.readings & held)]


def same_figures(rewrite: str, original: str) -> bool:
    """A rephrasing carries exactly the original's figures: nothing new, nothing lost."""
    return not ungrounded(rewrite, [original]) and not ungrounded(original, [rewrite])
