"""Step-up codes: six digits, short-lived, few tries, budgeted per session and per customer; the mail that
carries one is written by code, and the copy the customer API can read never holds the code."""

from dataclasses import dataclass
from datetime import timedelta

from quipu.domain.texts import mail

CODE_DIGITS = 6
CODE_MINUTES = 5
CODE_TRIES = 3

# Budgets. A session may ask for 3 codes in 15 minutes and a customer (all sessions) for 5; 5 wrong codes
# lock the session's step-up until a new sign-in, 10 in a day lock the customer's until a person clears it.
CODE_WINDOW = timedelta(minutes=15)
CODES_PER_SESSION = 3
CODES_PER_CUSTOMER = 5
FAILURES_PER_SESSION = 5
FAILURE_WINDOW = timedelta(days=1)
FAILURES_PER_DAY = 10
REQUESTS_PER_MINUTE = 20

MAIL = mail.CODE_MAIL

# What the outbox keeps (and the customer API shows) when codes are not shown: the code is only in the mail.
WITHHELD = mail.CODE_WITHHELD


@dataclass(frozen=True)
class Budget:
    """What a session and its customer have spent in the windows above."""

    session_codes: int
    customer_codes: int
    session_failures: int
    customer_failures: int


def code_mail(language: str, code: str) -> tuple[str, str]:
    subject, body = MAIL.get(language, MAIL["es"])
    return subject, body.format(code=code, minutes=CODE_MINUTES)


def withheld_mail(language: str, destination: str) -> str:
    return WITHHELD.get(language, WITHHELD["es"]).format(destination=destination, minutes=CODE_MINUTES)


def lock_of(budget: Budget) -> str | None:
    """The error that locks step-up for this session or customer, if any."""
    if budget.customer_failures >= FAILURES_PER_DAY:
        return "step_up_locked"
    if budget.session_failures >= FAILURES_PER_SESSION:
        return "step_up_session_locked"
    return None


def refusal_to_send(budget: Budget) -> str | None:
    """Why no new code may be sent now, if it may not."""
    if lock := lock_of(budget):
        return lock
    if budget.session_codes >= CODES_PER_SESSION or budget.customer_codes >= CODES_PER_CUSTOMER:
        return "step_up_too_many_codes"
    return None
