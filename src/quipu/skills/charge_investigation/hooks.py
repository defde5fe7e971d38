"""The investigation's hooks: the bank reads its own records before asking anything, follows a search with
an investigation, and answers from the findings by code."""

import re
from decimal import Decimal
from difflib import SequenceMatcher

from quipu.domain.evidence import fold
from quipu.domain.lookup_words import MERCHANTS
from quipu.domain.money import amounts_said, spelled_out
from quipu.domain.signals import Signal
from quipu.skills.answering import SkillTurn, ToolOutcome, Voice

ASKABLE = ("charge",)
NARROWED = re.compile(r"\d(?!\d*\s*(?:ve[cz]es|x\b))|\b(ayer|anteayer|antier|hoy|ontem|anteontem|hoje|semana|lunes|martes|miercoles|jueves|"
                      r"viernes|sabado|domingo|segunda|terca|quarta|quinta|sexta)\b")
MATCH_DAYS = 90
# an amount as customers write one ("312.40", "$500", "42 mil", "1500 pesos"), not a day ("el 16")
AMOUNT_WRITTEN = re.compile(r"\$\s*\d|\d[.,]\d{2}\b|\d\s*(mil|k|pesos|reais|dolares|usd|mxn|cop|ars)\b|\d{3,}")
MONTH_WORD = re.compile(r"\b(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|"
                        r"janeiro|fevereiro|marco|maio|junho|julho|setembro|outubro|novembro|dezembro)\b")
ORDINAL = re.compile(r"#|\b(primer[oa]?|segund[oa]|tercer[oa]?|terceir[oa]|ultim[oa]|penultim[oa])\b")  # a charge by its place in a list


