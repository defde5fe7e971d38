"""The investigation's hooks: the bank reads its own records before asking anything, from what the reading
found in the customer's words (the merchant among their own, an amount one of their charges has, how far back),
and answers from the findings by code."""

from quipu.application.disputes import DisputeLine, DisputeStatus
from quipu.application.investigation_results import (
    ChargeLine,
    ChargeNotFound,
    ChargeSearch,
    CheckedCharge,
    DisputeRef,
    Duplicate,
    FindingView,
    ForeignPurchase,
    ListedCharge,
    OwnAppSession,
    PossibleFraud,
    Report,
)
from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.voice import Voice
from quipu.skills.charge_investigation.charges_asked import act


def _charge(voice: Voice, c: ChargeLine) -> str:
    return voice.say(
        "charge", merchant=voice.merchant(c.merchant), amount=voice.money(c.amount, c.currency), date=voice.date(c.date)
    )


def _options(voice: Voice, charges: list[CheckedCharge] | list[ListedCharge]) -> str:
    return voice.lines(
        [voice.say("option", label=c.label, charge=_charge(voice, c), status=voice.word(c.status)) for c in charges]
    )


def _finding(voice: Voice, c: CheckedCharge, f: FindingView) -> str | None:
    if isinstance(f, Duplicate):
        return voice.say(
            "duplicate",
            merchant=voice.merchant(c.merchant),
            amount=voice.money(c.amount, c.currency),
            seconds=f.seconds_apart,
            date=voice.date(c.date),
        )
    if isinstance(f, ForeignPurchase):
        place = _place(voice, f)
        text = voice.say(
            f.kind, charge=_charge(voice, c), place=voice.say("foreign_place", place=place) if place else ""
        )
        if f.amount_usd is not None:
            text += voice.say("foreign_usd", usd=voice.money(f.amount_usd, "USD"), rate_date=voice.date(f.rate_date))
        return text
    if isinstance(f, OwnAppSession):
        place = _place(voice, f)
        return voice.say(
            f.kind,
            charge=_charge(voice, c),
            platform=voice.say("platform", platform=f.platform) if f.platform else "",
            place=voice.say("foreign_place", place=place) if place else "",
        )
    return voice.say(f.kind, charge=_charge(voice, c))  # pending, reversed, possible fraud


def _place(voice: Voice, f: ForeignPurchase | OwnAppSession) -> str:
    """Where a card was used: the city is the records' text (the merchant's side), the country code's word."""
    return ", ".join(p for p in (voice.city(f.city) if f.city else "", f.country) if p)


def _flagged_as_fraud(c: CheckedCharge) -> bool:
    return any(isinstance(f, PossibleFraud) for f in c.findings)


def _fraud(voice: Voice, charges: list[CheckedCharge]) -> str:
    flagged = [c for c in charges if _flagged_as_fraud(c)]
    same = {(c.merchant, c.amount, c.currency) for c in flagged}
    if len(flagged) > 1 and len(same) == 1:
        c = flagged[0]
        text = voice.say(
            "possible_fraud_many",
            count=len(flagged),
            merchant=voice.merchant(c.merchant),
            amount=voice.money(c.amount, c.currency),
        )
    else:
        text = " ".join(voice.say("possible_fraud", charge=_charge(voice, c)) for c in flagged)
    return f"{text} {voice.say('next_fraud')}"


def _findings(voice: Voice, charges: list[CheckedCharge]) -> list[str]:
    said: list[str] = []
    seen_pairs: set[frozenset[str]] = set()
    for c in charges:
        for f in c.findings:
            if isinstance(f, Duplicate):
                pair = frozenset((c.label, f.other))
                if pair in seen_pairs or f.other in {x for p in seen_pairs for x in p}:
                    continue
                seen_pairs.add(pair)
            sentence = _finding(voice, c, f)
            if sentence:
                said.append(sentence)
    return said


def _merchant_asked(voice: Voice, arguments: dict[str, object]) -> str:
    return voice.say("merchant_of", merchant=voice.merchant(arguments["merchant"])) if arguments.get("merchant") else ""


