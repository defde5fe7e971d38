"""Periods as the customer says them ("este mes", "mês passado", "abril", "últimos 15 días", "desde enero"),
read from the lexicon's words and resolved against the dataset's last day, never against now."""

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, timedelta
from functools import cache

from quipu.domain.periods import Period, day_period, named_month, of_key, since, span_of_days, year_period
from quipu.domain.reading.calendar_spans import CALENDAR_SPANS, calendar_span
from quipu.domain.reading.lexicon import Found, articles, compiled_table, lexicon
from quipu.domain.reading.model import Clause, Mood

YEAR = re.compile(r"(?<!\d)(20\d\d)(?!\d)")
YEAR_MONTH = re.compile(r"(?<!\d)(20\d\d)-(\d{1,2})(?!\d)")
DAYS_PER_MONTH = 30
DAYS_PER_WEEK = 7
COUNTED = frozenset({"last_n_days", "last_n_weeks", "last_n_months"})  # a span counted back from today
SINCE_DAY = "since_day"  # the lexicon's key for "desde el 1 de junio": from that day up to the dataset's last
SINCE_DAY_OF_THIS_MONTH = "since_day_of_this_month"  # "desde el 5", "desde el día primero": this month's day
SINCE_WEEKDAY = "since_weekday"  # the lexicon's key for "desde el lunes": a day past, never one to come
FUTURE = "future"  # the lexicon's key for words of a time still to come
WHOLE = "the_whole_of_it"  # "no mês inteiro", "el mes entero": the whole of the period talked about, no new one
UP_TO_NOW = "up_to_now"  # "hasta hoy", "até hj": where every period ends, no period of its own ("hoy" alone is one)
NAMES_NONE = (FUTURE, WHOLE, UP_TO_NOW)


@dataclass(frozen=True)
class Said:
    """A period the words name and the characters of the normalised text it covers."""

    period: Period
    start: int
    end: int


def periods_said(text: str, language: str, as_of: date) -> list[Said]:
    """Every period in the normalised words, in order; a span read once is not read again."""
    found: list[Said] = []

    def free(start: int, end: int) -> bool:
        return not any(start < s.end and s.start < end for s in found)

    candidates = [(key, match) for key, phrases in compiled_table(language, "periods") for match in phrases.find(text)]
    # the longest phrase wins where two overlap ("no mês passado" over "no mês"), then the earliest; what is still
    # to come ("la semana que viene"), the whole of the period talked about and "up to today" take their words and
    # name no period
    taken: list[tuple[int, int]] = []
    for key, match in sorted(candidates, key=lambda c: (c[1].start() - c[1].end(), c[1].start())):
        if any(match.start() < e and s < match.end() for s, e in taken):
            continue
        if key in NAMES_NONE:
            taken.append(match.span())
            continue
        if key in COUNTED and _the_ones_talked_about(text, match, language):
            continue
        period = _period(key, match, language, as_of)
        if period is not None and free(match.start(), match.end()):
            found.append(Said(period, match.start(), match.end()))
    for dated in YEAR_MONTH.finditer(text):
        month = int(dated.group(2))
        period = named_month(month, int(dated.group(1)), as_of) if 1 <= month <= 12 else None
        if period and free(*dated.span()):
            found.append(Said(period, *dated.span()))
    _days_of_months(text, language, as_of, found, free)
    _months(text, language, as_of, found, free)
    for year in YEAR.finditer(text):
        period = year_period(int(year.group(1)), as_of)
        if period and free(*year.span()):
            found.append(Said(period, *year.span()))
    return sorted(found, key=lambda s: s.start)


@cache
def _month_patterns(language: str) -> tuple[re.Pattern[str], ...]:
    """Full month names anywhere ("en abril", "maio de 2025"); an abbreviation only beside a year ("abr 2025")."""
    lex = lexicon(language)
    full = "|".join(sorted(lex.months, key=len, reverse=True))
    short = "|".join(sorted((w for w in lex.month_words() if w not in lex.months), key=len, reverse=True))
    joiners = "|".join(lex.month_year_joiners)
    patterns = [re.compile(rf"(?<!\w)({full})(?:\s+(?:{joiners})?\s*(20\d\d))?(?!\w)")]
    if short:
        patterns.append(re.compile(rf"(?<!\w)({short})\.?\s+(?:(?:{joiners})\s+)?(20\d\d)(?!\w)"))
    return tuple(patterns)


def _days_of_months(text: str, language: str, as_of: date, found: list[Said], free: Callable[[int, int], bool]) -> None:
    """ "el del 6 de junio", "a compra de 12 de maio": one day of a month is that day, not the whole month."""
    lex = lexicon(language)
    words = lex.month_words()
    for match in lex.cue("day_of_month").find(text):
        taken = match.groups()
        day = next((g for g in taken if g.isdigit()), None)
        month = next((words[g] for g in taken if g in words), None)
        period = day_period(int(day), month, as_of) if day and month else None
        if period and free(*match.span()):
            found.append(Said(period, *match.span()))


def _months(text: str, language: str, as_of: date, found: list[Said], free: Callable[[int, int], bool]) -> None:
    words = lexicon(language).month_words()
    for pattern in _month_patterns(language):
        for match in pattern.finditer(text):
            year = int(match.group(2)) if match.group(2) else None
            period = named_month(words[match.group(1)], year, as_of)
            if period and free(*match.span()):
                found.append(Said(period, *match.span()))


