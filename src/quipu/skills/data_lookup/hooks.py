"""The data_lookup hooks: `act` (lookups.py) reads the question from the reading; the answers, written by code from
the typed results: found, none, several, unavailable; run_sql rows as a short list. Totals stay per currency. A failed
lookup says so, never "no" or "0"."""

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from quipu.application.data_lookup_results import (
    ComparisonResult,
    ComplaintsResult,
    CurrencySpending,
    ExchangeRateResult,
    LargestPurchaseResult,
    LookupResult,
    MovementsResult,
    Rate,
    SpendingResult,
)
from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.voice import Voice
from quipu.application.sql_results import SchemaCatalog, SqlAnswer, SqlRefusal
from quipu.skills.data_lookup import phrases
from quipu.skills.data_lookup.lookups import act
from quipu.skills.data_lookup.phrases import capitalized, counted, period
from quipu.skills.data_lookup.sql_rows import rows_answer


def _purchases(voice: Voice, count: int) -> str:
    return counted(voice, count, "purchase_one", "purchase_many")


def _group_name(voice: Voice, by: str, key: str) -> str:
    if by == "category":
        return capitalized(voice.word(key))
    if by == "month":
        return capitalized(phrases.month_name(voice, *map(int, key.split("-"))))
    return voice.merchant(key)


def _grouped_lines(voice: Voice, r: SpendingResult) -> list[str]:
    """Each currency's groups, largest first (months in order), then that currency's own total."""
    lines = []
    for c in r.currencies:
        for g in c.groups:
            amount, count = voice.money(g.amount, c.currency), g.count
            name = _group_name(voice, r.by, g.key)
            lines.append(
                voice.say("group_line", name=name, amount=amount, count=count, purchases=_purchases(voice, count))
            )
        if c.more_groups:
            lines.append(voice.say("more_groups", count=c.more_groups))
        total = voice.money(c.total, c.currency)
        lines.append(voice.say("group_total", amount=total, count=c.count, purchases=_purchases(voice, c.count)))
    return lines


def _currency_line(voice: Voice, key: str, c: CurrencySpending, **said: str) -> str:
    amount = voice.money(c.total, c.currency)
    return voice.say(key, amount=amount, count=c.count, purchases=_purchases(voice, c.count), **said)


def _spending(voice: Voice, r: SpendingResult) -> str:
    said = {"filters": phrases.filters(voice, r.filters, r.merchants), "period": period(voice, r.period)}
    if r.status == "none":
        return voice.say("no_purchases", **said)
    if r.by != "total":
        lines = voice.lines(_grouped_lines(voice, r))
        return voice.say("spending_grouped", dimension=voice.say(f"dimension_{r.by}"), lines=lines, **said)
    if len(r.currencies) == 1:
        return _currency_line(voice, "spending_one", r.currencies[0], **said)
    each = [_currency_line(voice, "spending_currency_line", c) for c in r.currencies]
    return voice.say("spending_several", lines=voice.lines(each), **said)


def _largest(voice: Voice, r: LargestPurchaseResult) -> str:
    said = {"filters": phrases.filters(voice, r.filters), "period": period(voice, r.period)}
    if r.status == "none":
        return voice.say("no_purchases", **said)
    facts = [
        {
            "merchant": voice.merchant(p.merchant),
            "amount": voice.money(p.amount, p.currency),
            "date": voice.date(p.date),
        }
        for p in r.largest
    ]
    if len(facts) == 1:
        return voice.say("largest_one", **facts[0], **said)
    return voice.say("largest_several", lines=voice.lines([voice.say("largest_line", **f) for f in facts]), **said)


def _side(voice: Voice, label: str, amount: Decimal, count: int, currency: str) -> str:
    if not count:
        return voice.say("compare_side_none", period=label, currency=currency)
    return voice.say(
        "compare_side",
        period=label,
        amount=voice.money(amount, currency),
        count=count,
        purchases=_purchases(voice, count),
    )


def _comparison(voice: Voice, r: ComparisonResult) -> str:
    earlier, later = period(voice, r.earlier), period(voice, r.later)
    filters = phrases.filters(voice, r.filters)
    if r.status == "none":
        return voice.say("no_purchases_compared", filters=filters, earlier=earlier, later=later)
    lines = []
    for c in r.currencies:
        lines.append(_side(voice, capitalized(earlier), c.earlier, c.earlier_count, c.currency))
        lines.append(_side(voice, capitalized(later), c.later, c.later_count, c.currency))
        if r.earlier_whole is not None and c.earlier_whole is not None:
            month = phrases.month_name(voice, r.earlier_whole.start.year, r.earlier_whole.start.month)
            whole = capitalized(voice.say("compare_whole", month=month))
            lines.append(_side(voice, whole, c.earlier_whole, c.earlier_whole_count or 0, c.currency))
        difference = voice.money(abs(c.difference), c.currency)
        if c.difference == 0:
            lines.append(voice.say("compare_same", currency=c.currency))
            continue
        key = "compare_more" if c.difference > 0 else "compare_less"
        if c.change_pct is None:
            lines.append(voice.say(f"{key}_no_base", currency=c.currency, difference=difference))
        else:
            pct = phrases.number(voice, c.change_pct)
            lines.append(voice.say(key, currency=c.currency, difference=difference, pct=pct))
    return voice.say("comparison", filters=filters, lines=voice.lines(lines))