def _compact(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", fold(text))


def _close(word: str, name: str) -> bool:
    """A typo or a spelling of the customer's ("mercadolivre", "liverpol") still names the merchant."""
    if len(name) < 5:
        return False
    matcher = SequenceMatcher(None, word, name)  # the cheap upper bounds first: most words are far from any name
    return matcher.real_quick_ratio() >= 0.85 and matcher.quick_ratio() >= 0.85 and matcher.ratio() >= 0.85


def _merchant_named(text: str, merchants: set[str]) -> str | None:
    said = text.casefold()
    words = [_compact(w) for w in said.split()]
    pairs = [a + b for a, b in zip(words, words[1:], strict=False)]
    for merchant in sorted(merchants, key=len, reverse=True):
        whole, first_word = _compact(merchant), _compact(merchant.split()[0])
        if merchant.casefold() in said or merchant.split()[0].casefold() in re.findall(r"\w+", said) or whole in _compact(said):
            return merchant
        if any(_close(w, whole) or _close(w, first_word) for w in words + pairs):
            return merchant
    return None


def says_an_amount(text: str) -> bool:
    """The words name a charge by its amount ("el de 42 mil", "un cargo de $312.40") and by no day or month."""
    said = fold(text)
    days = NARROWED.sub(lambda m: "" if m.group(0)[:1].isdigit() else "<day>", said)
    return bool(AMOUNT_WRITTEN.search(said)) and "<day>" not in days and not MONTH_WORD.search(said)


def plain(turn: SkillTurn) -> bool:
    """A new question about charges that names no day (not a follow-up about one already shown), or a charge
    named by its amount: code searches and investigates, no model step. A day is the model's to read."""
    latest = fold(turn.latest)
    if says_an_amount(latest) and not ORDINAL.search(latest):
        return True
    if turn.said != turn.text:  # a follow-up: plain when it names a merchant ("el de Rappi"), code finds it,
        if NARROWED.search(latest) or ORDINAL.search(latest):  # or when it asks more of the merchant's charges
            return False  # just told ("¿a qué hora?")
        return bool(MERCHANTS.search(latest) or turn.earlier.get("merchant"))
    return not NARROWED.search(fold(turn.text))


def _amount_of_a_charge(text: str, charges: list[dict]) -> Decimal | None:
    """The amount the words name, when one of the customer's charges has it (any reading of `1.500`)."""
    if not says_an_amount(text):
        return None
    amounts = {Decimal(str(c["amount"])) for c in charges if c.get("amount") is not None}
    return next((v for reading in amounts_said(text) for v in reading.values if v in amounts), None)


async def first(turn: SkillTurn) -> list[ToolOutcome]:
    """When the model would ask first, code investigates the charges of the merchant named (or the newest)."""
    found = await turn.tools.call("search_transactions", {"days": MATCH_DAYS, "limit": 20})
    charges = found.result.get("charges", [])
    merchants = {c["merchant"] for c in charges if c.get("merchant")}
    amount = _amount_of_a_charge(turn.latest, charges)
    # the merchant said last wins ("¿y el de Uber?" after Éxito); a charge named by its amount keeps only a
    # merchant said with it
    named = _merchant_named(turn.latest, merchants) or (None if amount else _merchant_named(turn.text, merchants))
    arguments: dict = {"merchant": named, "days": MATCH_DAYS} if named else {}
    if amount is not None:
        arguments |= {"min_amount": str(amount), "max_amount": str(amount), "days": MATCH_DAYS}
    return [await turn.tools.call("investigate_charges", arguments)]


def _heard(arguments: dict, text: str) -> dict:
    """Only what the customer said narrows the search: a merchant or amount the model added is dropped."""
    said = text.casefold()
    kept = dict(arguments)
    merchant = str(kept.get("merchant") or "")
    if merchant and merchant.split()[0].casefold() not in said:
        kept.pop("merchant")
    digits = re.sub(r"\D", "", spelled_out(said))
    for bound in ("min_amount", "max_amount"):
        value = str(kept.get(bound) or "")
        if value and value.split(".")[0] not in digits:
            kept.pop(bound)
    return kept


async def then(turn: SkillTurn, outcomes: list[ToolOutcome]) -> list[ToolOutcome]:
    """A narrowing the customer never said is undone; a search that found one charge is followed by its
    investigation."""
    last = outcomes[-1]
    heard = _heard(last.arguments, turn.text)
    if last.tool in ("investigate_charges", "search_transactions") and heard != last.arguments:
        return [await turn.tools.call(last.tool, heard)]
    charges = last.result.get("charges", [])
    if last.tool == "search_transactions" and len(charges) == 1 and charges[0].get("transaction_id"):
        return [await turn.tools.call("investigate_charge", {"transaction_id": charges[0]["transaction_id"]})]
    return []


def _charge(voice: Voice, c: dict) -> str:
    return voice.say(
        "charge", merchant=voice.merchant(c.get("merchant")), amount=voice.money(c["amount"], c["currency"]), date=voice.date(c["date"])
    )


def _options(voice: Voice, charges: list[dict]) -> str:
    return voice.lines(
        [voice.say("option", label=c["label"], charge=_charge(voice, c), status=voice.word(c.get("status"))) for c in charges]
    )


def _finding(voice: Voice, c: dict, f: dict) -> str | None:
    kind = f["kind"]
    if kind == Signal.DUPLICATE:
        return voice.say(
            "duplicate",
            merchant=voice.merchant(c.get("merchant")),
            amount=voice.money(c["amount"], c["currency"]),
            seconds=f["seconds_apart"],
            date=voice.date(c["date"]),
        )
    if kind == "foreign_purchase":
        place = _place(voice, f)
        text = voice.say(kind, charge=_charge(voice, c), place=voice.say("foreign_place", place=place) if place else "")
        if f.get("amount_usd"):
            text += voice.say("foreign_usd", usd=voice.money(f["amount_usd"], "USD"), rate_date=voice.date(f["rate_date"]))
        return text
    if kind == "own_app_session":
        place = _place(voice, f)
        return voice.say(
            kind,
            charge=_charge(voice, c),
            platform=voice.say("platform", platform=f["platform"]) if f.get("platform") else "",
            place=voice.say("foreign_place", place=place) if place else "",
        )
    if kind in (Signal.PENDING, Signal.REVERSED, Signal.POSSIBLE_FRAUD):
        return voice.say(kind, charge=_charge(voice, c))
    return None


def _place(voice: Voice, f: dict) -> str:
    """Where a card was used: the city is the records' text (the merchant's side), the country code's word."""
    return ", ".join(p for p in (voice.city(f["city"]) if f.get("city") else "", f.get("country")) if p)


def _fraud(voice: Voice, charges: list[dict]) -> str:
    flagged = [c for c in charges if any(f["kind"] == Signal.POSSIBLE_FRAUD for f in c.get("findings", []))]
    same = {(c.get("merchant"), c["amount"], c["currency"]) for c in flagged}
    if len(flagged) > 1 and len(same) == 1:
        c = flagged[0]
        text = voice.say(
            "possible_fraud_many", count=len(flagged), merchant=voice.merchant(c.get("merchant")), amount=voice.money(c["amount"], c["currency"])
        )
    else:
        text = " ".join(voice.say("possible_fraud", charge=_charge(voice, c)) for c in flagged)
    return f"{text} {voice.say('next_fraud')}"


def _findings(voice: Voice, charges: list[dict]) -> list[str]:
    said: list[str] = []
    seen_pairs: set[frozenset[str]] = set()
    for c in charges:
        for f in c.get("findings", []):
            if f["kind"] == Signal.DUPLICATE:
                pair = frozenset((c["label"], f.get("other", "")))
                if pair in seen_pairs or f.get("other") in {x for p in seen_pairs for x in p}:
                    continue
                seen_pairs.add(pair)
            sentence = _finding(voice, c, f)
            if sentence:
                said.append(sentence)
    return said


def _investigation(voice: Voice, outcome: ToolOutcome) -> str:
    result, arguments = outcome.result, outcome.arguments
    charges = result.get("charges", [])
    if not charges:
        merchant = voice.say("merchant_of", merchant=voice.merchant(arguments["merchant"])) if arguments.get("merchant") else ""
        return voice.say("none", merchant=merchant, window=_window(voice, result.get("days", arguments.get("days", 30))))
    if any(f["kind"] == Signal.POSSIBLE_FRAUD for c in charges for f in c.get("findings", [])):
        return _fraud(voice, charges)
    found_something = any(c.get("findings") for c in charges)
    if (result.get("ask") or result.get("more_matches")) and not found_something:
        more = voice.say("more_than_shown") if result.get("more_matches") else ""
        return voice.say("several", options=_options(voice, charges), more=more)
    charges = [c for c in charges if c.get("findings")] or charges  # what the records flag is the answer
    missing = result.get("unavailable") or []
    plain = "checked" if missing else "nothing_found"  # a check that did not run is never reported as a "no"
    said = _findings(voice, charges) or [
        voice.say(plain, charge=_charge(voice, c), status=voice.word(c.get("status"))) for c in charges
    ]
    if missing:
        said.append(voice.say("partly_unavailable", checks=voice.listing([voice.say(f"check_{m}") for m in missing])))
    if any(f["kind"] == "duplicate" for c in charges for f in c.get("findings", [])):
        said.append(voice.say("next_duplicate"))
    return " ".join(said)


def answer(outcomes: list[ToolOutcome], voice: Voice) -> str:
    last = outcomes[-1]
    if last.result.get("error"):
        return voice.say("unavailable")
    if last.tool == "search_transactions":
        charges = last.result.get("charges", [])
        merchant = voice.say("merchant_of", merchant=voice.merchant(last.arguments["merchant"])) if last.arguments.get("merchant") else ""
        days = last.result.get("days", last.arguments.get("days", 30))
        if not charges:
            return voice.say("none", merchant=merchant, window=_window(voice, days))
        return voice.say("search_found", merchant=merchant, window=_window(voice, days), options=_options(voice, charges))
    if last.tool == "investigate_charge" and not last.result.get("found", True):
        return voice.say("none", merchant="", window=_window(voice, last.arguments.get("days", 90)))
    return _investigation(voice, last)


def _window(voice: Voice, days: object) -> str:
    """How far back code looked, in words: "the last day" reads better than "the last 1 days"."""
    return voice.say("window_one" if str(days) == "1" else "window_many", days=days)
