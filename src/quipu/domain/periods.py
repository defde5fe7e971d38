"""Periods as customers say them ("este mes", "mês passado", "abril", "últimos 30 días"), resolved to dates
that count back from the dataset's last day, never from now."""

import re
from collections.abc import Callable
from datetime import date, timedelta

from pydantic import BaseModel, ConfigDict, computed_field

from quipu.domain.dataset import HISTORY_START
from quipu.domain.evidence import fold

PERIOD_KEYS = (
    "today",
    "yesterday",
    "last_7_days",
    "last_30_days",
    "last_90_days",
    "this_month",
    "last_month",
    "this_year",
    "last_year",
)
DEFAULT_PERIOD = "last_30_days"
MAX_DAYS = 1096  # the dataset holds three years
MONTH_WORDS = {
    1: ("enero", "janeiro", "january", "jan", "ene"),
    2: ("febrero", "fevereiro", "february", "feb", "fev"),
    3: ("marzo", "marco", "march", "mar"),
    4: ("abril", "april", "abr", "apr"),
    5: ("mayo", "maio", "may", "mai"),
    6: ("junio", "junho", "june", "jun"),
    7: ("julio", "julho", "july", "jul"),
    8: ("agosto", "august", "ago", "aug"),
    9: ("septiembre", "setiembre", "setembro", "september", "sep", "set"),
    10: ("octubre", "outubro", "october", "oct", "out"),
    11: ("noviembre", "novembro", "november", "nov"),
    12: ("diciembre", "dezembro", "december", "dic", "dez", "dec"),
}
_MONTH = {w: m for m, words in MONTH_WORDS.items() for w in words}
_FULL_MONTHS = "|".join(sorted((w for w in _MONTH if len(w) > 3), key=len, reverse=True))
_NUMBER_WORDS = {"un": 1, "uno": 1, "um": 1, "dos": 2, "dois": 2, "tres": 3, "seis": 6, "doce": 12}


class Period(BaseModel):
    """A window of whole days, both ends included."""

    model_config = ConfigDict(frozen=True)
    key: str  # one of PERIOD_KEYS, "last_N_days", "month" or "year"
    start: date
    end: date

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented way
    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1


def _last_days(n: int, as_of: date) -> Period:
    n = max(1, min(n, MAX_DAYS))
    key = f"last_{n}_days"
    return Period(key=key, start=as_of - timedelta(days=n - 1), end=as_of)


def _month(year: int, month: int, as_of: date) -> Period:
    start = date(year, month, 1)
    following = date(year + (month == 12), month % 12 + 1, 1)
    return Period(key="month", start=start, end=min(following - timedelta(days=1), as_of))


def _named_month(month: int, year: int | None, as_of: date) -> Period | None:
    """A month without a year is the latest one that has begun."""
    if year is None:
        year = as_of.year if month <= as_of.month else as_of.year - 1
    if date(year, month, 1) > as_of:
        return None
    return _month(year, month, as_of)


def _year(year: int, as_of: date) -> Period | None:
    if not HISTORY_START.year <= year <= as_of.year:
        return None
    return Period(key="year", start=date(year, 1, 1), end=min(date(year, 12, 31), as_of))


def of_key(key: str, as_of: date) -> Period | None:
    """One of PERIOD_KEYS, or last_N_days."""
    if key == "today":
        return Period(key=key, start=as_of, end=as_of)
    if key == "yesterday":
        day = as_of - timedelta(days=1)
        return Period(key=key, start=day, end=day)
    if key == "this_month":
        return Period(key=key, start=as_of.replace(day=1), end=as_of)
    if key == "last_month":
        month = _month(*((as_of.year, as_of.month - 1) if as_of.month > 1 else (as_of.year - 1, 12)), as_of)
        return month.model_copy(update={"key": key})
    if key == "this_year":
        return Period(key=key, start=date(as_of.year, 1, 1), end=as_of)
    if key == "last_year":
        return Period(key=key, start=date(as_of.year - 1, 1, 1), end=date(as_of.year - 1, 12, 31))
    days = re.fullmatch(r"last_(\d{1,4})_days", key)
    return _last_days(int(days.group(1)), as_of) if days else None