def _movements(voice: Voice, r: MovementsResult) -> str:
    merchants = sorted({m.merchant for m in r.movements if m.merchant})
    said = {"filters": phrases.filters(voice, r.filters, merchants), "period": period(voice, r.period)}
    if r.status == "none":
        return voice.say("no_movements", **said)
    lines = [
        voice.say(
            "movement_line",
            date=voice.date(m.date),
            merchant=f"{voice.merchant(m.merchant)}, " if m.merchant else "",
            amount=voice.money(m.amount, m.currency),
            kind=voice.word(m.type),
            status=voice.word(m.status),
        )
        for m in r.movements
    ]
    text = voice.say(
        "movements", order=voice.say("largest_first") if r.order == "largest" else "", lines=voice.lines(lines), **said
    )
    return f"{text}\n{voice.say('movements_truncated', count=r.count)}" if r.truncated else text


def _rate(voice: Voice, r: ExchangeRateResult) -> str:
    if r.status == "unknown_currency":
        return voice.say("unknown_currency")
    if r.status == "none":
        return voice.say("no_rate")

    def spread(rate: Rate) -> str:
        if rate.buy is None or rate.sell is None:
            return ""
        return " " + voice.say(
            "rate_spread", buy=phrases.number4(voice, rate.buy), sell=phrases.number4(voice, rate.sell)
        )

    if len(r.rates) == 1:
        x = r.rates[0]
        return voice.say(
            "rate_one",
            per=x.per,
            date=voice.date(x.date),
            source=x.source,
            rate=phrases.number4(voice, x.rate),
            target=x.target,
            spread=spread(x),
        )
    lines = [
        voice.say(
            "rate_line", rate=phrases.number4(voice, x.rate), target=x.target, date=voice.date(x.date), spread=spread(x)
        )
        for x in r.rates
    ]
    return voice.say("rate_several", per=r.rates[0].per, source=r.asked, lines=voice.lines(lines))


def _subject(voice: Voice, subcategory: str | None) -> str:
    slug = "_".join((subcategory or "other").casefold().replace("ó", "o").replace("ñ", "n").split())
    try:
        return voice.say(f"subject_{slug}")
    except KeyError:
        return subcategory or voice.say("subject_other")


def _complaint_status(voice: Voice, status: str) -> str:
    try:
        return voice.say("complaint_status_" + "_".join(status.casefold().split()))
    except KeyError:
        return voice.word(status)


def _complaints(voice: Voice, r: ComplaintsResult) -> str:
    if r.status == "none":
        return voice.say("no_complaints")
    lines = [
        voice.say(
            "complaint_line",
            date=voice.date(c.created),
            subject=capitalized(_subject(voice, c.subcategory)),
            status=_complaint_status(voice, c.status),
            amount=" " + voice.say("complaint_amount", amount=voice.money(c.claimed_amount, c.currency))
            if c.claimed_amount and c.currency
            else "",
            resolved=voice.say("complaint_resolved", date=voice.date(c.resolved)) if c.resolved else "",
        )
        for c in r.latest
    ]
    return voice.say(
        "complaints",
        count=r.count,
        cases=counted(voice, r.count, "case_one", "case_many"),
        open=r.open,
        open_word=counted(voice, r.open, "open_one", "open_many"),
        stale=" " + voice.say("stale_open", count=r.stale_open, days=r.stale_after_days) if r.stale_open else "",
        lines=voice.lines(lines),
    )


WRITERS: dict[type[LookupResult], Callable[[Voice, Any], str]] = {
    SpendingResult: _spending,
    LargestPurchaseResult: _largest,
    ComparisonResult: _comparison,
    MovementsResult: _movements,
    ExchangeRateResult: _rate,
    ComplaintsResult: _complaints,
}


def answer(outcomes: list[ToolOutcome[Result]], voice: Voice) -> str:
    """The last lookup of the turn answers; earlier ones were steps towards it."""
    last = outcomes[-1].result
    if isinstance(last, SqlRefusal | SqlAnswer):
        return rows_answer(voice, last)
    if isinstance(last, SchemaCatalog):
        return voice.say("schema")
    if not isinstance(last, LookupResult):
        return voice.say("unavailable")  # a failed lookup or a refusal: never a "no"
    asked_too = [_typed(voice, o.result) for o in outcomes[:-1] if o.also and isinstance(o.result, LookupResult)]
    return "\n\n".join([*asked_too, _typed(voice, last)])


def _typed(voice: Voice, result: LookupResult) -> str:
    if result.status == "unavailable":
        return voice.say("unavailable")
    if result.status == "unknown_period":
        return voice.say("unknown_period")
    return WRITERS[type(result)](voice, result)


__all__ = ["act", "answer"]
