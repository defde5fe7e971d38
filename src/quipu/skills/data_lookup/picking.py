"""Which data_lookup tool and arguments the customer's words ask for, read by code: the no-model baseline's
choice, the skill's fallback when a model only asks, and the check of a model's period and category."""

import re
from datetime import timedelta

from quipu.domain.dataset import AS_OF
from quipu.domain.evidence import fold
from quipu.domain.lookup_words import MERCHANTS, categories_in, category_of, currencies_in, currency_of
from quipu.domain.money import spelled_out
from quipu.domain.periods import Period, parse_period, periods_in

TOOLS_BY_WORDS = (
    ("get_exchange_rate", r"\b(dolar(es)?|tipo de cambio|cambio|cotiza\w*|cotacao|usd|a como esta|a cuanto esta)\b"),
    ("get_complaints", r"\b(queja|quejas|reclam\w*|denuncia\w*|aclaraci\w*|disputas?|contestac\w*)\b"),
    ("compare_spending", r"\b(compar\w*|versus|vs)\b"),
    ("get_largest_purchase", r"(mas grande|mayor(es)? (gastos?|compras?)|maior(es)? (gastos?|compras?)|gastos? mais altos?"
                             r"|(mas|mais) car[oa]s?|gastos? mas altos?|compras? (mas|mais) altas?|maior valor"
                             r"|(gastos?|compras?|consumos?) (mas|mais) (gros+o|gord[oa]|fuerte|pesad[oa]|alt[oa]))"),
    ("get_spending_summary", r"\b(gast\w*|gaste|gastei|spend\w*|consumo|consumi)\b|\bse me (va|van|fue|fueron|ha ido)\b"
                             r"|\b(cuanto|quanto) (pague|he pagado|hemos pagado|paguei|pagamos)\b"
                             r"|\b(cuanto|quanto) (me )?(sali\w*|saiu)\b|\b(cuanto|quanto) (llevo|levo)\b"
                             r"|\b(vai|va|van|foi|fue|se fue) (mais |mas )?(o |el |la |mi |meu )?(dinheiro|grana|plata|dinero|lana|feria|guita)\b"
                             r"|\b(cuanto|quanto) (le |lhe )?(he|ha|has|hemos|tenho|tem) (metid|dejad|soltad|fundid|torrad|deixad)o\b"),
    ("get_movements", r"\b(moviment\w*|transacc\w*|transac\w*|compras|extrato|cargos|pagos|ultim[oa]s)\b"),
)  # fmt: skip
BY_WORDS = (
    ("merchant", r"\b(comercio|comercios|tienda|tiendas|loja|lojas|estabelecimento\w*|establecimiento\w*|lugar|lugares|"
                 r"donde|onde|negocios?|sitios?|locales|empresas?|marcas?|a quien|a quem)\b"),
    ("category", r"\b(categoria\w*|rubro\w*|tipo de gasto)\b"),
    ("month", r"\b(por mes|mes a mes|cada mes|por mês|mensual\w*|mensal\w*|meses)\b"),
)
NUMBER = r"\$?\s*(\d[\d.,]*)"
OVER = re.compile(rf"\b(?:mas de|mayor(?:es)? (?:a|de)|arriba de|mais de|acima de|maior(?:es)? que|over){NUMBER}")
UNDER = re.compile(rf"\b(?:menos de|menor(?:es)? (?:a|de)|hasta|abajo de|ate|abaixo de|under){NUMBER}")
BETWEEN = re.compile(rf"\bentre{NUMBER}\s*(?:y|e|and)\s*{NUMBER}")
EVERYTHING = re.compile(r"\b(en total|no total|total|todo|tudo|en general|no geral|sin filtro|todas? las compras)\b")
DEFAULT_TOOL = "get_movements"
TOP_N = re.compile(r"\b(\d{1,2}) (maiores |mayores )?(compras|gastos|movimientos|movimentos|cargos|consumos)\b")
THE_ONE_BEFORE = re.compile(r"\b(el|o|al|ao|del|do|con|com) (mes |mês )?(anterior|pasado|passado|previo)\b")
PERIOD_TOOLS = ("get_movements", "get_largest_purchase", "get_spending_summary")


def period_argument(p: Period) -> str:
    """The period as the tools take it: a key, or YYYY-MM for a named month."""
    return p.start.strftime("%Y-%m") if p.key == "month" else p.key