def _investigation(voice: Voice, result: Report, arguments: dict[str, object]) -> str:
    charges = result.charges
    if not charges:
        days = result.days if result.days is not None else arguments.get("days", 30)
        return voice.say("none", merchant=_merchant_asked(voice, arguments), window=_window(voice, days))
    if any(_flagged_as_fraud(c) for c in charges):
        return _fraud(voice, charges)
    found_something = any(c.findings for c in charges)
    if (result.ask or result.more_matches) and not found_something:
        more = voice.say("more_than_shown") if result.more_matches else ""
        return voice.say("several", options=_options(voice, charges), more=more)
    charges = [c for c in charges if c.findings] or charges  # what the records flag is the answer
    missing = result.unavailable
    plain = "checked" if missing else "nothing_found"  # a check that did not run is never reported as a "no"
    said = _findings(voice, charges) or [
        voice.say(plain, charge=_charge(voice, c), status=voice.word(c.status)) for c in charges
    ]
    if missing:
        said.append(voice.say("partly_unavailable", checks=voice.listing([voice.say(f"check_{m}") for m in missing])))
    disputed = [c.open_dispute for c in charges if c.open_dispute]
    said += [_already_disputed(voice, d) for d in {d.reference: d for d in disputed}.values()]
    if any(isinstance(f, Duplicate) for c in charges for f in c.findings):
        said.append(voice.say("next_duplicate_disputed" if disputed else "next_duplicate"))
    return " ".join(said)


def _already_disputed(voice: Voice, dispute: DisputeRef) -> str:
    """A charge the customer already disputed: the bank names that dispute instead of offering another."""
    return voice.say(
        "already_disputed",
        reference=dispute.reference,
        since=voice.moment(dispute.opened_local or dispute.opened_at),
        status=voice.say(f"dispute_{dispute.status}"),
        promised=voice.moment(dispute.promised_local or dispute.promised_by),
    )


def _disputes(voice: Voice, result: DisputeStatus) -> str:
    """'¿Cómo va mi aclaración?': each dispute with its reference, status, since when and the promised time."""
    if not result.disputes:
        about = ""
        if result.asked_reference:
            about = voice.say("disputes_about_reference", reference=result.asked_reference)
        elif result.asked_merchant:
            about = voice.say("disputes_about_merchant", merchant=voice.merchant(result.asked_merchant))
        return voice.say("disputes_none", about=about)
    lines = [_dispute(voice, d) for d in result.disputes]
    return lines[0] if len(lines) == 1 else voice.say("disputes_many", count=len(lines), lines=voice.lines(lines))


def _dispute(voice: Voice, d: DisputeLine) -> str:
    charge = voice.say("dispute_charge_unknown")
    if d.amount is not None and d.currency:
        when = voice.date(d.charge_at) if d.charge_at else "—"
        amount = voice.money(d.amount, d.currency)
        charge = voice.say("dispute_charge", merchant=voice.merchant(d.merchant), amount=amount, date=when)
    promise = ""
    if d.open:
        key = "dispute_overdue" if d.overdue else "dispute_promise"
        promise = voice.say(key, promised=voice.moment(d.promised_local or d.promised_by))
    return voice.say(
        "dispute_line",
        reference=d.reference,
        charge=charge,
        status=voice.say(f"dispute_{d.status}"),
        opened=voice.moment(d.opened_local or d.opened_at),
        promise=promise,
    )


def _search(voice: Voice, result: ChargeSearch, arguments: dict[str, object]) -> str:
    merchant, window = _merchant_asked(voice, arguments), _window(voice, result.days)
    if not result.charges:
        return voice.say("none", merchant=merchant, window=window)
    return voice.say("search_found", merchant=merchant, window=window, options=_options(voice, result.charges))


def answer(outcomes: list[ToolOutcome[Result]], voice: Voice) -> str:
    last = outcomes[-1]
    result = last.result
    if isinstance(result, ChargeSearch):
        return _search(voice, result, last.arguments)
    if isinstance(result, DisputeStatus):
        return _disputes(voice, result)
    if isinstance(result, ChargeNotFound):
        return voice.say("none", merchant="", window=_window(voice, last.arguments.get("days", 90)))
    if isinstance(result, Report):
        return _investigation(voice, result, last.arguments)
    return voice.say("unavailable")  # a failed lookup or a refusal: never a "no"


def _window(voice: Voice, days: object) -> str:
    """How far back code looked, in words: "the last day" reads better than "the last 1 days"."""
    return voice.say("window_one" if str(days) == "1" else "window_many", days=days)


__all__ = ["act", "answer"]
