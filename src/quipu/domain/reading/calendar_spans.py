"""Spans of days the customer names by the calendar ("el finde", "la quincena pasada", "la semana antepasada",
"o mês retrasado", "del 1 al 15 de junio"), resolved against the dataset's last day as ranges of days."""

from collections.abc import Callable
from datetime import date, timedelta

from quipu.domain.periods import Period, day_period, named_month, of_key

DAYS_PER_WEEK = 7
SATURDAY = 5  # as date.weekday() counts, Monday being 0
FORTNIGHT = 15  # a month's first half ("la primera quincena") runs to the 15th; its second half from the 16th


def _ranged(start: date, end: date) -> Period:
    return Period(key=f"{start.isoformat()}..{end.isoformat()}", start=start, end=end)


def _last_weekend(as_of: date) -> tuple[date, date]:
    """ "el finde", "no fim de semana": the last Saturday and Sunday that have begun (today, if it is one)."""
    saturday = as_of - timedelta(days=(as_of.weekday() - SATURDAY) % DAYS_PER_WEEK)
    return saturday, min(saturday + timedelta(days=1), as_of)


def _week_before_last(as_of: date) -> tuple[date, date]:
    """ "la semana antepasada", "a semana retrasada": the calendar week before last week, Monday to Sunday."""
    monday = as_of - timedelta(days=as_of.weekday() + 2 * DAYS_PER_WEEK)
    return monday, monday + timedelta(days=DAYS_PER_WEEK - 1)


def _month_before_last(as_of: date) -> tuple[date, date]:
    """ "el mes antepasado", "o mês retrasado": the whole month before last month."""
    last_month_start = (as_of.replace(day=1) - timedelta(days=1)).replace(day=1)
    end = last_month_start - timedelta(days=1)
    return end.replace(day=1), end


def _this_fortnight(as_of: date) -> tuple[date, date]:
    """ "esta quincena", "nessa quinzena": the half of this month today is in, up to today."""
    return as_of.replace(day=1 if as_of.day <= FORTNIGHT else FORTNIGHT + 1), as_of


def _last_fortnight(as_of: date) -> tuple[date, date]:
    """ "la quincena pasada", "a quinzena passada": the last half of a month that has ended."""
    if as_of.day > FORTNIGHT:
        return as_of.replace(day=1), as_of.replace(day=FORTNIGHT)
    end = as_of.replace(day=1) - timedelta(days=1)
    return end.replace(day=FORTNIGHT + 1), end


# spans the words name by where they fall from the dataset's last day
COUNTED_FROM_TODAY: dict[str, Callable[[date], tuple[date, date]]] = {
    "since_yesterday": lambda as_of: (as_of - timedelta(days=1), as_of),
    "day_before_yesterday": lambda as_of: (as_of - timedelta(days=2), as_of - timedelta(days=2)),
    "last_weekend": _last_weekend,
    "week_before_last": _week_before_last,
    "month_before_last": _month_before_last,
    "this_fortnight": _this_fortnight,
    "last_fortnight": _last_fortnight,
}
HALVES = ("first_half_of_month", "second_half_of_month")


def _half_of_month(key: str, month: int | None, as_of: date) -> Period | None:
    """ "la primera quincena de junio", "a segunda quinzena" (of this month): the 1st to the 15th, or the 16th to
    the month's end; a half still to come names no span."""
    whole = named_month(month, None, as_of) if month else of_key("this_month", as_of)
    if whole is None:
        return None
    first = key == HALVES[0]
    start = whole.start if first else whole.start.replace(day=FORTNIGHT + 1)
    end = whole.start.replace(day=FORTNIGHT) if first else _month_end(whole.start)
    return _ranged(start, min(end, as_of)) if start <= as_of else None


def _month_end(first_day: date) -> date:
    return (first_day.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)


def _days_of_a_month(days: list[int], months: list[int], as_of: date) -> Period | None:
    """ "del 1 al 15 de junio", "entre el 3 y el 10", "do dia 5 ao dia 12" (this month, or the last month whose
    first day said has come); "del primero al 10" names only its last day's number."""
    first, last = (1, days[0]) if len(days) == 1 else (days[0], days[1])
    if not 1 <= first <= last <= 31:
        return None
    whole = named_month(months[0], None, as_of) if months else of_key("this_month", as_of)
    if whole is not None and not months and first > as_of.day:
        whole = of_key("last_month", as_of)
    if whole is None or last > _month_end(whole.start).day:
        return None
    start = whole.start.replace(day=first)
    return _ranged(start, min(whole.start.replace(day=last), as_of)) if start <= as_of else None


def _days_across_months(days: list[int], months: list[int], as_of: date) -> Period | None:
    """ "del 20 de mayo al 5 de junio", "de 20 de maio a 5 de junho": from one day to another, each of its month."""
    if len(days) != 2 or len(months) != 2:
        return None
    begins, ends = day_period(days[0], months[0], as_of), day_period(days[1], months[1], as_of)
    if begins is None or ends is None or begins.start > ends.start:
        return None
    return _ranged(begins.start, ends.end)


RANGES: dict[str, Callable[[list[int], list[int], date], Period | None]] = {
    "days_of_a_month": _days_of_a_month,
    "days_across_months": _days_across_months,
}
CALENDAR_SPANS = frozenset({*COUNTED_FROM_TODAY, *HALVES, *RANGES})  # the lexicon's period keys resolved here


def calendar_span(key: str, days: list[int], months: list[int], as_of: date) -> Period | None:
    """The span one of CALENDAR_SPANS names, with the days and months its phrase took, in order."""
    if key in RANGES:
        return RANGES[key](days, months, as_of)
    if key in HALVES:
        return _half_of_month(key, months[0] if months else None, as_of)
    return _ranged(*COUNTED_FROM_TODAY[key](as_of))
