"""Periods as customers say them ("este mes", "mês passado", "abril", "últimos 30 días"), resolved to dates
that count back from the dataset's last day, never from now."""

import re
from datetime import date, timedelta

from pydantic import BaseModel, ConfigDict, computed_field

from quipu.domain.dataset import HISTORY_START

PERIOD_KEYS = (
    "today",
    "yesterday",
    "this_week",
    "last_week",
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
    if key == "this_week":  # the calendar week so far, from Monday
        return Period(key=key, start=as_of - timedelta(days=as_of.weekday()), end=as_of)
    if key == "last_week":  # the calendar week before: Monday to Sunday
        monday = as_of - timedelta(days=as_of.weekday() + 7)
        return Period(key=key, start=monday, end=monday + timedelta(days=6))
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


def span_of_days(n: int, as_of: date) -> Period:
    """The last n days up to the dataset's last day."""
    return _last_days(n, as_of)


def named_month(month: int, year: int | None, as_of: date) -> Period | None:
    """A month by number; without a year, the latest one that has begun."""
    return _named_month(month, year, as_of)


def day_period(day: int, month: int, as_of: date) -> Period | None:
    """One day of a month said without a year ("el 6 de junio"): the latest such day that has come."""
    for year in (as_of.year, as_of.year - 1):
        try:
            found = date(year, month, day)
        except ValueError:
            return None
        if HISTORY_START <= found <= as_of:
            return Period(key=f"{found.isoformat()}..{found.isoformat()}", start=found, end=found)
    return None


def year_period(year: int, as_of: date) -> Period | None:
    return _year(year, as_of)


def since(month: int, as_of: date) -> Period:
    """From the start of the latest such month that has begun to the dataset's last day ("desde enero")."""
    year = as_of.year if month <= as_of.month else as_of.year - 1
    start = date(year, month, 1)
    return Period(key=f"{start.isoformat()}..{as_of.isoformat()}", start=start, end=as_of)


RANGE = re.compile(r"(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})")
YEAR_MONTH_KEY = re.compile(r"(20\d\d)-(\d{1,2})")


def parse_period_key(said: str | None, as_of: date) -> Period | None:
    """A period as the tools take it: a key (this_month, last_30_days…), a month (2026-04), a year (2025) or a
    range of days (2026-01-01..2026-06-18); None for anything else (words are the reading's to read)."""
    said = (said or "").strip()
    if not said:
        return None
    keyed = of_key(said.replace(" ", "_").casefold(), as_of)
    if keyed is not None:
        return keyed
    ranged = RANGE.fullmatch(said)
    if ranged:
        start, end = date.fromisoformat(ranged.group(1)), date.fromisoformat(ranged.group(2))
        if start <= end <= as_of and start >= HISTORY_START:
            return Period(key=said, start=start, end=end)
        return None
    month = YEAR_MONTH_KEY.fullmatch(said)
    if month and 1 <= int(month.group(2)) <= 12:
        return _named_month(int(month.group(2)), int(month.group(1)), as_of)
    return _year(int(said), as_of) if said.isdigit() and len(said) == 4 else None


def whole_month_of(period: Period) -> Period | None:
    """The whole month a month-to-date window (the same days of the month before) is the first days of."""
    if period.key != "month_to_date":
        return None
    whole = _month(period.start.year, period.start.month, date.max)
    return whole if whole.end != period.end else None


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
