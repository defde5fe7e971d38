"""Every sentence about an action, written by code from the stored action, in Spanish and Portuguese."""

from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from quipu.domain import records_text
from quipu.domain.contact import mask_email
from quipu.domain.locale import local_day, local_moment, locale_of
from quipu.domain.money import format_money
from quipu.domain.texts import action_reasons, actions, by_language

PROPOSED: dict[str, dict[str, str]] = by_language(actions.PROPOSED)
DONE: dict[str, dict[str, str]] = by_language(actions.DONE)
WORDS: dict[str, dict[str, str]] = by_language(actions.ACTION_WORDS)
REASONS: dict[str, dict[str, str]] = by_language(action_reasons.REASONS)
STATES: dict[str, dict[str, str]] = by_language(actions.STATES)
HEADLINES: dict[str, dict[str, str]] = by_language(actions.HEADLINES)
TONES = {
    "verified": "ok",
    "awaiting_confirmation": "info",
    "confirmed": "info",
    "executing": "info",
    "refused": "warn",
    "escalated": "info",
    "failed": "error",
    "cancelled": "info",
    "expired": "info",
    "skipped": "warn",
}
UNKNOWN_ACTION = actions.UNKNOWN_ACTION
# The names of what the bank never automates, and of a request code does not know: never the model's words.
REQUEST_NAMES: dict[str, dict[str, str]] = by_language(action_reasons.REQUEST_NAMES)


def language_of(language: str | None) -> str:
    return language if language is not None and language in PROPOSED else "es"


def fill(template: str, values: dict[str, Any]) -> str:
    """A template filled only with what code computed; a missing value reads as a dash, never invented."""

    class Safe(dict[str, Any]):
        def __missing__(self, key: str) -> str:
            return "—"

    return template.format_map(Safe(values))


def describe(action: str, params: dict[str, Any], facts_view: dict[str, Any], language: str) -> str:
    lang = language_of(language)
    template = PROPOSED[lang].get(action)
    if template is None:
        names = REQUEST_NAMES[lang]
        return fill(UNKNOWN_ACTION[lang], {"action": names.get(action, names["unknown"])})
    return fill(template, _values(params, facts_view, lang))


def done(action: str, params: dict[str, Any], facts_view: dict[str, Any], result: dict[str, Any], language: str) -> str:
    lang = language_of(language)
    return fill(DONE[lang][action], {**_values(params, facts_view, lang), **result})


def headline(
    action: str, params: dict[str, Any], facts_view: dict[str, Any], result: dict[str, Any], language: str
) -> str:
    """What happened, in a few words: the subject of the receipt in Mensajes ("Tarjeta terminada en 4100
    bloqueada"), never only its state."""
    lang = language_of(language)
    template = HEADLINES[lang].get(action)
    return fill(template, {**_values(params, facts_view, lang), **result}) if template else state_text("verified", lang)


def _values(params: dict[str, Any], facts_view: dict[str, Any], lang: str) -> dict[str, Any]:
    words = WORDS[lang]
    values = dict(facts_view)
    place = facts_view.get("place") or lang  # the customer's country when the facts carry it: their convention
    if "merchant" in facts_view:  # the merchant's own text, never the bank's words
        values["merchant"] = records_text.quoted(records_text.merchant(facts_view["merchant"]))
    if "amount" in facts_view and "currency" in facts_view:
        values["amount"] = format_money(Decimal(str(facts_view["amount"])), facts_view["currency"], place)
    if facts_view.get("at") or facts_view.get("date"):
        values["date"] = charge_when(facts_view, lang)
    if "email" in facts_view:
        values["email"] = mask_email(facts_view["email"])
    if params.get("topic"):
        values["topic"] = words.get(str(params["topic"]), "—")
    if params.get("kind"):
        values["kind"] = words.get(str(params["kind"]), "—")
        above, sized = _amount(params.get("above")), words.get(f"{params['kind']}_above")
        if above is not None and sized and params.get("currency"):  # "compras mayores a 50.00 USD"
            values["kind"] = sized.format(above=format_money(above, str(params["currency"]), place))
        values["switch"] = words["on" if params.get("enabled", True) else "off"]
        values["state"] = words["enabled" if params.get("enabled", True) else "disabled"]
    if params.get("window"):
        values["window"] = words.get(str(params["window"]), "—")
    return values


def _amount(said: Any) -> Decimal | None:
    """An amount a proposal carries, as a number; what is not one (a refused proposal's text is still written) is
    none."""
    try:
        amount = Decimal(str(said)) if said is not None else None
    except InvalidOperation:
        return None
    return amount if amount is not None and amount.is_finite() else None


def reason_text(reason: str | None, language: str, facts_view: dict[str, Any] | None = None) -> str | None:
    """Why, in the customer's words; a reason about a dispute already open names it and since when."""
    lang = language_of(language)
    template = REASONS[lang].get(reason) if reason else None
    if template is None:
        return None
    found = (facts_view or {}).get("open_dispute") or {}
    values = {"reference": found.get("reference")} if found.get("reference") else {}
    if found.get("opened_at"):
        opened = datetime.fromisoformat(str(found["opened_at"]))
        values["since"] = local_moment(opened, locale_of((facts_view or {}).get("place"), lang))
    return fill(template, values)


def state_text(status: str, language: str) -> str:
    return STATES[language_of(language)][status]


def charge_when(facts_view: dict[str, Any], language: str) -> str:
    """The charge's date (and time, when the facts carry it) in words, on the customer's calendar; never ISO."""
    locale = locale_of(facts_view.get("place"), language)
    if facts_view.get("at"):
        return local_moment(datetime.fromisoformat(str(facts_view["at"])), locale)
    return local_day(date.fromisoformat(str(facts_view["date"])[:10]), locale)
