"""Movements, spending, complaints, rates and guarded SQL rows, written by code from the results."""

from decimal import Decimal

from quipu.skills.answering import ToolOutcome, Voice

ASKABLE = ()


def _movements(voice: Voice, o: ToolOutcome) -> str:
    days = o.arguments.get("days", 30)
    rows = o.result.get("movements", [])
    if not rows:
        return voice.say("no_movements", days=days)
    lines = [
        voice.say(
            "movement",
            date=voice.date(m["transaction_date"]) if m.get("transaction_date") else "—",
            kind=voice.word(m.get("transaction_type")),
            merchant=m.get("merchant_name", ""),
            amount=voice.money(m["amount"], m["currency"]),
            status=voice.word(m.get("status")),
        )
        for m in rows
    ]
    return voice.say("movements", days=days, lines=voice.lines(lines))


def _spending(voice: Voice, o: ToolOutcome) -> str:
    days = o.arguments.get("days", 30)
    blocks = o.result.get("by_currency", {})
    totals = [voice.money(b["spend"], c) for c, b in blocks.items() if Decimal(b.get("spend", "0")) > 0]
    return voice.say("spending", days=days, totals=voice.listing(totals)) if totals else voice.say("no_spending", days=days)


def _complaints(voice: Voice, o: ToolOutcome) -> str:
    r = o.result
    return voice.say("complaints", count=r.get("count", 0), open=r.get("open", 0) + r.get("stale_open", 0))


def _rate(voice: Voice, o: ToolOutcome) -> str:
    r = o.result
    if not r.get("found"):
        return voice.say("no_rate", source=r.get("source", ""), target=r.get("target", ""))
    rate = Decimal(str(r["rate"]))
    return voice.say("rate", date=voice.date(r["date"]), source=r["source"], target=r["target"], rate=rate.normalize())


def _rows(voice: Voice, o: ToolOutcome) -> str:
    rows = o.result.get("rows")
    if rows is None:
        return voice.say("refused")
    if not rows:
        return voice.say("no_rows")
    columns = o.result.get("columns") or []
    lines = [", ".join(f"{c}: {v}" for c, v in zip(columns, row, strict=False)) for row in rows[:20]]
    return voice.say("rows", lines=voice.lines(lines))


ANSWERS = {
    "get_movements": _movements,
    "get_spending_summary": _spending,
    "get_complaints": _complaints,
    "get_exchange_rate": _rate,
    "run_sql": _rows,
}


def answer(outcomes: list[ToolOutcome], voice: Voice) -> str:
    last = outcomes[-1]
    if last.result.get("error") or last.tool not in ANSWERS:
        return voice.say("unavailable")
    return ANSWERS[last.tool](voice, last)
