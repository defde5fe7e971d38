"""Pieces of the data_lookup answers: the period, the filters and counted words, in the customer's language."""

from datetime import date, timedelta
from decimal import Decimal

from quipu.application.data_lookup_results import Filters
from quipu.application.skills.voice import Voice
from quipu.domain.money import DATASET_YEAR, MONTHS, format_number
from quipu.domain.periods import Period


def month_name(voice: Voice, year: int, month: int) -> str:
    name = MONTHS.get(voice.language, MONTHS["es"])[month - 1]
    return name if year == DATASET_YEAR else f"{name} de {year}"


def _month_end(day: date) -> date:
    following = date(day.year + (day.month == 12), day.month % 12 + 1, 1)
    return following - timedelta(days=1)


def period(voice: Voice, p: Period | None) -> str:
    """`en mayo`, `en los últimos 30 días (20 de mayo al 18 de junio)`, `del 1 de junio al 18 de junio`."""
    if p is None:  # a result without a period names none
        return ""
    start, end = voice.date(p.start), voice.date(p.end)
    if p.start == p.end:
        return voice.say("period_day", day=end)
    if p.key.startswith("last_") and p.key.endswith("_days"):
        return voice.say("period_days", days=p.days, start=start, end=end)
    if p.start.day == 1 and p.end == _month_end(p.start):
        return voice.say("period_month", month=month_name(voice, p.start.year, p.start.month))
    if (p.start.month, p.start.day, p.end.month, p.end.day) == (1, 1, 12, 31) and p.start.year == p.end.year:
        return voice.say("period_year", year=p.start.year)
    if (p.start.year, p.start.month) == (p.end.year, p.end.month):  # `del 1 al 18 de junio`
        return voice.say("period_days_in_month", start=p.start.day, end=end)
    return voice.say("period_range", start=start, end=end)


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def number(voice: Voice, value: Decimal) -> str:
    return format_number(Decimal(str(value)), voice.country or voice.language)


def filters(voice: Voice, f: Filters, merchants: list[str] | None = None) -> str:
    """` de comida`, ` en Uber Trip`, ` de 500.00 o más`: what the answer was narrowed by."""
    said = []
    if f.category:
        said.append(voice.say("of_category", category=voice.word(f.category)))
    if f.merchant:
        named = (
            voice.listing([voice.merchant(m) for m in merchants[:3]])
            if merchants and len(merchants) <= 3
            else voice.merchant(f.merchant)
        )
        said.append(voice.say("at_merchant", merchant=named))
    if f.min_amount is not None:
        said.append(voice.say("over_amount", amount=number(voice, f.min_amount)))
    if f.max_amount is not None:
        said.append(voice.say("under_amount", amount=number(voice, f.max_amount)))
    return "".join(f" {part}" for part in said)


def counted(voice: Voice, count: int, one: str, many: str) -> str:
    return voice.say(one if count == 1 else many)


def number4(voice: Voice, value: Decimal) -> str:
    """Exchange rates keep four decimals, as the results carry them."""
    return format_number(Decimal(str(value)), voice.country or voice.language, places=4)
