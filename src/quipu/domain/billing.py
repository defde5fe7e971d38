"""The billing rule: statements, due dates and minimum payments of cards and loans, as of one day.

Deterministic: every "random" choice comes from a stable hash of the product id.
"""

import hashlib
import math
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

from quipu.domain.dataset import AS_OF
from quipu.domain.vocabulary import CREDIT_CARD, DEBT_TYPES, MINIMUM_PAYMENT_FLOOR, MORTGAGE, PERSONAL_LOAN

CENT = Decimal("0.01")
STATEMENT_DAYS_BEFORE_DUE = 20
INSTALLMENT_RANGE = {PERSONAL_LOAN: (6, 60), MORTGAGE: (60, 360)}


@dataclass(frozen=True)
class DebtProduct:
    product_id: str
    customer_id: str
    product_type: str
    currency: str
    balance: Decimal | None
    status: str
    days_past_due: int
    interest_rate: Decimal | None


@dataclass(frozen=True)
class Bill:
    product_id: str
    customer_id: str
    as_of: date
    statement_date: date
    due_date: date
    statement_balance: Decimal | None
    minimum_payment: Decimal
    past_due_amount: Decimal
    remaining_installments: int | None


def stable_fraction(key: str, salt: str) -> float:
    """A number in [0, 1) that depends only on key and salt."""
    digest = hashlib.md5(f"{salt}:{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def money(value: Decimal | float) -> Decimal:
    return Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_UP)


def bill_for(product: DebtProduct, as_of: date = AS_OF) -> Bill | None:
    """The bill of a card or loan that is not Closed and owes something; None otherwise."""
    if product.product_type not in DEBT_TYPES or product.status == "Closed":
        return None
    if product.balance is None or product.balance <= 0:
        return None
    if product.product_type == CREDIT_CARD:
        return _card_bill(product, as_of)
    return _loan_bill(product, as_of)


def due_date_for(product: DebtProduct, as_of: date) -> date:
    if product.days_past_due > 0:
        return as_of - timedelta(days=product.days_past_due)
    return as_of + timedelta(days=1 + int(stable_fraction(product.product_id, "due") * 20))


def periods_past_due(days_past_due: int) -> int:
    return math.ceil(days_past_due / 30)


def _card_bill(product: DebtProduct, as_of: date) -> Bill:
    balance = product.balance
    assert balance is not None  # bill_for bills only what owes something
    if product.days_past_due > 0:
        statement = balance
    else:
        statement = money(balance * Decimal(str(0.70 + 0.30 * stable_fraction(product.product_id, "stmt"))))
    base_minimum = max(money(statement * Decimal("0.05")), Decimal(MINIMUM_PAYMENT_FLOOR[product.currency]))
    past_due = min(base_minimum * periods_past_due(product.days_past_due), balance)
    minimum = min(base_minimum + past_due, statement)
    return _bill(product, as_of, statement, minimum, past_due, None)


def _loan_bill(product: DebtProduct, as_of: date) -> Bill:
    low, high = INSTALLMENT_RANGE[product.product_type]
    remaining = low + int(stable_fraction(product.product_id, "term") * (high - low + 1))
    balance = product.balance
    assert balance is not None  # bill_for bills only what owes something
    installment = level_installment(balance, product.interest_rate, remaining)
    past_due = min(installment * periods_past_due(product.days_past_due), balance)
    return _bill(product, as_of, None, installment, past_due, remaining)


def level_installment(balance: Decimal, annual_rate: Decimal | None, installments: int) -> Decimal:
    if not annual_rate:
        return money(balance / installments)
    monthly = float(annual_rate) / 1200
    return money(float(balance) * monthly / (1 - (1 + monthly) ** -installments))


def _bill(
    product: DebtProduct,
    as_of: date,
    statement: Decimal | None,
    minimum: Decimal,
    past_due: Decimal,
    remaining: int | None,
) -> Bill:
    due = due_date_for(product, as_of)
    return Bill(
        product_id=product.product_id,
        customer_id=product.customer_id,
        as_of=as_of,
        statement_date=due - timedelta(days=STATEMENT_DAYS_BEFORE_DUE),
        due_date=due,
        statement_balance=statement,
        minimum_payment=money(minimum),
        past_due_amount=money(past_due),
        remaining_installments=remaining,
    )