# Words first, as the customer or a small model may write them; each pattern gives a period from its match.
_WORDS: tuple[tuple[str, Callable[[re.Match[str], date], Period | None]], ...] = (
    (r"\b(hoy|hoje|today)\b", lambda m, d: of_key("today", d)),
    (r"\b(ayer|ontem|yesterday)\b", lambda m, d: of_key("yesterday", d)),
    (
        r"\b(?:ultim[oa]s?|pasad[oa]s|passad[oa]s|last)\s*(\d{1,4})\s*(?:dias|days)\b",
        lambda m, d: _last_days(int(m[1]), d),
    ),
    (r"\b(\d{1,4})\s*(?:dias|days)\b", lambda m, d: _last_days(int(m[1]), d)),
    (
        r"\b(?:ultim[oa]s?|pasad[oa]s|passad[oa]s|last)\s*(\d{1,2}|un|uno|um|dos|dois|tres|seis|doce)\s*(?:meses|mes|months?)\b",
        lambda m, d: _last_days(30 * int(_NUMBER_WORDS.get(m[1], m[1] if m[1].isdigit() else 1)), d),
    ),
    (r"\b(?:trimestre|quarter)\b", lambda m, d: of_key("last_90_days", d)),
    (
        r"\b(?:esta|essa|this|ultima|la ultima|a ultima|ultimos 7 dias)\s*(?:semana|week)\b|\bsemana pasada\b|\bsemana passada\b"
        r"|\blast week\b|\b(?:de|en|da|na|durante)\s+(?:la|a)\s+semana\b(?!\s+(?:pasada|passada|anterior|que viene))"
        r"|\b(?:da|na|desta|nesta|dessa|nessa)\s+semana\b(?!\s+(?:passada|anterior|que vem))",
        lambda m, d: of_key("last_7_days", d),
    ),
    (
        r"\b(?:mes|month)\s*(?:pasado|passado|anterior)\b|\blast month\b|\bprevious month\b",
        lambda m, d: of_key("last_month", d),
    ),
    (r"\b(?:ultimo|last)\s*(?:mes|month)\b", lambda m, d: of_key("last_30_days", d)),
    (
        r"\b(?:este|esse|this|current|neste|nesse|desse|deste|de este|del|en el|no)\s*(?:mes|month)\b|\bmes actual\b"
        r"|\bmes atual\b",
        lambda m, d: of_key("this_month", d),
    ),
    (r"\b(?:ano|year)\s*(?:pasado|passado|anterior)\b|\blast year\b", lambda m, d: of_key("last_year", d)),
    (r"\b(?:este|esse|this|neste|nesse)\s*(?:ano|year)\b|\blo que va del ano\b", lambda m, d: of_key("this_year", d)),
    (r"\b(20\d\d)-(\d{1,2})\b", lambda m, d: _named_month(int(m[2]), int(m[1]), d) if 1 <= int(m[2]) <= 12 else None),
    (
        rf"\b({_FULL_MONTHS})\b(?:\s*(?:de|del|of)?\s*(20\d\d))?",
        lambda m, d: _named_month(_MONTH[m[1]], int(m[2]) if m[2] else None, d),
    ),
    (r"\b(20\d\d)\b", lambda m, d: _year(int(m[1]), d)),
)
_COMPILED = tuple((re.compile(p), make) for p, make in _WORDS)


def periods_in(text: str, as_of: date) -> list[tuple[int, Period]]:
    """Every period the words name, by position; a span already read is not read again."""
    folded = fold(text).replace("_", " ")
    found: list[tuple[int, Period]] = []
    taken: list[tuple[int, int]] = []
    for pattern, make in _COMPILED:
        for match in pattern.finditer(folded):
            if any(match.start() < end and start < match.end() for start, end in taken):
                continue
            period = make(match, as_of)
            if period is not None:
                taken.append(match.span())
                found.append((match.start(), period))
    return sorted(found, key=lambda found: found[0])


def parse_period(said: str | None, as_of: date) -> Period | None:
    """A period key (this_month, last_30_days...), a month ("abril", "2026-04", "maio de 2025"), a year, or
    the customer's own words; None when nothing in it names a period."""
    if not said or not said.strip():
        return None
    key = of_key(fold(said).replace(" ", "_"), as_of)
    if key is not None:
        return key
    named = periods_in(said, as_of)
    return named[-1][1] if named else None


def previous_period(period: Period) -> Period:
    """The window to compare with: the month or year before, or the same number of days just before."""
    start = period.start
    whole_month = _month(start.year, start.month, date.max).end == period.end
    if period.key in ("month", "last_month") and whole_month:
        before = start - timedelta(days=1)
        return _month(before.year, before.month, period.end)
    if period.key in ("this_month", "month"):
        before = start - timedelta(days=1)
        last = min(period.end.day, before.day)
        return Period(key="month_to_date", start=before.replace(day=1), end=before.replace(day=last))
    if period.key in ("year", "this_year", "last_year"):
        end = period.end.replace(year=period.end.year - 1)
        return Period(key="year", start=start.replace(year=start.year - 1), end=end)
    return Period(
        key=f"last_{period.days}_days", start=start - timedelta(days=period.days), end=start - timedelta(days=1)
    )
