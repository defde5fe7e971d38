"""Balances, debts and profile, answered by code from the records; currencies are never added together."""

import re

from quipu.domain.dataset import AS_OF
from quipu.domain.routing import asks_due_date
from quipu.domain.vocabulary import DEPOSIT_TYPES
from quipu.skills.answering import SkillTurn, ToolOutcome, Voice

ASKABLE = ()
HAS = re.compile(r"\b(saldo|tengo|tenho|tienes|disponible|dispon[ií]vel|me queda|sobra|hay en)\b", re.I)
OWES = re.compile(
    r"\b(deb[oe]|debemos|deuda|adeudo|d[ií]vida|devo|devendo|m[ií]nimo|venc\w*|fatura|cuotas?|parcelas?|"
    r"falta(n)? (pagar|por pagar)|me falta pagar|le debo)",
    re.I,
)


def plain(turn: SkillTurn) -> bool:
    """Words that ask for balances, debts or a due date need no choice a model could make better: code
    looks them up. Anything else (the profile, an unusual question) is the model's step."""
    return _asks(turn.text)


def _asks(text: str) -> bool:
    return bool(HAS.search(text) or OWES.search(text) or asks_due_date(text))


async def first(turn: SkillTurn) -> list[ToolOutcome]:
    """The balances, what is owed, or both, as the words ask ("cuánto tengo y cuánto debo"); a follow-up that
    asks for one of them ("¿y el mínimo?") is read alone, not with the words it follows."""
    text = turn.latest if _asks(turn.latest) else turn.text
    owes = bool(OWES.search(text) or asks_due_date(text))
    tools = (["get_balances"] if HAS.search(text) or not owes else []) + (["get_debts"] if owes else [])
    return [await turn.tools.call(tool, {}) for tool in tools]


async def then(turn: SkillTurn, outcomes: list[ToolOutcome]) -> list[ToolOutcome]:
    """Words that plainly ask what is owed get the debts, whatever the model looked up."""
    if (OWES.search(turn.text) or asks_due_date(turn.text)) and not any(o.tool == "get_debts" for o in outcomes):
        return [await turn.tools.call("get_debts", {})]
    return []


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


def _balances(voice: Voice, result: dict) -> str:
    products = result.get("products", [])
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
    minimum = voice.say("minimum", amount=voice.money(d["minimum_payment"], currency)) if d.get("minimum_payment") else ""
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


def _debts(voice: Voice, result: dict) -> str:
    debts = [d for d in result.get("debts", []) if d.get("debt") is not None]
    if not debts:
        return voice.say("no_debts")
    return voice.say("debts", lines=voice.lines([_debt_line(voice, d) for d in debts]), as_of=voice.date(result.get("as_of") or AS_OF))


def _profile(voice: Voice, result: dict) -> str:
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
            parts.append(ANSWERS[outcome.tool](voice, outcome.result))
    return "\n\n".join(dict.fromkeys(parts))
