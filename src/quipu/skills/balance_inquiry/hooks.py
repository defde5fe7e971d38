"""Balances, debts and profile, answered by code from the records; currencies are never added together."""

from decimal import Decimal

from quipu.application.account_results import Balances, Debt, Debts, ProductLine, Profile
from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.turn import SkillTurn
from quipu.application.skills.voice import Voice
from quipu.domain.reading.products import product_type
from quipu.domain.vocabulary import DEBT_TYPES, DEPOSIT_TYPES, LOAN_TYPES

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


async def act(turn: SkillTurn) -> list[ToolOutcome[Result]]:
    """The lookup the intent asks for; a currency named ("¿cuánto tengo en dólares?") narrows the answer to
    that currency's products (two named, "en dólar y en la de pesos", narrow nothing), and a product named narrows
    the balances or a debt to it."""
    tool = TOOLS.get(turn.intent, "get_balances")
    note: dict[str, object] = {}
    if FOCUS.get(turn.intent):
        note["focus"] = FOCUS[turn.intent]
    money_said = turn.now.currencies if turn.follow_up and turn.now.currencies else turn.slots.currencies
    currencies = [c for c in money_said if c != "HOME"]  # "¿y en dólares?" after the pesos: the words now
    if len(money_said) == 1 and currencies and tool == "get_balances":
        note["currency"] = currencies[0]
    named = [product_type(p.kind) for p in (turn.now if turn.follow_up else turn.slots).products]
    if tool == "get_balances" and any(named):
        note["products"] = sorted({t for t in named if t})  # "¿y en la de ahorro nomás?": that product's line
    arguments: dict[str, object] = {}
    # "¿cuánto debo del préstamo?" narrows to it; "somando cartão e empréstimo" (a card without its kind beside
    # it) or "en total" does not
    said = [product_type(p.kind) for p in turn.slots.products]
    kinds = [k for k in said if k in DEBT_TYPES]
    # "y la otra?" after one debt: the other is among all of them, so none is narrowed to
    other = turn.follow_up and turn.now.other_one and not turn.now.products
    one_kind = len(set(kinds)) == 1 and len(kinds) == len(said)
    if tool == "get_debts" and one_kind and not turn.slots.everything and not other:
        arguments["product_type"] = kinds[0]
        note["kind"] = kinds[0]
    outcome = await turn.tools.call(tool, arguments, note=note)
    # "¿cuánto me falta por pagar del crédito?" from a customer with no card: none of that kind owes, and what
    # does owe is shown beside it, so that no "you owe nothing" is said of debts the words did not name
    if arguments and isinstance(outcome.result, Debts) and not outcome.result.debts:
        return [outcome, await turn.tools.call(tool, {}, note={k: v for k, v in note.items() if k != "kind"})]
    return [outcome]


def _status(voice: Voice, status: str | None) -> str:
    return "" if status in (None, "Active") else voice.say("status_note", status=voice.word(status))


def _product_line(voice: Voice, p: ProductLine) -> str:
    product = voice.product(p.product_type, p.last4)
    status = _status(voice, p.status)
    if p.current_balance is None:
        return voice.say("unknown_balance_line", product=product, status=status)
    money = voice.money(p.current_balance, p.currency)
    if p.credit_limit is not None and p.credit_available is not None:
        return voice.say(
            "card_line",
            product=product,
            balance=money,
            limit=voice.money(p.credit_limit, p.currency),
            available=voice.money(p.credit_available, p.currency),
            status=status,
        )
    if p.product_type in DEPOSIT_TYPES:
        return voice.say("deposit_line", product=product, balance=money, status=status)
    return voice.say("debt_product_line", product=product, balance=money, status=status)


def _balances(voice: Voice, result: Balances, note: dict[str, object]) -> str:
    products = result.products
    if note.get("focus") == "limit":
        products = [p for p in products if p.credit_limit is not None]
        if not products:
            return voice.say("no_credit_cards")
    asked = note.get("products")  # the product types `act` noted, read back from the conversation
    if isinstance(asked, list) and asked:
        named = [p for p in products if p.product_type in asked]
        products = named or products  # a product the customer does not have: everything they do have
    if note.get("currency"):
        products = [p for p in products if p.currency == note["currency"]]
        if not products:
            return voice.say("no_products_in", currency=note["currency"])
    if not products:
        return voice.say("no_products")
    lines = [_product_line(voice, p) for p in products]
    deposits = result.totals.get("deposits") or {}
    if sum(1 for p in products if p.product_type in DEPOSIT_TYPES) > 1 and deposits:
        totals = voice.listing([voice.money(v, c) for c, v in deposits.items()])
        lines.append(voice.say("total_line", totals=totals))
    return voice.say("balances", lines=voice.lines(lines), as_of=voice.date(result.as_of))


