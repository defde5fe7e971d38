"""Fixtures every test may use, with no database and no app: a hand-moved clock, the async backend, and the
environment the suite runs in. The stack's fixtures live in `stack.py`, loaded by the integration and e2e
folders' conftests, so `tests/unit` never imports them."""

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("QUIPU_MODELS_PATH", str(ROOT / ".quipu" / "models"))  # where `quipu model install` puts them
os.environ.setdefault("QUIPU_CHAT_RATE_PER_MINUTE", "10000")  # the suite chats faster than a person; one test pins it


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(autouse=True, scope="session")
def no_real_model_calls():
    """Tests use a scripted model; the local one refuses to run unless a test asks for it."""
    os.environ["QUIPU_ALLOW_MODEL_CALLS"] = "0"
    yield


@pytest.fixture
def anyio_backend():
    return "asyncio"
