"""Sign-in rules: lockout after repeated failures, and how long a step-up lets money move."""

from dataclasses import dataclass
from datetime import datetime, timedelta

CUSTOMER_AUDIENCE = "quipu-customer"
OPERATOR_AUDIENCE = "quipu-operator"


@dataclass(frozen=True)
class GuardState:
    failures: int = 0
    locked_until: datetime | None = None

    def locked(self, now: datetime) -> bool:
        return self.locked_until is not None and now < self.locked_until


def after_failure(state: GuardState, now: datetime, *, max_failures: int, lockout: timedelta) -> GuardState:
    """Count one more failure; the one that reaches the limit locks, and the count starts over."""
    failures = (0 if state.locked_until and now >= state.locked_until else state.failures) + 1
    if failures >= max_failures:
        return GuardState(0, now + lockout)
    return GuardState(failures, None)


def step_up_fresh(step_up_at: datetime | None, now: datetime, window: timedelta) -> bool:
    return step_up_at is not None and now - step_up_at <= window
