"""Confirmation cards and receipts of money movement, written by code in the customer's language."""

from datetime import datetime
from decimal import Decimal
from typing import Any

from quipu.domain.locale import local_moment, locale_of
from quipu.domain.money import format_money
from quipu.domain.texts import by_language, transfers
from quipu.domain.vocabulary import MORTGAGE, PERSONAL_LOAN
from quipu.domain.words import word

KIND: dict[str, dict[str, str]] = by_language(transfers.KIND)
TEXT: dict[str, dict[str, str]] = by_language(transfers.TRANSFERS)


def lang(language: str | None) -> str:
    return language if language is not None and language in TEXT else "es"


MASCULINE = (PERSONAL_LOAN, MORTGAGE)  # "préstamo personal terminado en 7096", where the others are feminine


def account_label(product_type: str, last4: str | None, language: str) -> str:
    """The customer's word for the product, in their language ("tu cuenta de ahorro", never the records' value)."""
    key = "account_masculine" if product_type in MASCULINE else "account"
    return TEXT[lang(language)][key].format(kind=word(product_type, lang(language)), last4=last4 or "—")


def bill_label(biller: str, reference: str, language: str) -> str:
    return TEXT[lang(language)]["bill"].format(biller=biller, reference=reference)


def ending_a_sentence(name: str) -> str:
    """A name the text ends a sentence with: "Sofía H." keeps one period, not two."""
    return name[:-1] if name.endswith(".") else name


def card_text(summary: dict[str, Any], language: str, *, waiting: bool = True) -> str:
    """The confirmation card; amounts in the customer's country convention (`15.050,00 COP`). Only a card that
    still waits for the button says how to confirm it and when it expires."""
    t, k = TEXT[lang(language)], KIND[lang(language)]
    amount = format_money(Decimal(summary["amount"]), summary["currency"], summary.get("place") or lang(language))
    text = t["card"].format(
        kind=k[summary["kind"]],
        amount=amount,
        origin=summary["origin"],
        destination=ending_a_sentence(summary["destination"]),
    )
    return f"{text} {waiting_text(language)}" if waiting else text


def waiting_text(language: str) -> str:
    """How to confirm a card and when it expires: said only while it waits for the button."""
    return TEXT[lang(language)]["card_waiting"]


def receipt(
    summary: dict[str, Any], *, reference: str, when: datetime, balance: Decimal, language: str
) -> tuple[str, str]:
    """The receipt: what moved, its reference, and when, on the customer's clock (never UTC)."""
    t, k = TEXT[lang(language)], KIND[lang(language)]
    amount = format_money(Decimal(summary["amount"]), summary["currency"], summary.get("place") or lang(language))
    subject = t["receipt_subject"].format(kind=k[summary["kind"]].lower(), reference=reference)
    body = t["receipt_body"].format(
        kind=k[summary["kind"]],
        amount=amount,
        origin=summary["origin"],
        destination=ending_a_sentence(summary["destination"]),
        reference=reference,
        when=local_moment(when, locale_of(summary.get("place"), lang(language))),
        balance=format_money(balance, summary["currency"], summary.get("place") or lang(language)),
    )
    return subject, body


REFUSED: dict[str, dict[str, str]] = by_language(transfers.REFUSED)
SETTLED: dict[str, dict[str, str]] = by_language(transfers.SETTLED)


def refusal_reason(reason: str | None, language: str) -> str:
    """Why a transfer was refused, in the customer's words; a reason without a sentence of its own is said as
    not meeting the transfer rules."""
    said = REFUSED[lang(language)]
    return said.get(reason or "", said["other"])


def settled_text(status: str, reason: str | None, language: str) -> str | None:
    """What a settled card says when the money did not move: why it was refused, that it expired, or that the
    customer cancelled it; nothing for a status that says no more."""
    said = SETTLED[lang(language)].get(status)
    if said is None:
        return None
    return said.format(reason=refusal_reason(reason, language)) if status == "blocked" else said
