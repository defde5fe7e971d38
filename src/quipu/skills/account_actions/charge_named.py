"""The charge a claim is about: the one recent charge the words name (by merchant, amount or day, or the repeat of
a duplicate)."""

from datetime import date
from decimal import Decimal

from quipu.application.investigation_results import ListedCharge
from quipu.application.skills.turn import SkillTurn
from quipu.domain.money import names_amount
from quipu.domain.reading.model import Slots

ONE_WEEK = 7  # a period this short names the charge's day, not a span to look in


def words_said(turn: SkillTurn) -> list[Slots]:
    """This turn's words first, then the words they follow (a follow-up completes the earlier request)."""
    return [turn.now, turn.slots] if turn.follow_up else [turn.slots]


def _repeated(charges: list[ListedCharge]) -> list[ListedCharge]:
    """The later charge of each pair with the same merchant, amount and day (the repeat of a duplicate)."""
    groups: dict[tuple[str | None, Decimal, date], list[ListedCharge]] = {}
    for c in charges:
        groups.setdefault((c.merchant, c.amount, c.date.date()), []).append(c)
    return [max(g, key=lambda c: c.date) for g in groups.values() if len(g) == 2]


def charge_named(turn: SkillTurn, charges: list[ListedCharge]) -> str | None:
    """The one recent charge the words name: of the merchant said (the repeat, when it came twice), or the one
    repeated charge when they only say it came twice."""
    for slots in words_said(turn):
        named = set(slots.merchants)
        found = [c for c in charges if c.merchant in named]
        amounts = {v for a in slots.amounts for v in a.values}
        if amounts:
            found = [c for c in (found or charges) if any(names_amount(a, c.amount) for a in amounts)] or found
        days = [p for p in slots.periods if p.days <= ONE_WEEK]  # "el del 10 de junio": a day (or a few) named
        if days and len(found) > 1:
            found = [c for c in found if any(p.start <= c.date.date() <= p.end for p in days)] or found
        if len(found) == 1:
            return found[0].transaction_id
        repeats = _repeated(found or (charges if slots.duplicate else []))
        if len(repeats) == 1 and (slots.duplicate or found):
            return repeats[0].transaction_id
        if named or amounts:
            return None
    return None