def _debt_line(voice: Voice, d: Debt) -> str:
    currency = d.currency
    # a minimum of 0.00 is still said: the records have it
    minimum = (
        voice.say("minimum", amount=voice.money(d.minimum_payment, currency)) if d.minimum_payment is not None else ""
    )
    due = voice.say("due", date=voice.date(d.due_date)) if d.due_date else ""
    past_due = ""
    if d.past_due_amount is not None and d.past_due_amount > 0:
        past_due = voice.say("past_due", amount=voice.money(d.past_due_amount, currency), days=d.days_past_due or 0)
    return voice.say(
        "debt_line",
        product=voice.product(d.product_type, d.last4),
        debt=voice.money(d.debt if d.debt is not None else Decimal(0), currency),
        minimum=minimum,
        due=due,
        past_due=past_due,
    )


def _rate_line(voice: Voice, d: Debt) -> str:
    product = voice.product(d.product_type, d.last4)
    if d.interest_rate is None:
        return voice.say("rate_unknown_line", product=product)
    return voice.say("rate_line", product=product, rate=voice.percent(d.interest_rate))


def _installments_line(voice: Voice, d: Debt) -> str:
    product = voice.product(d.product_type, d.last4)
    if d.remaining_installments is None:
        return voice.say("installments_unknown_line", product=product)
    amount = voice.money(d.minimum_payment, d.currency) if d.minimum_payment is not None else None
    each = voice.say("installment_amount", amount=amount) if amount else ""
    # "¿cuánto me falta para terminar de pagarlo?" asks the installments and what is still owed: both are said
    owed = voice.say("installments_owed", amount=voice.money(d.debt, d.currency)) if d.debt is not None else ""
    # what is left is paid installment by installment: when the next one falls due is said with it
    owed += voice.say("due", date=voice.date(d.due_date)) if d.due_date else ""
    return voice.say("installments_line", product=product, count=d.remaining_installments, each=each, owed=owed)


def _focused(voice: Voice, result: Debts, focus: str) -> str:
    debts = result.debts
    if focus == "installments":
        debts = [d for d in debts if d.product_type in LOAN_TYPES]
        if not debts:
            return voice.say("no_loans")
        return voice.say("installments", lines=voice.lines([_installments_line(voice, d) for d in debts]))
    if not debts:
        return voice.say("no_debts")
    return voice.say("rates", lines=voice.lines([_rate_line(voice, d) for d in debts]))


def _debts(voice: Voice, result: Debts, note: dict[str, object]) -> str:
    kind = note.get("kind")
    if not result.debts and isinstance(kind, str):  # only the kind named was looked up: nothing is said of the others
        return voice.say("no_debts_of_kind", kind=voice.word(kind))
    focus = note.get("focus")
    if isinstance(focus, str) and focus in ("rate", "installments"):
        return _focused(voice, result, focus)
    debts = [d for d in result.debts if d.debt is not None]
    if not debts:
        return voice.say("no_debts")
    return voice.say("debts", lines=voice.lines([_debt_line(voice, d) for d in debts]), as_of=voice.date(result.as_of))


def _profile(voice: Voice, result: Profile) -> str:
    if not result.found:
        return voice.say("unavailable")
    products = [
        voice.say("profile_products", count=v.count, kind=voice.word(k)) for k, v in (result.products or {}).items()
    ]
    return voice.say(
        "profile",
        name=result.first_name or "",
        segment=result.segment or "",
        since=voice.date(result.customer_since) if result.customer_since else "—",
        city=result.city or "",
        country=result.country or "",
        products=voice.listing(products),
    )


def _said(voice: Voice, outcome: ToolOutcome[Result]) -> str:
    result = outcome.result
    if isinstance(result, Balances):
        return _balances(voice, result, outcome.note)
    if isinstance(result, Debts):
        return _debts(voice, result, outcome.note)
    if isinstance(result, Profile):
        return _profile(voice, result)
    return voice.say("unavailable")  # a failed lookup or a refusal: never a "no"


def answer(outcomes: list[ToolOutcome[Result]], voice: Voice) -> str:
    return "\n\n".join(dict.fromkeys(_said(voice, outcome) for outcome in outcomes))
