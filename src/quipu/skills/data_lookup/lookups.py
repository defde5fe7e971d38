"""Which lookup the words ask for, and its arguments, from the reading: the intent names the tool; the periods,
category, merchant and bounds said are its arguments; a follow-up keeps what it does not change."""

from quipu.application.data_lookup_results import LookupResult
from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.turn import SkillTurn
from quipu.domain.reading.model import Slots
from quipu.domain.reading.naming import home_currency, period_argument

TOOLS = {
    "spending": "get_spending_summary",
    "largest_purchase": "get_largest_purchase",
    "compare_spending": "compare_spending",
    "movements": "get_movements",
    "exchange_rate": "get_exchange_rate",
    "complaints": "get_complaints",
}
PERIOD_TOOLS = ("get_movements", "get_largest_purchase", "get_spending_summary", "compare_spending")
FILTERS = {  # what each tool can be narrowed by
    "get_spending_summary": ("category", "merchant"),
    "get_movements": ("category", "merchant", "min_amount", "max_amount"),
    "get_largest_purchase": ("category",),
    "compare_spending": ("category",),
}
TOP = 10


ONE_BEFORE = {"this_month": "last_month", "this_week": "last_week", "this_year": "last_year", "today": "yesterday"}
CURRENT = {before: now for now, before in ONE_BEFORE.items()}


def _periods(turn: SkillTurn) -> list[str]:
    """The periods said: this turn's words first; else those of the words it follows; "¿y el pasado?" after a
    period is the one before it."""
    said = turn.now.periods or (turn.slots.periods if not turn.follow_up else ())
    if not said and turn.follow_up and turn.now.one_before:
        before = _one_before(str(turn.earlier.get("period") or ""))
        return [before] if before else []
    if not said and turn.follow_up and turn.now.current_one:
        current = _current(str(turn.earlier.get("period") or ""))
        return [current] if current else []
    return [period_argument(p) for p in said]


def _current(period: str) -> str | None:
    """The current period of the unit just asked ("el mes pasado" → this month; "2026-05" → its unit's now)."""
    if period in CURRENT or period in ONE_BEFORE:
        return CURRENT.get(period, period)
    if len(period) == 7 and period[4] == "-" and period.replace("-", "").isdigit():
        return "this_month"
    return None


def _one_before(period: str) -> str | None:
    if period in ONE_BEFORE:
        return ONE_BEFORE[period]
    if len(period) == 7 and period[4] == "-" and period.replace("-", "").isdigit():  # "2026-05" → "2026-04"
        year, month = int(period[:4]), int(period[5:])
        return f"{year - (month == 1)}-{12 if month == 1 else month - 1:02d}"
    return None


def _narrowing(slots: Slots) -> dict[str, str]:
    """The category, merchant and amount bounds the words say (the last one said wins). A category said with
    several of its merchants ("en servicios, lo de EPM y Claro") is the category: they are its examples."""
    found: dict[str, str] = {}
    if slots.categories:
        found["category"] = slots.categories[-1]
    if slots.merchants and not (slots.categories and len(slots.merchants) > 1):
        found["merchant"] = slots.merchants[-1]
    if slots.over is not None:
        found["min_amount"] = str(slots.over)
    if slots.under is not None:
        found["max_amount"] = str(slots.under)
    return found


def _currencies_asked(turn: SkillTurn) -> dict[str, str]:
    """The currency whose rate is asked, and the one it is asked in. Beside the customer's own currency the
    foreign one is what is priced, whichever is said first ("quantos pesos argentinos tá valendo um dólar?")."""
    home = home_currency(turn.country)
    named = [c for c in turn.slots.currencies if c not in ("HOME", home)]
    if len(named) >= 2:
        return {"currency": named[0], "target": named[1]}
    return {"currency": named[0]} if named else {}


