"""A bounded queue in front of any model: a fixed number of calls run, a fixed number wait, none waits past
its turn's deadline. Past the queue or the deadline the call raises ModelBusy (the HTTP edge answers 503 with
Retry-After and nothing is stored); a call that runs past its own timeout raises ModelTimeout, an outage the
agent answers with its fixed reply and a person."""

import asyncio
import contextvars
import time
from collections.abc import Iterator
from contextlib import contextmanager

from quipu.adapters.metrics import MODEL_ERRORS, MODEL_REJECTED, MODEL_RUNNING, MODEL_SECONDS, MODEL_WAITING
from quipu.application.ports import ModelBusy, ModelCall

TURN_DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar("turn_deadline", default=None)

WARM_UP_SECONDS = 600


class ModelTimeout(TimeoutError):
    """One model call ran past its own timeout (a hanging model server): an outage, not back-pressure."""


@contextmanager
def turn_deadline(seconds: float) -> Iterator[float]:
    """Every model call made inside (the whole turn) must be answered within `seconds` from now."""
    deadline = time.monotonic() + seconds
    token = TURN_DEADLINE.set(deadline)
    try:
        yield deadline
    finally:
        TURN_DEADLINE.reset(token)


class QueuedModel:
    """Wraps any provider; `slots` calls run at once, at most `max_waiting` more wait for a slot."""

    def __init__(self, inner, *, slots: int, max_waiting: int, call_timeout: float, retry_after: int = 5):
        self.inner = inner
        self.provider = inner.provider
        self.model = inner.model
        self.slots = slots
        self.max_waiting = max_waiting
        self.call_timeout = call_timeout
        self.retry_after = retry_after
        self._free = asyncio.Semaphore(slots)
        self._waiting = 0

    @property
    def waiting(self) -> int:
        return self._waiting

    async def ready(self) -> bool:
        ready = getattr(self.inner, "ready", None)
        return await ready() if ready else True

    def _refuse(self, reason: str) -> ModelBusy:
        MODEL_REJECTED.labels(reason).inc()
        return ModelBusy(reason, self.retry_after)

    async def complete(self, *, purpose: str, system: str, messages: list[dict], schema: dict) -> ModelCall:
        deadline = TURN_DEADLINE.get()
        await self._take_slot(deadline)
        MODEL_RUNNING.inc()
        # the slot is given back when the call really ends, even one we stopped waiting for: a llama.cpp
        # call cannot be interrupted, and the next caller must not think the model is free meanwhile
        task = asyncio.create_task(
            self.inner.complete(purpose=purpose, system=system, messages=messages, schema=schema)
        )
        task.add_done_callback(self._release)
        left = None if deadline is None else deadline - time.monotonic()
        budget = self.call_timeout if left is None else min(self.call_timeout, left)
        if purpose == "warm_up":  # nobody waits on it: a loaded machine may take minutes to read the prompt
            budget = max(budget, WARM_UP_SECONDS)
        started = time.monotonic()
        try:
            async with asyncio.timeout(max(budget, 0)):
                return await asyncio.shield(task)
        except TimeoutError:
            task.cancel()
            if left is not None and left <= self.call_timeout:
                raise self._refuse("deadline") from None
            MODEL_ERRORS.labels(self.provider, "timeout").inc()
            raise ModelTimeout(f"{self.provider} did not answer within {self.call_timeout:g} s") from None
        except Exception as error:
            MODEL_ERRORS.labels(self.provider, type(error).__name__).inc()
            raise
        finally:
            MODEL_SECONDS.labels(self.provider, purpose).observe(time.monotonic() - started)

    async def _take_slot(self, deadline: float | None) -> None:
        if self._free.locked() and self._waiting >= self.max_waiting:
            raise self._refuse("queue_full")
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            raise self._refuse("deadline")
        self._waiting += 1
        MODEL_WAITING.inc()
        try:
            async with asyncio.timeout(left):
                await self._free.acquire()
        except TimeoutError:
            raise self._refuse("deadline") from None
        finally:
            self._waiting -= 1
            MODEL_WAITING.dec()

    def _release(self, task: asyncio.Task) -> None:
        self._free.release()
        MODEL_RUNNING.dec()
        if not task.cancelled():
            task.exception()  # read, so an abandoned call's failure is not reported as never retrieved