def amount(said: str) -> str | None:
    """`1,500`, `1.500,50` or `500` as a plain decimal; the last separator followed by 1-2 digits is the decimal."""
    digits = said.rstrip(".,")
    decimal = re.search(r"[.,](\d{1,2})$", digits)
    whole = re.sub(r"[.,]", "", digits[: decimal.start()] if decimal else digits)
    return f"{whole}.{decimal.group(1)}" if decimal else whole or None


def amount_range(said: str) -> dict:
    between = BETWEEN.search(said)
    if between:
        return {"min_amount": amount(between.group(1)), "max_amount": amount(between.group(2))}
    over, under = OVER.search(said), UNDER.search(said)
    found = {
        "min_amount": amount(over.group(1)) if over else None,
        "max_amount": amount(under.group(1)) if under else None,
    }
    return {k: v for k, v in found.items() if v}


def names_a_tool(text: str) -> bool:
    said = fold(text)
    return any(re.search(pattern, said) for _, pattern in TOOLS_BY_WORDS)


def pick(text: str, latest: str | None = None) -> tuple[str, dict]:
    """A tool of the skill and the arguments the words give; the latest period or category said wins."""
    said = fold(text)
    asked_now = fold(latest) if latest and names_a_tool(latest) else said  # a follow-up may ask another lookup
    tool = next((t for t, pattern in TOOLS_BY_WORDS if re.search(pattern, asked_now)), DEFAULT_TOOL)
    periods = [p for _, p in periods_in(text, AS_OF)]
    if tool in ("get_spending_summary", "get_movements") and asks_which_period_more(text, latest):
        tool = "compare_spending"
    categories = categories_in(text)
    arguments: dict = {}
    if tool == "get_exchange_rate":
        named = currencies_in(text)
        if len(named) >= 2:
            return tool, {"currency": named[0], "target": named[1]}
        currency = currency_of(text)
        return tool, {"currency": currency} if currency else {}
    if tool == "get_complaints":
        return tool, {}
    if tool == "compare_spending":
        if periods:
            arguments["period"] = period_argument(periods[-1])
        if len({(p.start, p.end) for p in periods}) > 1:
            arguments["versus"] = period_argument(periods[-2])
        elif periods and THE_ONE_BEFORE.search(said) and periods[-1].key in ("this_month", "last_month", "month"):
            before = periods[-1].start - timedelta(days=1)  # "este mes comparado con el anterior": the month before
            arguments["versus"] = before.strftime("%Y-%m")
    elif periods:
        arguments["period"] = period_argument(periods[-1])
    if categories:
        arguments["category"] = categories[-1]
    if tool == "get_spending_summary":
        by = next((b for b, pattern in BY_WORDS if re.search(pattern, said)), None)
        if len(set(categories_in(latest or text))) >= 2:  # "¿en qué gasté más, comida o transporte?": side by side
            by = "category"
            arguments.pop("category", None)
        if by:
            arguments["by"] = by
    merchant = ([None, *MERCHANTS.finditer(said)])[-1]  # the latest merchant said wins ("¿y en Spotify?")
    if merchant and latest and categories_in(latest) and not MERCHANTS.search(fold(latest)):
        merchant = None  # a category said now replaces a merchant said before ("¿y en comida?" after Uber)
    if merchant and tool in ("get_movements", "get_spending_summary"):
        arguments["merchant"] = merchant.group(1)
        if arguments.get("by") == "merchant":  # one merchant named: its total, not a ranking of merchants
            del arguments["by"]
    if tool == "get_largest_purchase":
        several = TOP_N.search(said)  # "mis 3 compras más grandes": the largest movements, that many
        if several:
            tool = "get_movements"
            arguments = {**arguments, "order": "largest", "limit": min(int(several.group(1)), 10)}
    if tool == "get_movements":
        arguments |= amount_range(spelled_out(said))
        if re.search(r"\b(mayor|mayores|maior|maiores|grandes)\b", said) and not arguments.get("min_amount"):
            arguments["order"] = "largest"
    if tool == "compare_spending" and "period" not in arguments:
        arguments["period"] = "this_month"
    if asks_for_everything(text, latest):
        arguments = {k: v for k, v in arguments.items() if k not in ("category", "merchant")}
    return tool, arguments


