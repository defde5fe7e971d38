"""Every sentence about an action, written by code from the stored action, in Spanish and Portuguese."""

from decimal import Decimal
from typing import Any

from quipu.domain import records_text
from quipu.domain.contact import mask_email
from quipu.domain.money import format_money
from quipu.domain.texts import action_reasons, actions, by_language

PROPOSED: dict[str, dict[str, str]] = by_language(actions.PROPOSED)
DONE: dict[str, dict[str, str]] = by_language(actions.DONE)
WORDS: dict[str, dict[str, str]] = by_language(actions.ACTION_WORDS)
REASONS: dict[str, dict[str, str]] = by_language(action_reasons.REASONS)
STATES: dict[str, dict[str, str]] = by_language(actions.STATES)
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


def _values(params: dict[str, Any], facts_view: dict[str, Any], lang: str) -> dict[str, Any]:
    words = WORDS[lang]
    values = dict(facts_view)
    if "merchant" in facts_view:  # the merchant's own text, never the bank's words
        values["merchant"] = records_text.quoted(records_text.merchant(facts_view["merchant"]))
    if "amount" in facts_view and "currency" in facts_view:
        values["amount"] = format_money(Decimal(str(facts_view["amount"])), facts_view["currency"], lang)
    if "email" in facts_view:
        values["email"] = mask_email(facts_view["email"])
    if params.get("topic"):
        values["topic"] = words.get(str(params["topic"]), "—")
    if params.get("kind"):
        values["kind"] = words.get(str(params["kind"]), "—")
        values["switch"] = words["on" if params.get("enabled", True) else "off"]
        values["state"] = words["enabled" if params.get("enabled", True) else "disabled"]
    if params.get("window"):
        values["window"] = words.get(str(params["window"]), "—")
    return values


def reason_text(reason: str | None, language: str) -> str | None:
    return REASONS[language_of(language)].get(reason) if reason else None


def state_text(status: str, language: str) -> str:
    return STATES[language_of(language)][status]
