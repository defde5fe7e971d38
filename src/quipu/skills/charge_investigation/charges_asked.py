"""Which charges the investigation looks at, from what the reading found in the customer's words: the merchant
among their own, an amount one of their charges has (or rounds to), how far back; the one chosen from a list
shown; or the disputes already opened."""

import re
from decimal import Decimal

from quipu.application.investigation_results import ChargeLine, ChargeSearch, ListedCharge, Report
from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.turn import SkillTurn
from quipu.domain.dataset import AS_OF
from quipu.domain.money import names_amount
from quipu.domain.reading.model import Slots
from quipu.domain.vocabulary import DISPUTE_REFERENCE

DISPUTE_STATUS = "dispute_status"
DISPUTE = re.compile(DISPUTE_REFERENCE)
MATCH_DAYS = 90  # how far back a charge is looked for when the words say nothing of when
SEARCHED = 50
ROUND_FIGURE = 10  # a figure said in tens or more ("121 mil", "300") may be a charge's amount, rounded
ROUNDED = Decimal("0.02")  # how far a rounded figure may be from the charge it names


def _days(slots: Slots) -> int | None:
    """How many days back covers the period the words name ("ayer", "la semana pasada", "en mayo")."""
    if not slots.periods:
        return None
    start = min(p.start for p in slots.periods)
    return max(1, min(MATCH_DAYS, (AS_OF - start).days + 1))


async def _amount_of_a_charge(turn: SkillTurn, days: int) -> Decimal | None:
    """An amount the customer said that one of their charges has (any reading of `1.500`); a round figure said
    names the charge nearest to it within ROUNDED ("el de 121 mil" is the charge of 121.382,09)."""
    said = [v for amount in (turn.now.amounts or turn.slots.amounts) for v in amount.values]
    if not said:
        return None
    found = await turn.tools.call("search_transactions", {"days": days, "limit": SEARCHED})
    amounts = {c.amount for c in found.result.charges} if isinstance(found.result, ChargeSearch) else set()
    exact = next((v for v in said if v in amounts), None)
    whole = {a for v in said for a in amounts if names_amount(v, a)}  # "essa de 48": the charge of 48,33
    exact = exact if exact is not None else (whole.pop() if len(whole) == 1 else None)
    if exact is not None or not amounts:
        return exact
    near = [(abs(a - v) / v, a) for v in said if v > 0 and v % ROUND_FIGURE == 0 for a in amounts]
    near = [(gap, a) for gap, a in near if gap <= ROUNDED]
    return min(near)[1] if near else None


def _another_charge(now: Slots) -> bool:
    """A charge named anew by its amount or its day, with no merchant ("¿y la de 111?", "¿y el del 6 de junio?")."""
    return not now.merchants and bool(now.amounts or any(p.days == 1 for p in now.periods))


def _merchant(turn: SkillTurn) -> str | None:
    """The merchant said last wins ("¿y el de Uber?" after Éxito); a follow-up that names another charge by its
    day or amount alone ("¿y el del 6 de junio de 121 mil?") is of no merchant said before."""
    if turn.follow_up and _another_charge(turn.now):
        return None
    named = turn.now.merchants or turn.slots.merchants
    return named[0] if named else None


async def _the_one_chosen(turn: SkillTurn) -> list[ToolOutcome[Result]] | None:
    """ "el segundo", "#2", "el último": the charge at that place in the list code showed last; "el de amazon el más
    caro": the largest of those the words name."""
    place = turn.now.ordinal
    if (place is None and not turn.now.biggest) or not turn.follow_up or not turn.earlier:
        return None
    merchant = turn.now.merchants[0] if turn.now.biggest and turn.now.merchants else None
    shown = await turn.tools.call(
        "investigate_charges", dict(turn.earlier) | ({"merchant": merchant} if merchant else {})
    )
    charges = shown.result.charges if isinstance(shown.result, Report) else []
    if place is None:
        place = 1 + max(range(len(charges)), key=lambda i: charges[i].amount) if charges else 0
    index = place - 1 if place > 0 else len(charges) + place
    if not 0 <= index < len(charges):
        return None
    chosen = charges[index]
    transaction_id = _transaction_id(chosen)
    if transaction_id is not None:
        return [await turn.tools.call("investigate_charge", {"transaction_id": transaction_id})]
    # a charge the investigation listed carries no id: it is looked at again by what names it alone
    exact = {"merchant": chosen.merchant, "min_amount": str(chosen.amount), "max_amount": str(chosen.amount)}
    return [await turn.tools.call("investigate_charges", {"days": turn.earlier.get("days", MATCH_DAYS)} | exact)]


def _transaction_id(charge: ChargeLine) -> str | None:
    """The id a charge can be investigated by alone: only a search's listed charge carries one (a checked charge
    carries none: internal ids never leave the investigation)."""
    return charge.transaction_id if isinstance(charge, ListedCharge) else None


async def _dispute_status(turn: SkillTurn) -> list[ToolOutcome[Result]]:
    """ "¿cómo va mi aclaración?", "e a contestação Q-8A6518EF?": the disputes opened, by reference or merchant."""
    references = [r for r in (*turn.now.references, *turn.slots.references) if DISPUTE.fullmatch(r)]
    merchant = _merchant(turn)
    arguments = {"reference": references[0]} if references else {"merchant": merchant} if merchant else {}
    return [await turn.tools.call("dispute_status", arguments)]


async def act(turn: SkillTurn) -> list[ToolOutcome[Result]]:
    """The charges of the merchant named (or the newest), of the amount said, from when the words say; or the
    disputes already opened, when that is what the words ask."""
    if turn.intent == DISPUTE_STATUS:
        return await _dispute_status(turn)
    chosen = await _the_one_chosen(turn)
    if chosen:
        return chosen
    merchant = _merchant(turn)
    named_now = bool(turn.now.merchants)
    earlier_days = turn.earlier.get("days") if turn.follow_up and not named_now else None
    days = _days(turn.now) or (None if turn.follow_up else _days(turn.slots)) or earlier_days
    amount = await _amount_of_a_charge(turn, days or MATCH_DAYS)
    arguments: dict[str, object] = {"days": days or MATCH_DAYS}
    if merchant:
        arguments["merchant"] = merchant
    elif turn.follow_up and turn.earlier.get("merchant") and not amount and not _another_charge(turn.now):
        arguments["merchant"] = turn.earlier["merchant"]
    if amount is not None:
        arguments |= {"min_amount": str(amount), "max_amount": str(amount)}
    return [await turn.tools.call("investigate_charges", arguments)]
