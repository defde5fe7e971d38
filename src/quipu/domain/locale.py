"""The customer's locale: the language of the words, the country's number convention and its clock. One place
for es-MX, es-CO, es-AR and pt-BR, so every page, card, receipt, mail and case file writes a customer's
amounts, dates and times the same way.

Times: the bank's records (core) keep the local wall-clock time of each movement, naive; what quipu writes (ops)
is UTC. A naive time is therefore shown as it is, an aware one in the customer's time zone."""

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from quipu.domain.evidence import fold
from quipu.domain.money import format_date, format_money, uses_decimal_comma


@dataclass(frozen=True)
class Locale:
    tag: str  # the BCP 47 tag a browser understands: es-MX, es-CO, es-AR, pt-BR
    language: str  # es | pt: the words
    country: str  # the country as the records write it: the number convention (money.format_money's place)
    time_zone: str  # IANA: the clock an aware time is shown in

    @property
    def decimal_comma(self) -> bool:
        return uses_decimal_comma(self.country)

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)


MEXICO = Locale("es-MX", "es", "México", "America/Mexico_City")
COLOMBIA = Locale("es-CO", "es", "Colombia", "America/Bogota")
ARGENTINA = Locale("es-AR", "es", "Argentina", "America/Argentina/Buenos_Aires")
BRAZIL = Locale("pt-BR", "pt", "Brazil", "America/Sao_Paulo")
LOCALES = (MEXICO, COLOMBIA, ARGENTINA, BRAZIL)
# the records' spellings of each country (accents and case folded)
BY_COUNTRY = {"mexico": MEXICO, "colombia": COLOMBIA, "argentina": ARGENTINA, "brazil": BRAZIL, "brasil": BRAZIL}
BY_LANGUAGE = {"es": MEXICO, "pt": BRAZIL}  # a customer without a known country: their language's usual one


def locale_of(country: str | None, language: str | None = None) -> Locale:
    """The customer's locale from their country; the words stay in their language (a Brazilian who writes in
    Spanish still reads Brazil's numbers and clock in Spanish words)."""
    found = BY_COUNTRY.get(fold(country or "").strip()) or BY_LANGUAGE.get(language or "", MEXICO)
    if language in BY_LANGUAGE and language != found.language:
        return Locale(found.tag.replace(found.language, language, 1), language, found.country, found.time_zone)
    return found


def by_tag(tag: str | None) -> Locale:
    return next((each for each in LOCALES if each.tag == tag), MEXICO)


def local(at: datetime, locale: Locale) -> datetime:
    """A time on the customer's clock: a record's naive time as it is, an aware one in their time zone."""
    return at if at.tzinfo is None else at.astimezone(locale.zone)


def clock_time(at: datetime, locale: Locale) -> str:
    """`14:05`: the 24-hour clock all four locales use."""
    return local(at, locale).strftime("%H:%M")


def local_day(at: datetime | date, locale: Locale) -> str:
    """`11 de junio` / `11 de junho` on the customer's calendar (the year only outside the dataset's)."""
    day = local(at, locale).date() if isinstance(at, datetime) else at
    return format_date(day, locale.language)


def local_moment(at: datetime, locale: Locale) -> str:
    """`11 de junio, 09:00`: a date and a time, on the customer's clock."""
    return f"{local_day(at, locale)}, {clock_time(at, locale)}"


def money(amount: Decimal | str, currency: str, locale: Locale) -> str:
    """`161.700,00 ARS` in Argentina, `312.40 MXN` in Mexico: the country's convention, always with the code."""
    return format_money(Decimal(str(amount)), currency, locale.country)