def _the_ones_talked_about(text: str, match: Found, language: str) -> bool:
    """ "¿cuál de los dos meses fue peor?", "e as duas semanas?": a count of months or weeks after an article, with no
    "últimos", names the ones just talked about, not a span back from today."""
    before = text[: match.start()].split()[-1:]
    first = match.group(0).split()[0]
    return bool(before) and before[0] in articles() and (first.isdigit() or first in lexicon(language).numbers())


def _period(key: str, match: Found, language: str, as_of: date) -> Period | None:
    numbers = [g for g in match.groups() if g and g.isdigit()]
    if key == "last_n_days":
        return span_of_days(int(numbers[0]), as_of) if numbers else None
    if key == "last_n_weeks":
        return span_of_days(DAYS_PER_WEEK * int(numbers[0]), as_of) if numbers else None
    if key == "last_n_months":
        return span_of_days(DAYS_PER_MONTH * int(numbers[0]), as_of) if numbers else None
    month = _month_of(match, language)
    if key == "since_month":
        return since(month, as_of) if month else None
    if key == SINCE_DAY:
        day = day_period(int(numbers[0]), month, as_of) if numbers and month else None
        return Period(key=f"{day.start.isoformat()}..{as_of.isoformat()}", start=day.start, end=as_of) if day else None
    if key == SINCE_DAY_OF_THIS_MONTH:
        return _since_a_day_of_this_month(numbers, as_of)
    if key == SINCE_WEEKDAY:
        return _since_weekday(match.group(0), language, as_of)
    if key in CALENDAR_SPANS:
        return calendar_span(key, [int(n) for n in numbers], _months_of(match, language), as_of)
    return of_key(key, as_of)


def _since_a_day_of_this_month(numbers: list[str], as_of: date) -> Period | None:
    """ "desde el 5", "desde el día primero" (its phrases with no number say the first): from that day of this month
    up to the dataset's last day. "desde el 0011" ends an account: a day is written in one or two digits, never led by
    a zero; a day still to come names no span."""
    written = numbers[0] if numbers else "1"
    nth = int(written) if len(written) <= 2 and not written.startswith("0") else 0
    if not 1 <= nth <= as_of.day:
        return None
    start = as_of.replace(day=nth)
    return Period(key=f"{start.isoformat()}..{as_of.isoformat()}", start=start, end=as_of)


def _month_of(match: Found, language: str) -> int | None:
    """The month a phrase with "{month}" named ("desde junio", "desde el 1 de junio")."""
    named = _months_of(match, language)
    return named[0] if named else None


def _months_of(match: Found, language: str) -> list[int]:
    """The months a phrase's "{month}"s named, in order."""
    words = lexicon(language).month_words()
    return [words[g] for g in match.groups() if g and not g.isdigit() and g in words]


def _since_weekday(said: str, language: str, as_of: date) -> Period | None:
    """ "desde el lunes", "desde a segunda": from the last such day before today (a week back if today is that
    day) to the dataset's last day."""
    days = lexicon(language).cue_words("weekdays")  # Monday first, as date.weekday() counts
    named = next((i for i, day in enumerate(days) if day in said.split()), None)
    if named is None:
        return None
    start = as_of - timedelta(days=(as_of.weekday() - named) % DAYS_PER_WEEK or DAYS_PER_WEEK)
    return Period(key=f"{start.isoformat()}..{as_of.isoformat()}", start=start, end=as_of)


def read_period(said: str, as_of: date) -> Period | None:
    """A period key, a month ("2026-04") or a range, or else the last period any language's words name (a
    model or an outside client may pass "abril" or "mês passado")."""
    from quipu.domain.periods import parse_period_key
    from quipu.domain.reading.words import normalise

    keyed = parse_period_key(said, as_of)
    if keyed is not None:
        return keyed
    for language in ("es", "pt"):
        words, _ = normalise(said, language)
        named = periods_said(" ".join(words), language, as_of)
        if named:
            return named[-1].period
    return None


def the_month_named_before(found: list[Clause], language: str) -> list[Clause]:
    """ "quanto gastei de farmácia em maio e qual foi a compra mais cara do mês": "the month", said after a month named
    in the same message, is that month (the words the lexicon lists as "of_the_month", not "este mes")."""
    the_month = lexicon(language).cue("of_the_month")
    read: list[Clause] = []
    for clause in found:
        named = [p for c in read for p in c.slots.periods if p.key == "month"]
        plain = [p.key for p in clause.slots.periods] == ["this_month"]
        if named and plain and the_month.search(" ".join(clause.words)) is not None:
            clause = replace(clause, slots=replace(clause.slots, periods=(named[-1],)))
        read.append(clause)
    return read


def shared_periods(found: list[Clause]) -> tuple[Clause, ...]:
    """ "¿cuánto se me fue en didi y cuánto en uber el mes pasado?": two questions of one kind, each of its own
    merchant or category, and the period said once, after the last: the period is of both."""
    shared = list(found)
    for i in range(len(shared) - 2, -1, -1):
        first, then = shared[i], shared[i + 1]
        # the later question, said in fewer words, may be read as a neighbour of the first: its two likeliest readings
        alike = bool(first.intents) and first.intent in [g.label for g in then.intents[:2]]
        alike = alike and first.mood == then.mood == Mood.QUESTION
        own = bool(first.slots.merchants or first.slots.categories)
        if alike and own and not first.slots.periods and then.slots.periods:
            shared[i] = replace(first, slots=replace(first.slots, periods=then.slots.periods))
    return tuple(shared)
