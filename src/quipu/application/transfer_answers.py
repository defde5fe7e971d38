"""What the transfers use case answers when it cannot propose yet: the options to pick from, the question
code asks (in the customer's language), and a refusal with its response code."""

from collections.abc import Sequence
from decimal import Decimal

from quipu.application.transfer_results import (
    AccountOption,
    BillOption,
    Clarification,
    DebtOption,
    Missing,
    Refusal,
)
from quipu.domain.money import AmountReading, format_money, money_said, read_amount
from quipu.domain.texts.transfers import ASK
from quipu.domain.transfers import Account, Blocked


def account_option(a: Account) -> AccountOption:
    return AccountOption(product_type=a.product_type, last4=a.last4, currency=a.currency, balance=a.balance)


def debt_option(a: Account) -> DebtOption:
    return DebtOption(product_type=a.product_type, last4=a.last4, currency=a.currency, debt=a.balance)


def option(a: Account, *, debt: bool = False) -> AccountOption | DebtOption:
    return debt_option(a) if debt else account_option(a)


def _ask(key: str, language: str) -> str:
    return ASK[key].get(language, ASK[key]["es"])


def clarify(
    missing: Missing, options: Sequence[AccountOption | DebtOption | BillOption], language: str
) -> Clarification:
    return Clarification(missing=missing, options=list(options), ask=_ask(missing, language))


def blocked(reason: str, detail: str | None = None) -> Refusal:
    code = Blocked(reason).response_code
    return Refusal(reason=reason, response_code=code, detail=detail or reason.replace("_", " "))


def heard_amount(value: object, said: str | None, place: str | None) -> Decimal | AmountReading | None:
    """The amount in the customer's convention, and only one they wrote themselves (`150,50` is 150.50 in
    Colombia, never 15,050). An ambiguous form comes back as its readings, for code to ask which; None when
    the model's amount is not a number or not in the customer's words."""
    reading = read_amount(str(value), place)
    if reading is None:
        return None
    if said is None:  # an outside MCP client passes the amount itself: no words to check against
        return reading if reading.ambiguous else reading.values[0]
    for written in money_said(said, place):  # a card ending or a date is never the amount said
        if set(written.values) & set(reading.values):
            return written if written.ambiguous else next(v for v in written.values if v in reading.values)
    return None


def ambiguous_amount(reading: AmountReading, currency: str, place: str | None, language: str) -> Clarification:
    first, second = (format_money(v, currency, place or language) for v in reading.values)
    return Clarification(missing="amount", options=[], ask=_ask("which_amount", language).format(a=first, b=second))
