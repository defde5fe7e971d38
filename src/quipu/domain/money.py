"""Money and dates as customers read them: each country's number convention, dates in words; amounts are
Decimal, never float."""

import re
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

from quipu.domain.texts import words

CENT = Decimal("0.01")
# Mexico writes 1,234.56; Colombia, Argentina and Brazil write 1.234,56. A bare language stands for its
# usual country (es → Mexico's convention, pt → Brazil's).
DECIMAL_COMMA = {"colombia", "argentina", "brazil", "brasil", "pt"}
MONTHS = words.MONTHS
DATASET_YEAR = 2026  # dates of the dataset's own year are said without it


def cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def names_amount(said: Decimal, amount: Decimal) -> bool:
    """The amount a customer said names this one: the same, or its whole units when said without cents ("el cobro
    de 203.570" is the charge of 203.570,58)."""
    if said == amount:
        return True
    return said == said.to_integral_value() and said == amount.to_integral_value(rounding=ROUND_DOWN)


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


NUMBER = re.compile(r"(?<![\d.,])\d[\d.,]*\d(?![\d.,]*\d)|(?<![\d.,])\d(?![\d.,]*\d)")


@dataclass(frozen=True)
class AmountReading:
    """What a written amount can mean: one value, or two when the form is ambiguous (`1.500`, `1,500`)."""

    values: tuple[Decimal, ...]

    @property
    def ambiguous(self) -> bool:
        return len(self.values) > 1


def _grouped(digits: str, mark: str) -> bool:
    """Thousands written as they are: 1 to 3 digits, then groups of exactly 3 (`1.234.567`, never `1.5.000`)."""
    groups = digits.split(mark)
    return 1 <= len(groups[0]) <= 3 and all(len(g) == 3 and g.isdigit() for g in groups[1:])


def read_amount(text: str, place: str | None = "es") -> AmountReading | None:
    """Reads `1,234.56`, `1.234,56`, `150,50`, `1,5`, `1500` in the customer's convention; None if not a number.
    A lone separator before 1 or 2 digits is a decimal mark anywhere; before exactly 3 digits it groups
    thousands where that is the custom, and is ambiguous where it is the decimal mark. A malformed grouping
    (`1.5.000`, `1,000.000,5`, `1234.567`) is not a number: it is never guessed into one."""
    token = (text or "").strip().rstrip(".,")
    if not token or not re.fullmatch(r"\d[\d.,]*", token):
        return None
    marks = [c for c in token if c in ".,"]
    if not marks:
        return AmountReading((Decimal(token),))
    last = token.rfind(marks[-1])
    whole, tail = token[:last], token[last + 1 :]
    if len(set(marks)) == 2:  # `1,234.56` / `1.234,56`: the last mark is the decimal one, once, the other groups
        group_mark = "." if marks[-1] == "," else ","
        if marks.count(marks[-1]) > 1 or not _grouped(whole, group_mark) or len(tail) not in (1, 2):
            return None
        return AmountReading((Decimal(f"{whole.replace(group_mark, '')}.{tail}"),))
    if len(marks) > 1:  # `1.234.567` or `1,234,567`: thousands only
        return AmountReading((Decimal(token.replace(marks[0], "")),)) if _grouped(token, marks[0]) else None
    if len(tail) in (1, 2):
        return AmountReading((Decimal(f"{whole}.{tail}"),))
    if len(tail) != 3 or len(whole) > 3:  # `1234.567` groups nothing, and three decimals are no money
        return None
    grouped, decimal = Decimal(whole + tail), Decimal(f"{whole}.{tail}")
    custom_decimal = "," if uses_decimal_comma(place) else "."
    return AmountReading((grouped,)) if marks[0] != custom_decimal else AmountReading((grouped, decimal))
