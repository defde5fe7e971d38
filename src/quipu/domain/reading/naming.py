"""The records' names for what a tool argument may say in words, in either language: a category ("comida",
"Food"), a currency ("dólar", "USD", "pesos" as the customer's own), a period as the tools take it."""

from quipu.domain.periods import PERIOD_KEYS, Period
from quipu.domain.reading.lexicon import LANGUAGES, common, compiled_table
from quipu.domain.reading.model import Amount, ReadingContext
from quipu.domain.reading.products import kind_of
from quipu.domain.reading.reader import read
from quipu.domain.reading.text import fold
from quipu.domain.reading.words import normalise
from quipu.domain.vocabulary import CATEGORIES, CURRENCIES

HOME_CURRENCY = {"mexico": "MXN", "colombia": "COP", "argentina": "ARS"}
# a customer's country (or, without one, language) as the reading's region: whose slang and decimal mark
REGION_OF_PLACE = {"mexico": "MX", "colombia": "CO", "argentina": "AR", "brazil": "BR", "brasil": "BR", "pt": "BR"}


def home_currency(country: str | None) -> str | None:
    return HOME_CURRENCY.get(fold(country or ""))


def category_of(said: str | None) -> str | None:
    """The records' category for the customer's word ("comida", "Food", "farmácia"); None when none fits."""
    if not said:
        return None
    folded = " ".join(fold(said).split())
    for category in CATEGORIES:
        if fold(category) == folded:
            return category
    for language in LANGUAGES:
        for category, phrases in compiled_table(language, "categories"):
            if phrases.search(folded):
                return category
    return None


def currency_of(said: str | None, home: str | None = None) -> str | None:
    """The currency code for the customer's word ("dólar" → USD, "pesos" → their own peso)."""
    if not said:
        return None
    folded = " ".join(fold(said).split())
    if folded.upper() in CURRENCIES:
        return folded.upper()
    for language in LANGUAGES:
        for code, phrases in compiled_table(language, "currencies"):
            if phrases.search(folded):
                return home if code == "HOME" else code
    return None


def period_argument(period: Period) -> str:
    """A period as the tools take it: a key, a month (2026-04), a year (2025) or a range of days."""
    if period.key in PERIOD_KEYS or (period.key.startswith("last_") and period.key.endswith("_days")):
        return period.key
    if period.key == "month":
        return period.start.strftime("%Y-%m")
    if period.key == "year":
        return str(period.start.year)
    return f"{period.start.isoformat()}..{period.end.isoformat()}"


def names_account_in(currency: str, said: str | None) -> bool:
    """The customer's words name an account by that currency, in either language ("la cuenta de dólares", "a
    conta em dólar", "la de pesos" for any currency but the dollar)."""
    kinds = {kind for kind, codes in (common().get("by_currency") or {}).items() if currency in codes}
    if not said or not kinds:
        return False
    for language in LANGUAGES:
        text = " ".join(normalise(said, language)[0])
        if any(name in kinds and phrases.search(text) for name, phrases in compiled_table(language, "products")):
            return True
    return False


def names_product(product_type_: str, said: str | None) -> bool:
    """The customer's words name a product of that type, in either language ("ahorro", "poupança"); a card named
    without its kind names the credit card (the one a transfer can pay)."""
    kind = kind_of(product_type_)
    if not said or kind is None:
        return False
    kinds = {kind, "card"} if kind == "credit_card" else {kind}
    kinds |= {word for word, either in (common().get("either_kind") or {}).items() if kind in either}  # "crédito"
    for language in LANGUAGES:
        words, _ = normalise(said, language)
        text = " ".join(words)
        if any(name in kinds and phrases.search(text) for name, phrases in compiled_table(language, "products")):
            return True
    return False


def amounts_in(said: str | None, language: str, place: str | None = None) -> list[Amount]:
    """Every amount in the customer's words, in their locale, with "mil", "k", "lucas"… read as they mean."""
    if not said:
        return []
    region = REGION_OF_PLACE.get(fold(place or ""))
    context = ReadingContext(language=language if language in LANGUAGES else "es", region=region)
    return [a for reading in [read(said, context)] for clause in reading.clauses for a in clause.slots.amounts]
