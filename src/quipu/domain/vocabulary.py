"""Closed vocabularies of the bank's records, as they appear in the data, and the bounded argument types the
skills' tools accept (built from them, so a tool can never name a value the data does not hold)."""

from datetime import date
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field

SAVINGS, CHECKING = "Cuenta Ahorro", "Cuenta Corriente"
CREDIT_CARD, DEBIT_CARD = "Tarjeta Crédito", "Tarjeta Débito"
PERSONAL_LOAN, MORTGAGE = "Préstamo Personal", "Préstamo Hipotecario"
INVESTMENT, INSURANCE = "Inversión", "Seguro"

PRODUCT_TYPES = (SAVINGS, CHECKING, CREDIT_CARD, DEBIT_CARD, PERSONAL_LOAN, MORTGAGE, INVESTMENT, INSURANCE)
ACCOUNT_TYPES = (SAVINGS, CHECKING)
LOAN_TYPES = (PERSONAL_LOAN, MORTGAGE)
DEBT_TYPES = (CREDIT_CARD, *LOAN_TYPES)
CARD_TYPES = (CREDIT_CARD, DEBIT_CARD)
DEPOSIT_TYPES = (*ACCOUNT_TYPES, INVESTMENT)
TRANSFER_ACCOUNT_TYPES = (*ACCOUNT_TYPES, *DEBT_TYPES)  # what a transfer may leave from or arrive at

PRODUCT_STATUSES = ("Active", "Blocked", "Closed", "Suspended")
TRANSACTION_TYPES = ("Purchase", "Payment", "Transfer", "Deposit", "Withdrawal", "Adjustment")
CATEGORIES = ("Food", "Transport", "Services", "Entertainment", "Health", "Other")
CHANNELS = ("POS", "App", "Web", "ATM", "Branch", "Transfer")
TRANSACTION_STATUSES = ("Approved", "Declined", "Pending", "Reversed")
CURRENCIES = ("MXN", "COP", "ARS", "USD")
COUNTRIES = ("México", "Colombia", "Argentina", "Brazil")
SEGMENTS = ("Premium", "Plus", "Basic", "Student")
CUSTOMER_STATUSES = ("Active", "Inactive", "Suspended", "Closed")
LANGUAGES = ("es", "pt")

COMPLAINT_CASE_TYPES = ("Complaint", "Claim", "Request", "Suggestion")
COMPLAINT_CATEGORIES = ("Branch", "Fees", "Service", "Technical", "Transactions")
COMPLAINT_SUBCATEGORIES = (
    "Cargo no reconocido",
    "Cobro indebido",
    "Problema con app",
    "Atención en sucursal",
    "Calidad de servicio",
)
COMPLAINT_CHANNELS = ("App", "Branch", "Call Center", "Email", "Regulator", "Web")
COMPLAINT_PRIORITIES = ("Low", "Medium", "High", "Critical")
COMPLAINT_STATUSES = ("Open", "In Process", "Escalated", "Resolved", "Closed", "Rejected")
OPEN_COMPLAINT_STATUSES = ("Open", "In Process", "Escalated")

TYPICAL_TICKET = {"MXN": 450, "COP": 95_000, "ARS": 28_000, "USD": 35}
MINIMUM_PAYMENT_FLOOR = {"USD": 25, "MXN": 500, "COP": 100_000, "ARS": 25_000}

# Bounded, closed argument types shared by the skills' tools.
# Literals built from the tuples above: pydantic reads them at run time; mypy cannot, and sees Any.
ProductType = Literal[PRODUCT_TYPES]  # type: ignore[valid-type]
DebtType = Literal[DEBT_TYPES]  # type: ignore[valid-type]
AccountType = Literal[TRANSFER_ACCOUNT_TYPES]  # type: ignore[valid-type]
TransactionType = Literal[TRANSACTION_TYPES]  # type: ignore[valid-type]
Status = Literal[TRANSACTION_STATUSES]  # type: ignore[valid-type]
Category = Literal[CATEGORIES]  # type: ignore[valid-type]
Currency = Literal[CURRENCIES]  # type: ignore[valid-type]
Order = Literal["newest", "largest"]

Days = Annotated[int, Field(ge=1, le=365, description="How many days back from the dataset's last day (2026-06-18).")]
RecentDays = Annotated[int, Field(ge=1, le=90, description="How many days back from 2026-06-18.")]
Merchant = Annotated[str, Field(min_length=1, max_length=60, description="Part of the merchant name.")]
Amount = Annotated[Decimal, Field(gt=0, le=Decimal("1000000000"), decimal_places=2)]
Last4 = Annotated[str, Field(pattern=r"^[0-9]{4}$", description="Last four digits of the product.")]
TransactionId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
Limit = Annotated[int, Field(ge=1, le=50)]
DISPUTE_REFERENCE = r"[Qq]-[0-9A-Fa-f]{8}"  # a dispute's reference as the customer was told it: Q-8A6518EF
DisputeReference = Annotated[
    str, Field(pattern=rf"^{DISPUTE_REFERENCE}$", description="A dispute's reference as the customer was told it.")
]
Day = date
SqlText = Annotated[str, Field(min_length=1, max_length=4000, description="One PostgreSQL SELECT.")]