def changes_the_question(said: str) -> bool:
    """A follow-up that only changes the period, the category, the merchant, the amounts, or asks for everything."""
    folded = fold(said)
    return bool(
        periods_in(said, AS_OF)
        or categories_in(said)
        or MERCHANTS.search(folded)
        or asks_for_everything(said)
        or amount_range(folded)
    )


def with_earlier_period(tool: str, arguments: dict, earlier: dict) -> dict:
    """A question that names no period keeps the one the conversation was about ("¿y la compra más grande?"
    after "¿cuánto gasté el mes pasado?")."""
    if tool in PERIOD_TOOLS and "period" not in arguments and earlier.get("period"):
        return {**arguments, "period": earlier["period"]}
    return arguments


def corrected(text: str, tool: str, arguments: dict, latest: str | None = None) -> dict:
    """The model's arguments, with the period and category the customer's words plainly name (the latest said
    wins); the words of a follow-up come after the words they answer. A comparison takes the two periods said."""
    if tool == "compare_spending":
        named, said = pick(text, latest)
        if named != tool or "versus" not in said:
            return arguments
        return {**arguments, "period": said["period"], "versus": said["versus"]}
    if tool not in PERIOD_TOOLS:
        return arguments
    _, said = pick(text, latest)
    fixed = dict(arguments)
    if "period" in said and _dates(arguments.get("period")) != _dates(said["period"]):
        fixed["period"] = said["period"]
    if "category" in said and category_of(arguments.get("category")) != said["category"]:
        fixed["category"] = said["category"]
    if asks_for_everything(text, latest):
        fixed = {k: v for k, v in fixed.items() if k not in ("category", "merchant")}
    return fixed


def asks_for_everything(text: str, latest: str | None = None) -> bool:
    """"¿y en total?" after a category or a merchant: the last words drop the narrowing; a sentence that names
    its own ("cuánto gasté en Uber en total") keeps it. `latest`: the customer's last message, when `text`
    joins it to the words it follows."""
    said = fold(latest if latest is not None else text)
    found = list(EVERYTHING.finditer(said))
    if not found:
        return False
    starts = [m.end() for m in SENTENCE_END.finditer(said, 0, found[-1].start())]
    sentence = said[starts[-1] if starts else 0 :]
    return not categories_in(sentence) and not MERCHANTS.search(sentence)


SENTENCE_END = re.compile(r"[?.!;]")
MORE_OR_LESS = re.compile(r"\b(mas|mais|menos|diferencia|diferenca)\b")


WHICH_MORE = re.compile(r"\b(cual|qual|en cual|em qual|que mes|quien|quem)\b.*\b(mayor|maior|menor|mas|mais|menos)\b")


def _distinct_periods(text: str) -> int:
    return len({(p.start, p.end) for _, p in periods_in(text, AS_OF)})


def asks_which_period_more(text: str, latest: str | None = None) -> bool:
    """"¿gasté más este mes o el pasado?": two different periods in one sentence with more, less or the
    difference is a comparison; so is "¿cuál fue mayor?" after two periods were named."""
    said = fold(text)
    sentence = SENTENCE_END.split(said.rstrip("?.!; "))[-1]
    if _distinct_periods(sentence) >= 2 and MORE_OR_LESS.search(sentence):
        return True
    return latest is not None and bool(WHICH_MORE.search(fold(latest))) and _distinct_periods(said) >= 2


def _dates(period: str | None) -> tuple | None:
    found = parse_period(period, AS_OF) if period else None
    return (found.start, found.end) if found else None


NARROWED_TOOLS = ("get_spending_summary", "get_movements", "get_largest_purchase", "compare_spending")


def narrowed_as_before(tool: str, arguments: dict, latest: str, earlier: dict) -> dict:
    """A follow-up that names no category or merchant keeps the narrowing of the last lookup as it was, not as
    the earlier words read again ("¿y este mes?" after "¿y en total?" stays the total)."""
    said = fold(latest)
    if tool not in NARROWED_TOOLS or categories_in(latest) or MERCHANTS.search(said) or asks_for_everything(latest):
        return arguments
    fixed = {k: v for k, v in arguments.items() if k not in ("category", "merchant")}
    return fixed | {k: earlier[k] for k in ("category", "merchant") if earlier.get(k) and k in TAKES[tool]}


TAKES = {
    "get_spending_summary": ("category", "merchant"),
    "get_movements": ("category", "merchant"),
    "get_largest_purchase": ("category",),
    "compare_spending": ("category",),
}
