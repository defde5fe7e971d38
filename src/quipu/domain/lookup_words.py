"""The customer's words for the records' categories and currencies ("comida" → Food, "dólar" → USD)."""

import re

from quipu.domain.evidence import fold
from quipu.domain.vocabulary import CATEGORIES, CURRENCIES

CATEGORY_WORDS = {
    "Food": (
        "comida", "comidas", "alimento", "alimentos", "alimentacion", "alimentacao", "restaurante", "restaurantes", "restaurant",
        "supermercado", "super", "mercado", "despensa", "comer", "delivery", "cafe", "cafes", "lanche", "lanches",
        "refeicao", "refeicoes", "almuerzo", "almuerzos", "cena", "cenas", "food", "groceries", "rango",
    ),
    "Transport": (
        "transporte", "transportes", "taxi", "taxis", "gasolina", "combustible", "combustivel", "metro", "onibus",
        "bus", "colectivo", "colectivos", "peaje", "pedagio", "estacionamiento", "pasajes", "passagens", "transport",
    ),
    "Services": (
        "servicio", "servicios", "servico", "servicos", "luz", "agua", "internet", "telefono", "celular", "cable",
        "recibos", "services", "utilities",
    ),
    "Entertainment": (
        "entretenimiento", "entretenimento", "diversion", "diversao", "ocio", "lazer", "cine", "cinema", "streaming",
        "juegos", "jogos", "conciertos", "shows", "salidas", "entertainment",
    ),
    "Health": (
        "salud", "saude", "farmacia", "farmacias", "medico", "medicos", "doctor", "hospital", "medicinas",
        "medicamentos", "remedios", "dentista", "health",
    ),
    "Other": ("otros", "otras", "outros", "outras", "other"),
}  # fmt: skip
_CATEGORY = {w: c for c, words in CATEGORY_WORDS.items() for w in words} | {fold(c): c for c in CATEGORIES}
CURRENCY_WORDS = {
    "USD": ("dolar", "dolares", "dollar", "dollars", "usd", "us$", "verde", "verdes", "dolarito"),
    "MXN": ("mxn", "peso mexicano", "pesos mexicanos"),
    "COP": ("cop", "peso colombiano", "pesos colombianos"),
    "ARS": ("ars", "peso argentino", "pesos argentinos"),
}
HOME_CURRENCY = {"mexico": "MXN", "colombia": "COP", "argentina": "ARS"}
_PESO = re.compile(r"\bpesos?\b")
# merchants customers name by brand, folded (accents off, lower case)
MERCHANTS = re.compile(
    r"\b(uber|didi|cabify|rappi|ifood|pedidos ?ya|oxxo|spotify|netflix|amazon|mercado ?libre|liverpool|walmart|soriana|"
    r"pemex|falabella|exito|carrefour|cinepolis|cinemark|starbucks|magazine ?luiza|drogasil|best ?buy|apple|zara)\b"
)
MERCHANTS_NAMED_LIKE_A_CATEGORY = re.compile(r"\bmercado (libre|pago|livre)\b")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9$]+", fold(text))


def category_of(said: str | None) -> str | None:
    """The records' category for the customer's word ("comida", "Food", "farmácia"); None when none fits."""
    if not said:
        return None
    words = _words(MERCHANTS_NAMED_LIKE_A_CATEGORY.sub(" ", fold(said)))
    return next((_CATEGORY[w] for w in words if w in _CATEGORY), None)


# "el súper", "no super": the supermarket after an article or a preposition ("súper caro" is not one)
THE_SUPER = re.compile(r"\b(el|al|del|en|no|do|ao|pal|pro|o)\s+super\b")


def categories_in(text: str) -> list[str]:
    """Every category the words name, in the order said ("súper" as in "súper caro" is not a supermarket)."""
    said = THE_SUPER.sub(r"\1 supermercado", MERCHANTS_NAMED_LIKE_A_CATEGORY.sub(" ", fold(text)))
    return [_CATEGORY[w] for w in _words(said) if w in _CATEGORY and w not in ("other", "super")]


def home_currency(country: str | None) -> str | None:
    return HOME_CURRENCY.get(fold(country))


def currencies_in(said: str | None) -> list[str]:
    """Every currency the words name, in the order said ("el dólar en pesos mexicanos" → USD, MXN)."""
    folded = fold(said or "")
    found = []
    for currency, words in CURRENCY_WORDS.items():
        for w in words:
            for match in re.finditer(rf"(?<![a-z]){re.escape(w)}(?![a-z])", folded):
                found.append((match.start(), currency))
    return list(dict.fromkeys(currency for _, currency in sorted(found)))


def currency_of(said: str | None, home: str | None = None) -> str | None:
    """The currency code for the customer's word ("dólar" → USD, "pesos" → their own peso)."""
    if not said:
        return None
    folded = fold(said)
    if folded.upper() in CURRENCIES:
        return folded.upper()
    for currency, words in CURRENCY_WORDS.items():
        if any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", folded) for w in words):
            return currency
    return home if _PESO.search(folded) else None
