"""Money as customers read it; amounts are Decimal, never float."""

from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")


def cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def format_money(amount: Decimal, currency: str, language: str = "es") -> str:
    text = f"{cents(amount):,.2f}"
    if language == "pt":
        text = text.replace(",", "_").replace(".", ",").replace("_", ".")
    return f"{text} {currency}"
