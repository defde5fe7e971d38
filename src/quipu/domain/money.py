"""Money and dates as customers read them: each country's number convention, dates in words; amounts are
Decimal, never float."""

from datetime import date
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
# Mexico writes 1,234.56; Colombia, Argentina and Brazil write 1.234,56. A bare language stands for its
# usual country (es → Mexico's convention, pt → Brazil's).
DECIMAL_COMMA = {"colombia", "argentina", "brazil", "brasil", "pt"}
MONTHS = {
    "es": ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
           "noviembre", "diciembre"),
    "pt": ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
           "novembro", "dezembro"),
}
DATASET_YEAR = 2026  # dates of the dataset's own year are said without it


def cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def uses_decimal_comma(place: str | None) -> bool:
    """place: the customer's country (as the records write it) or, without one, their language."""
    return (place or "").strip().casefold() in DECIMAL_COMMA


def format_number(value: Decimal, place: str | None = "es", places: int = 2) -> str:
    text = f"{value:,.{places}f}"
    if uses_decimal_comma(place):
        text = text.replace(",", "_").replace(".", ",").replace("_", ".")
    return text


def format_money(amount: Decimal, currency: str, place: str | None = "es") -> str:
    """Always with the currency code: `1,234.56 MXN` in Mexico, `1.234,56 COP` in Colombia."""
    return f"{format_number(cents(Decimal(amount)), place)} {currency}"


def format_date(day: date, language: str = "es") -> str:
    """`11 de junio` / `11 de junho`; the year only when it is not the dataset's."""
    months = MONTHS.get(language, MONTHS["es"])
    text = f"{day.day} de {months[day.month - 1]}"
    return text if day.year == DATASET_YEAR else f"{text} de {day.year}"


def format_month(year: int, month: int, language: str = "es") -> str:
    months = MONTHS.get(language, MONTHS["es"])
    return f"{months[month - 1]} de {year}"
