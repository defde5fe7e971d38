"""Money movement's answers: the card, the question or the reason, all written by code."""

from quipu.domain.routing import asks_to_move_money
from quipu.skills.answering import SkillTurn, ToolOutcome, Voice
from quipu.skills.money_movement.words import (
    DEBTS,
    accounts_corrected,
    amount_corrected,
    asks_for_bills,
    bill_followed_up,
    debt_without_amount,
    missing_detail,
    plain_bill,
    plain_transfer,
)

ASKABLE = ("amount", "destination", "origin", "service")
PROPOSALS = ("propose_transfer", "propose_service_payment")


def _plainly_asked(text: str, turn: SkillTurn | None = None) -> tuple[str, dict] | None:
    """The proposal the words plainly ask for: a named bill to pay, an amount between own products, or the
    last transfer with its accounts changed by a follow-up."""
    follow_up = turn is not None and turn.text != turn.latest
    moved = accounts_corrected(turn.latest, turn.earlier) if turn and follow_up else None
    if moved:
        return "propose_transfer", moved
    fresh = plain_transfer(turn.latest) if turn and follow_up else None
    if turn and fresh:  # "y otros 500 a la tarjeta": a request of its own, from the account used before
        origin = turn.earlier.get("from_type")
        if "from_type" not in fresh and origin not in (None, *DEBTS) and origin != fresh.get("to_type"):
            fresh["from_type"] = origin
        return "propose_transfer", fresh
    bill = plain_bill(text) or (bill_followed_up(turn.latest, turn.earlier) if turn and follow_up else None)
    if bill:
        return "propose_service_payment", bill
    transfer = plain_transfer(text)
    return ("propose_transfer", transfer) if transfer else None


def plain(turn: SkillTurn) -> bool:
    """A named bill to pay, or one amount and where it goes: code prepares the card, no model step; a plain
    request to send money that lacks where or how much gets code's question."""
    return (
        _plainly_asked(amount_corrected(turn.text, turn.latest), turn) is not None
        or debt_without_amount(turn.text)
        or asks_for_bills(turn.latest)
        or _bare_transfer(turn) is not None
    )


def _bare_transfer(turn: SkillTurn) -> str | None:
    """The detail a new request to send money lacks ("quiero hacer una transferencia"), read by code."""
    if turn.text != turn.latest or not asks_to_move_money(turn.latest):
        return None
    return missing_detail(turn.latest)


async def first(turn: SkillTurn) -> list[ToolOutcome] | str:
    """The model only asked: a plain request still gets its card; a debt to pay with no amount gets code's
    question; otherwise code's own question stands."""
    asked = _plainly_asked(amount_corrected(turn.text, turn.latest), turn)
    if asked:
        return [await turn.tools.call(*asked)]
    if asks_for_bills(turn.latest):
        return [await turn.tools.call("list_service_bills", {})]
    voice = Voice("money_movement", turn.language)
    if debt_without_amount(turn.text):
        return voice.say("ask_amount")
    missing = _bare_transfer(turn)
    return voice.say(f"ask_{missing}") if missing else []


async def then(turn: SkillTurn, outcomes: list[ToolOutcome]) -> list[ToolOutcome]:
    """A listing where the words plainly ask to pay or move money: code prepares the card they asked for."""
    if any(o.tool in PROPOSALS for o in outcomes):
        return []
    asked = _plainly_asked(amount_corrected(turn.text, turn.latest), turn)
    return [await turn.tools.call(*asked)] if asked else []


def _account(voice: Voice, option: dict) -> str:
    return voice.product(option.get("product_type"), option.get("last4"))


def _options(voice: Voice, options: list[dict]) -> str:
    lines = []
    for o in options:
        if "debt" in o and o["debt"] is not None:
            lines.append(voice.say("debt_option", account=_account(voice, o), debt=voice.money(o["debt"], o["currency"])))
        elif "balance" in o and o["balance"] is not None:
            lines.append(
                voice.say("account_option", account=_account(voice, o), balance=voice.money(o["balance"], o["currency"]))
            )
        elif "biller" in o:
            lines.append(_bill(voice, o))
        else:
            lines.append(_account(voice, o))
    return voice.lines(lines)


def _bill(voice: Voice, bill: dict) -> str:
    return voice.say(
        "bill_option",
        service=bill.get("service", ""),
        biller=bill.get("biller", ""),
        amount=voice.money(bill["amount"], bill["currency"]),
        due=voice.date(bill.get("due_date")) if bill.get("due_date") else "—",
    )


def _proposal(voice: Voice, result: dict) -> str:
    status = result.get("status")
    if status == "proposed":
        return voice.say("proposed", card=result["confirmation"]["text"])
    if status == "needs_clarification":
        return voice.say("clarify", ask=result.get("ask", ""), options=_options(voice, result.get("options", [])))
    reason = result.get("reason", "other")
    try:
        said = voice.say(f"reason_{reason}")
    except KeyError:
        said = voice.say("reason_other")
    return voice.say("blocked", reason=said)


def answer(outcomes: list[ToolOutcome], voice: Voice) -> str:
    last = outcomes[-1]
    result = last.result
    if result.get("error"):
        return voice.say("unavailable")
    if last.tool in ("propose_transfer", "propose_service_payment"):
        return _proposal(voice, result)
    if last.tool == "list_service_bills":
        bills = result.get("bills", [])
        return voice.say("bills", bills=voice.lines([_bill(voice, b) for b in bills])) if bills else voice.say("no_bills")
    accounts = _options(voice, result.get("accounts", []))
    debts = _options(voice, result.get("debts", []))
    return voice.say("options", accounts=accounts, debts=voice.say("debts_heading", debts=debts) if debts else "")
