"""Sign-in rules: lockout after repeated failures with back-off per client, and how long a step-up lets
money move."""

from dataclasses import dataclass
from datetime import datetime, timedelta

CUSTOMER_AUDIENCE = "quipu-customer"
OPERATOR_AUDIENCE = "quipu-operator"
MAX_CLIENT_LOCKOUT = timedelta(hours=24)


@dataclass(frozen=True)
class GuardState:
    failures: int = 0
    locked_until: datetime | None = None
    locks: int = 0

    def locked(self, now: datetime) -> bool:
        return self.locked_until is not None and now < self.locked_until


@dataclass(frozen=True)
class BackOff:
    """How a guard locks: after max_failures, for lockout times growth ** (earlier locks), at most cap.

    The account guard (any client) has growth 1: it caps guessing at max_failures per lockout window
    without keeping the customer out for longer. The guard of one client on one account doubles, so the
    client that keeps failing waits longer each time while the customer, from another client, does not.
    """

    max_failures: int
    lockout: timedelta
    growth: int = 1
    cap: timedelta = MAX_CLIENT_LOCKOUT


def client_subject(subject: str, client: str) -> str:
    """The guard of one client on one sign-in subject."""
    return f"{subject}|client:{client}"


def step_up_fresh(step_up_at: datetime | None, now: datetime, window: timedelta) -> bool:
    return step_up_at is not None and now - step_up_at <= window
