"""Risk signals: the one vocabulary for what the bank's records say about a charge, and the one fraud threshold.

The values are what tools report, what case files and reason codes store, and what the skills' answers are
keyed by; rows stored under older names were renamed by migration 030.
"""

from collections.abc import Iterable
from decimal import Decimal
from enum import StrEnum

FRAUD_SCORE_THRESHOLD = Decimal("70")


class Signal(StrEnum):
    DUPLICATE = "duplicate"
    FOREIGN_PURCHASE = "foreign_purchase"
    PENDING = "pending"
    REVERSED = "reversed"
    POSSIBLE_FRAUD = "possible_fraud"
    OWN_APP_SESSION = "own_app_session"


def signals_in(values: Iterable[str]) -> frozenset[Signal]:
    """The signals among stored or reported values; anything else (a reason code, say) is not one."""
    known = {s.value for s in Signal}
    return frozenset(Signal(v) for v in values if v in known)
