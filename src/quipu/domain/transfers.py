"""Money movement rules ("khipear"): which accounts may send, receive or be paid, and whether a transfer may
run. Pure; run when proposing and again, with the rows locked, when the customer confirms."""

import re
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from quipu.domain.reading.naming import names_account_in, names_product
from quipu.domain.vocabulary import (
    ACCOUNT_TYPES,
    DEBT_TYPES,
)

PROPOSAL_TTL = timedelta(minutes=5)
KINDS = ("own_accounts", "pay_debt", "third_party", "pay_service")
RESPONSE_CODES = {
    "invalid_amount": "13",
    "origin_unavailable": "57",
    "same_account": "14",
    "own_account": "14",
    "destination_unavailable": "14",
    "nothing_to_pay": "14",
    "currency_mismatch": "57",
    "insufficient_funds": "51",
    "over_debt": "13",
    "limit_unknown": "96",
    "over_operation_limit": "61",
    "over_daily_limit": "61",
    "recipient_not_found": "14",
    "no_other_account": "14",
    "no_source_account": "57",
    "already_paid": "94",
}


@dataclass(frozen=True)
class Limits:
    per_operation_usd: Decimal = Decimal("1000")
    per_day_usd: Decimal = Decimal("3000")


@dataclass(frozen=True)
class Account:
    product_id: str
    customer_id: str
    product_type: str
    last4: str | None
    currency: str
    balance: Decimal | None
    status: str
    account_number: str | None = None
    customer_status: str = "Active"


@dataclass(frozen=True)
class Transfer:
    kind: str
    amount: Decimal
    origin: Account | None
    destination: Account | None
    customer_id: str


@dataclass(frozen=True)
class Blocked:
    reason: str

    @property
    def response_code(self) -> str:
        return RESPONSE_CODES[self.reason]


def said_type(product_type: str, said: str | None) -> bool:
    return names_product(product_type, said)


SAID_ENDING = r"(?i:\b(?:termin|acab|final)\w*)"  # the words of an ending, in both languages


def said_last4(last4: str | None, said: str | None) -> bool:
    """The ending stands in the customer's words, alone ("la 0033") or ending a whole account number they wrote
    ("de mi cuenta 4000000033"); never inside a longer number ("10033") nor taken from an amount."""
    if not (last4 and said):
        return False
    alone = re.search(rf"(?<!\d){re.escape(last4)}(?!\d)", said)
    ending = re.search(rf"(?<!\d)\d{{6,}}{re.escape(last4)}(?!\d)", said)
    # "la que acaba en 22": its last digits, right after a word of ending (the reading took them only when they end
    # exactly one of the customer's own products)
    short = any(re.search(rf"{SAID_ENDING}\s+(?:en\s+|em\s+)?{re.escape(last4[-n:])}(?!\d)", said) for n in (2, 3))
    return bool(alone or ending or short)


def heard(said: str | None, *, last4: str | None, product_type: str | None) -> tuple[str | None, str | None]:
    """Only what the customer said survives: a last4 or type the model added on its own is dropped."""
    return (
        last4 if said_last4(last4, said) else None,
        product_type if product_type and said_type(product_type, said) else None,
    )


def said_token(value: str | None, said: str | None) -> bool:
    """The value stands whole in the customer's words: `4000000033` is not inside `14000000033`."""
    return bool(value and said and re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", said, re.IGNORECASE))


def heard_currency(said: str | None, currency: str | None) -> str | None:
    """An account named by its currency only when the customer's words name it so: never the model's own guess."""
    return currency if currency and names_account_in(currency, said) else None


def matching(
    accounts: list[Account], *, last4: str | None, product_type: str | None, currency: str | None = None
) -> list[Account]:
    return [
        a
        for a in accounts
        if (last4 is None or a.last4 == last4)
        and (product_type is None or a.product_type == product_type)
        and (currency is None or a.currency == currency)
    ]


def can_send(account: Account) -> bool:
    return account.product_type in ACCOUNT_TYPES and account.status == "Active" and account.balance is not None


def can_receive(account: Account) -> bool:
    return account.product_type in ACCOUNT_TYPES and account.status == "Active"


def owes(account: Account) -> bool:
    return account.product_type in DEBT_TYPES and account.status != "Closed" and (account.balance or 0) > 0


def valid_amount(amount: Decimal) -> bool:
    return amount > 0 and amount == amount.quantize(Decimal("0.01"))


def check(
    t: Transfer, *, usd_rate: Decimal | None = None, sent_today_usd: Decimal = Decimal("0"), limits: Limits = Limits()
) -> Blocked | None:
    """Every rule of a transfer, in order; None when it may run."""
    origin, destination = t.origin, t.destination
    if not valid_amount(t.amount):
        return Blocked("invalid_amount")
    # the owner is re-checked on the locked row at confirm
    if (
        origin is None
        or origin.customer_id != t.customer_id
        or not can_send(origin)
        or origin.customer_status != "Active"
    ):
        return Blocked("origin_unavailable")
    if destination is None:
        return Blocked("destination_unavailable")
    if origin.product_id == destination.product_id:
        return Blocked("same_account")
    mine = destination.customer_id == t.customer_id
    if t.kind == "third_party" and mine:
        return Blocked("own_account")
    if t.kind != "third_party" and not mine:
        return Blocked("destination_unavailable")
    if t.kind == "pay_debt":
        if not owes(destination):
            return Blocked("nothing_to_pay")
    elif not can_receive(destination) or (t.kind == "third_party" and destination.customer_status != "Active"):
        return Blocked("destination_unavailable")
    if origin.currency != destination.currency:
        return Blocked("currency_mismatch")
    if origin.balance is None or t.amount > origin.balance:  # can_send holds a balance; this tells mypy
        return Blocked("insufficient_funds")
    if t.kind == "pay_debt" and t.amount > (destination.balance or Decimal("0")):
        return Blocked("over_debt")
    if t.kind == "third_party":
        return _limits(t.amount, usd_rate, sent_today_usd, limits)
    return None


def _limits(amount: Decimal, usd_rate: Decimal | None, sent_today_usd: Decimal, limits: Limits) -> Blocked | None:
    if usd_rate is None:
        return Blocked("limit_unknown")
    usd = amount * usd_rate
    if usd > limits.per_operation_usd:
        return Blocked("over_operation_limit")
    if sent_today_usd + usd > limits.per_day_usd:
        return Blocked("over_daily_limit")
    return None


def recipient_name(first_name: str | None, last_name: str | None) -> str:
    """The sender sees the recipient's first name and last initial only."""
    initial = f" {last_name.strip()[0]}." if last_name and last_name.strip() else ""
    return f"{(first_name or '').strip()}{initial}".strip() or "—"


@dataclass(frozen=True)
class Bill:
    bill_id: str
    customer_id: str
    biller_id: str
    biller_name: str
    category: str
    reference: str
    amount: Decimal
    currency: str
    due_date: date
    status: str


def check_bill(amount: Decimal, origin: Account | None, bill: Bill | None, customer_id: str) -> Blocked | None:
    """A service bill is paid whole, from an own active account in its currency."""
    if bill is None or bill.customer_id != customer_id:
        return Blocked("destination_unavailable")
    if bill.status == "paid":
        return Blocked("already_paid")
    if not valid_amount(amount) or amount != bill.amount:
        return Blocked("invalid_amount")
    if origin is None or origin.customer_id != customer_id or not can_send(origin):
        return Blocked("origin_unavailable")
    if origin.currency != bill.currency:
        return Blocked("currency_mismatch")
    if origin.balance is None or amount > origin.balance:
        return Blocked("insufficient_funds")
    return None
