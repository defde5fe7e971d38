"""Balances, debts and profile, answered by code from the records; currencies are never added together."""

from quipu.domain.dataset import AS_OF
from quipu.domain.reading.products import product_type
from quipu.domain.vocabulary import DEBT_TYPES, DEPOSIT_TYPES, LOAN_TYPES
from quipu.skills.answering import SkillTurn, ToolOutcome, Voice

# the balances' tool for what is there; the debts' tool for what is owed, its rate and installments
TOOLS = {
    "balance": "get_balances",
    "credit_limit": "get_balances",
    "debt": "get_debts",
    "interest_rate": "get_debts",
    "installments": "get_debts",
    "profile": "get_profile",
}
FOCUS = {"credit_limit": "limit", "interest_rate": "rate", "installments": "installments"}


async def act(turn: SkillTurn) -> list[ToolOutcome]:
    """The lookup the intent asks for; a currency named ("¿cuánto tengo en dólares?") narrows the answer to
    that currency's products, and a product named narrows the balances or a debt to it."""
    tool = TOOLS.get(turn.intent, "get_balances")
    note: dict = {}
    if FOCUS.get(turn.intent):
        note["focus"] = FOCUS[turn.intent]
    currencies = [c for c in turn.slots.currencies if c != "HOME"]
    if currencies and tool == "get_balances":
        note["currency"] = currencies[-1]
    named = [product_type(p.kind) for p in (turn.now if turn.follow_up else turn.slots).products]
    if tool == "get_balances" and any(named):
        note["products"] = sorted({t for t in named if t})  # "¿y en la de ahorro nomás?": that product's line
    arguments: dict = {}
    kinds = [product_type(p.kind) for p in turn.slots.products if product_type(p.kind) in DEBT_TYPES]
    if tool == "get_debts" and len(set(kinds)) == 1:
        arguments["product_type"] = kinds[0]
    return [await turn.tools.call(tool, arguments, note=note)]


def _status(voice: Voice, status: str | None) -> str:
    return "" if status in (None, "Active") else voice.say("status_note", status=voice.word(status))


def _product_line(voice: Voice, p: dict) -> str:
    product = voice.product(p.get("product_type"), p.get("last4"))
    status = _status(voice, p.get("status"))
    balance = p.get("current_balance")
    if balance is None:
        return voice.say("unknown_balance_line", product=product, status=status)
    money = voice.money(balance, p["currency"])
    if p.get("credit_limit") is not None and p.get("credit_available") is not None:
        return voice.say(
            "card_line",
            product=product,
            balance=money,
            limit=voice.money(p["credit_limit"], p["currency"]),
            available=voice.money(p["credit_available"], p["currency"]),
            status=status,
        )
    if p.get("product_type") in DEPOSIT_TYPES:
        return voice.say("deposit_line", product=product, balance=money, status=status)
    return voice.say("debt_product_line", product=product, balance=money, status=status)


def _balances(voice: Voice, result: dict, note: dict) -> str:
    products = result.get("products", [])
    if note.get("focus") == "limit":
        products = [p for p in products if p.get("credit_limit") is not None]
        if not products:
            return voice.say("no_credit_cards")
    if note.get("products"):
        named = [p for p in products if p.get("product_type") in note["products"]]
        products = named or products  # a product the customer does not have: everything they do have
    if note.get("currency"):
        products = [p for p in products if p.get("currency") == note["currency"]]
        if not products:
            return voice.say("no_products_in", currency=note["currency"])
    if not products:
        return voice.say("no_products")
    lines = [_product_line(voice, p) for p in products]
    deposits = (result.get("totals") or {}).get("deposits") or {}
    if sum(1 for p in products if p.get("product_type") in DEPOSIT_TYPES) > 1 and deposits:
        totals = voice.listing([voice.money(v, c) for c, v in deposits.items()])
        lines.append(voice.say("total_line", totals=totals))
    return voice.say("balances", lines=voice.lines(lines), as_of=voice.date(result.get("as_of") or AS_OF))


def _debt_line(voice: Voice, d: dict) -> str:
    currency = d["currency"]
    minimum = (
        voice.say("minimum", amount=voice.money(d["minimum_payment"], currency)) if d.get("minimum_payment") else ""
    )
    due = voice.say("due", date=voice.date(d["due_date"])) if d.get("due_date") else ""
    past_due = ""
    if d.get("past_due_amount") and float(d["past_due_amount"]) > 0:
        past_due = voice.say(
            "past_due", amount=voice.money(d["past_due_amount"], currency), days=d.get("days_past_due", 0)
        )
    return voice.say(
        "debt_line",
        product=voice.product(d.get("product_type"), d.get("last4")),
        debt=voice.money(d.get("debt", "0"), currency),
        minimum=minimum,
        due=due,
        past_due=past_due,
    )


def _rate_line(voice: Voice, d: dict) -> str:
    product = voice.product(d.get("product_type"), d.get("last4"))
    if d.get("interest_rate") is None:
        return voice.say("rate_unknown_line", product=product)
    return voice.say("rate_line", product=product, rate=voice.percent(d["interest_rate"]))


def _installments_line(voice: Voice, d: dict) -> str:
    product = voice.product(d.get("product_type"), d.get("last4"))
    if d.get("remaining_installments") is None:
        return voice.say("installments_unknown_line", product=product)
    amount = voice.money(d["minimum_payment"], d["currency"]) if d.get("minimum_payment") else None
    each = voice.say("installment_amount", amount=amount) if amount else ""
    return voice.say("installments_line", product=product, count=d["remaining_installments"], each=each)


def _focused(voice: Voice, result: dict, focus: str) -> str:
    debts = result.get("debts", [])
    if focus == "installments":
        debts = [d for d in debts if d.get("product_type") in LOAN_TYPES]
        if not debts:
            return voice.say("no_loans")
        return voice.say("installments", lines=voice.lines([_installments_line(voice, d) for d in debts]))
    if not debts:
        return voice.say("no_debts")
    return voice.say("rates", lines=voice.lines([_rate_line(voice, d) for d in debts]))


def _debts(voice: Voice, result: dict, note: dict) -> str:
    if note.get("focus") in ("rate", "installments"):
        return _focused(voice, result, note["focus"])
    debts = [d for d in result.get("debts", []) if d.get("debt") is not None]
    if not debts:
        return voice.say("no_debts")
    return voice.say(
        "debts",
        lines=voice.lines([_debt_line(voice, d) for d in debts]),
        as_of=voice.date(result.get("as_of") or AS_OF),
    )


def _profile(voice: Voice, result: dict, note: dict) -> str:
    if not result.get("found"):
        return voice.say("unavailable")
    products = [
        voice.say("profile_products", count=v["count"], kind=voice.word(k))
        for k, v in (result.get("products") or {}).items()
    ]
    return voice.say(
        "profile",
        name=result.get("first_name", ""),
        segment=result.get("segment", ""),
        since=voice.date(result["customer_since"]) if result.get("customer_since") else "—",
        city=result.get("city", ""),
        country=result.get("country", ""),
        products=voice.listing(products),
    )


ANSWERS = {"get_balances": _balances, "get_debts": _debts, "get_profile": _profile}


def answer(outcomes: list[ToolOutcome], voice: Voice) -> str:
    parts = []
    for outcome in outcomes:
        if outcome.result.get("error"):
            parts.append(voice.say("unavailable"))
        else:
            parts.append(ANSWERS[outcome.tool](voice, outcome.result, outcome.note))
    return "\n\n".join(dict.fromkeys(parts))
