"""Bounded, closed argument types shared by the skills' tools."""

from datetime import date
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field

# Literals built from the vocabulary's tuples: pydantic reads them at run time; mypy cannot, and sees Any.
from quipu.domain import vocabulary

ProductType = Literal[vocabulary.PRODUCT_TYPES]  # type: ignore[valid-type]
DebtType = Literal[vocabulary.DEBT_TYPES]  # type: ignore[valid-type]
TransactionType = Literal[vocabulary.TRANSACTION_TYPES]  # type: ignore[valid-type]
Status = Literal[vocabulary.TRANSACTION_STATUSES]  # type: ignore[valid-type]
Category = Literal[vocabulary.CATEGORIES]  # type: ignore[valid-type]
Currency = Literal[vocabulary.CURRENCIES]  # type: ignore[valid-type]
Order = Literal["newest", "largest"]

Days = Annotated[int, Field(ge=1, le=365, description="How many days back from the dataset's last day (2026-06-18).")]
RecentDays = Annotated[int, Field(ge=1, le=90, description="How many days back from 2026-06-18.")]
Merchant = Annotated[str, Field(min_length=1, max_length=60, description="Part of the merchant name.")]
Amount = Annotated[Decimal, Field(gt=0, le=Decimal("1000000000"), decimal_places=2)]
Last4 = Annotated[str, Field(pattern=r"^[0-9]{4}$", description="Last four digits of the product.")]
TransactionId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
Limit = Annotated[int, Field(ge=1, le=50)]
Day = date
SqlText = Annotated[str, Field(min_length=1, max_length=4000, description="One PostgreSQL SELECT.")]