def _arguments(turn: SkillTurn, tool: str) -> dict[str, object]:
    """The tool's arguments from the reading; a follow-up keeps what it does not change ("¿y en abril?" keeps
    the category; "¿y en total?" drops it, "¿y en total en eso?" keeps it)."""
    base = {k: v for k, v in turn.earlier.items() if k in ("period", *FILTERS.get(tool, ()))} if turn.follow_up else {}
    if turn.now.everything and not turn.now.that_one:  # "y en total cuánto en eso": the total of that, kept
        base = {k: v for k, v in base.items() if k == "period"}
    # "e esse mês, onde foi que eu mais gastei?" after the pharmacy in May: where the most went in another period is
    # asked of everything spent, not of the category or merchant asked before
    if turn.now.group_by and (turn.now.periods or turn.now.one_before or turn.now.current_one):
        base = {k: v for k, v in base.items() if k == "period"}
    now = _narrowing(turn.now)
    if "category" in now:
        base.pop("merchant", None)
    if "merchant" in now:
        base.pop("category", None)
    arguments = {**base, **(now if turn.follow_up else _narrowing(turn.slots))}
    arguments = {k: v for k, v in arguments.items() if k in ("period", *FILTERS.get(tool, ()))}
    periods = _periods(turn)
    if tool == "compare_spending":
        if len(periods) >= 2:
            arguments |= {"period": periods[-1], "versus": periods[-2]}
        elif periods and turn.earlier.get("period") and turn.earlier["period"] != periods[-1]:
            # "¿gasté más o menos que en mayo?" after this month: the period talked about against the one named
            arguments |= {"period": turn.earlier["period"], "versus": periods[-1]}
        elif periods:
            arguments["period"] = periods[-1]
        arguments.setdefault("period", "this_month")
    elif periods and tool in PERIOD_TOOLS:
        arguments["period"] = periods[-1]
    elif tool in PERIOD_TOOLS and turn.earlier.get("period") and not _latest(turn, tool):
        arguments["period"] = turn.earlier["period"]  # "¿y la compra más grande?" keeps the period just asked
    return arguments


def _shaped(turn: SkillTurn, tool: str, arguments: dict[str, object]) -> tuple[str, dict[str, object]]:
    """How the words shape the lookup: grouped ("¿en qué gasto más?"), side by side ("comida o transporte"),
    the top n ("mis 3 compras más grandes"), largest first."""
    slots = turn.now if turn.follow_up else turn.slots
    if tool == "get_spending_summary":
        if len(set(slots.categories)) >= 2:
            arguments = {k: v for k, v in arguments.items() if k != "category"} | {"by": "category"}
        elif slots.group_by and not (slots.group_by == "merchant" and "merchant" in arguments):
            arguments["by"] = slots.group_by
    if tool == "get_largest_purchase" and slots.top_n:
        return "get_movements", {**arguments, "order": "largest", "limit": min(slots.top_n, TOP)}
    if tool == "get_movements" and (turn.intent == "largest_purchase" or slots.by_size):
        arguments["order"] = "largest"
    elif _latest(turn, tool):
        arguments = {k: v for k, v in arguments.items() if k != "period"} | {"limit": min(slots.top_n or TOP, TOP)}
    return tool, arguments


def _latest(turn: SkillTurn, tool: str) -> bool:
    """ "los últimos 5 movimientos": the latest ones, whatever period was asked before."""
    slots = turn.now if turn.follow_up else turn.slots
    return tool == "get_movements" and turn.intent == "movements" and bool(slots.top_n) and not slots.periods


async def act(turn: SkillTurn) -> list[ToolOutcome[Result]]:
    """The lookup the intent names, with the period, category, merchant and bounds the words give; a word that
    may be a merchant no list knows ("¿cuánto gasté en ElectroMax?") is tried first, and kept only if the
    customer bought there."""
    tool = TOOLS.get(turn.intent, "get_movements")
    if turn.follow_up and turn.now.by_size:  # "ordénalos de mayor a menor": the movements just asked, largest first
        tool = "get_movements"
    if tool == "get_exchange_rate":
        return [await turn.tools.call(tool, _currencies_asked(turn))]
    if tool == "get_complaints":
        return [await turn.tools.call(tool, {})]
    tool, arguments = _shaped(turn, tool, _arguments(turn, tool))
    if tool == "get_spending_summary" and {"category", "merchant"} <= set(arguments) and "by" not in arguments:
        # "en gasolina y ubers", "en spotify y en el cine": a category and a merchant said together, each its total
        category = {k: v for k, v in arguments.items() if k != "merchant"}
        merchant = {k: v for k, v in arguments.items() if k != "category"}
        return [await turn.tools.call(tool, category, also=True), await turn.tools.call(tool, merchant)]
    if tool in ("get_spending_summary", "get_movements") and not {"merchant", "category"} & set(arguments):
        # on a follow-up only the words said now may name a place: "e no total, somando tudo?" drops the one before
        for place in turn.now.places if turn.follow_up else turn.slots.places:
            looked = await turn.tools.call(tool, {**arguments, "merchant": place})
            if isinstance(looked.result, LookupResult) and looked.result.status == "found":
                return [looked]
    return [await turn.tools.call(tool, arguments)]
