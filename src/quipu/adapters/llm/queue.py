"""A bounded queue in front of any model: a fixed number of calls run, a fixed number wait, none waits past
its turn's deadline. Past the queue or the deadline the call raises ModelBusy (the HTTP edge answers 503 with
Retry-After and nothing is stored); a call that runs past its own timeout raises ModelTimeout, an outage the
agent answers with its fixed reply and a person.

A turn may need two calls (the router, then its skill's step). The second goes ahead of other turns' first
calls: a turn already under way is finished before a new one starts, so the model's work on the first call
is not thrown away at the deadline. A call that the calls ahead of it would push past its deadline is
refused at once, not after the customer has waited for nothing. And a customer has one turn in the queue at a
time (a new turn of theirs while one waits or runs is refused), so one account cannot fill it."""

import asyncio
import contextvars
import functools
import heapq
import itertools
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from quipu.adapters.metrics import MODEL_ERRORS, MODEL_REJECTED, MODEL_RUNNING, MODEL_SECONDS, MODEL_WAITING
from quipu.application.ports import ModelBusy, ModelCall

WARM_UP_SECONDS = 600
RECENT = 0.2  # weight of the newest call in the running mean of call seconds
SPREAD = 0.25  # weight of the newest call's distance from that mean in the running spread
UNDER_WAY, NEW_TURN = 0, 1  # a waiting call's rank: a turn's later call goes before another turn's first


@dataclass
class Turn:
    """What the queue knows of the turn a call belongs to."""

    deadline: float
    calls: int = 0
    customer: str | None = None


TURN: contextvars.ContextVar[Turn | None] = contextvars.ContextVar("turn", default=None)


class ModelTimeout(TimeoutError):
    """One model call ran past its own timeout (a hanging model server): an outage, not back-pressure."""


@contextmanager
def turn_deadline(seconds: float, *, customer: str | None = None) -> Iterator[float]:
    """Every model call made inside (the whole turn) must be answered within `seconds` from now; the customer's
    turns share one place in the queue."""
    deadline = time.monotonic() + seconds
    token = TURN.set(Turn(deadline, customer=customer))
    try:
        yield deadline
    finally:
        TURN.reset(token)


class QueuedModel:
    """Wraps any provider; `slots` calls run at once, at most `max_waiting` more wait for a slot, turns already
    under way first."""

    def __init__(
        self,
        inner,
        *,
        slots: int,
        max_waiting: int,
        call_timeout: float,
        retry_after: int = 5,
        warm_up_in_slot: bool = True,
    ):
        self.inner = inner
        self.provider = inner.provider
        self.model = inner.model
        self.slots = slots
        self.max_waiting = max_waiting
        self.call_timeout = call_timeout
        self.retry_after = retry_after
        self.warm_up_in_slot = warm_up_in_slot
        self._running = 0
        self._waiters: list[tuple[int, int, asyncio.Future]] = []  # (rank, order, wake-up)
        self._order = itertools.count()
        self.call_seconds: float | None = None  # running mean of answered calls
        self.call_spread = 0.0  # running mean distance of a call from call_seconds
        self._first_calls = 0  # turns that reached the model through this queue
        self._follow_ups = 0  # the later calls of those turns
        self._running_first = 0  # first calls of their turns, running now
        self._customers: Counter[str | None] = Counter()  # calls waiting or running, per customer

    @property
    def waiting(self) -> int:
        return len(self._waiters)

    @property
    def calls_per_turn(self) -> float:
        """Model calls a turn makes once it reaches the model (the router, then its skill's step: about 2)."""
        return 1 + self._follow_ups / self._first_calls if self._first_calls else 1.0

    async def ready(self) -> bool:
        ready = getattr(self.inner, "ready", None)
        return await ready() if ready else True

    def _refuse(self, reason: str) -> ModelBusy:
        MODEL_REJECTED.labels(reason).inc()
        return ModelBusy(reason, self.retry_after)

    async def complete(self, *, purpose: str, system: str, messages: list[dict], schema: dict) -> ModelCall:
        if purpose == "warm_up" and not self.warm_up_in_slot:
            return await self._warm_up_apart(system, messages, schema)
        turn = TURN.get()
        deadline = turn.deadline if turn else None
        first = turn is not None and not turn.calls
        customer = turn.customer if turn else None
        if first and customer is not None and self._customers[customer]:
            raise self._refuse("customer_share")  # one turn per customer in this queue; it is under way
        self._customers[customer] += 1
        try:
            await self._take_slot(deadline, under_way=turn is not None and not first)
        except BaseException:
            self._leave(customer)
            raise
        if turn:
            turn.calls += 1
            self._count(first)
        MODEL_RUNNING.inc()
        # the slot is given back when the call really ends, even one we stopped waiting for: a llama.cpp
        # call cannot be interrupted, and the next caller must not think the model is free meanwhile
        task = asyncio.create_task(
            self.inner.complete(purpose=purpose, system=system, messages=messages, schema=schema)
        )
        task.add_done_callback(functools.partial(self._release, first=first, customer=customer))
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
            took = time.monotonic() - started  # a call given up on took at least this: a slow model looks slow
            MODEL_SECONDS.labels(self.provider, purpose).observe(took)
            if purpose != "warm_up":
                self._observe(took)

    async def _warm_up_apart(self, system: str, messages: list[dict], schema: dict) -> ModelCall:
        """A model server's slots are its own: the warm-up holds none of ours, so a hanging server keeps no
        customer waiting behind it, and a cold one may take minutes to read the prompt into each slot."""
        started = time.monotonic()
        try:
            async with asyncio.timeout(WARM_UP_SECONDS):
                return await self.inner.complete(purpose="warm_up", system=system, messages=messages, schema=schema)
        finally:
            MODEL_SECONDS.labels(self.provider, "warm_up").observe(time.monotonic() - started)

    async def _take_slot(self, deadline: float | None, *, under_way: bool) -> None:
        if self._running < self.slots and not self._waiters:
            self._running += 1
            return
        if len(self._waiters) >= self.max_waiting and not under_way:
            raise self._refuse("queue_full")
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            raise self._refuse("deadline")
        if left is not None and not under_way and self._expected_answer() > left:
            raise self._refuse("expected_past_deadline")
        woken = asyncio.get_running_loop().create_future()
        entry = (UNDER_WAY if under_way else NEW_TURN, next(self._order), woken)
        heapq.heappush(self._waiters, entry)
        MODEL_WAITING.inc()
        handed = False
        try:
            async with asyncio.timeout(left):
                await woken  # _release hands the slot over: _running already counts this call
            handed = True
        except TimeoutError:
            raise self._refuse("deadline") from None
        finally:
            MODEL_WAITING.dec()
            if not handed:
                self._give_up(entry)

    def _give_up(self, entry: tuple[int, int, asyncio.Future]) -> None:
        woken = entry[2]
        if woken.done() and not woken.cancelled():
            self._hand_on()  # handed over just as its caller gave up: the next one gets it
        elif entry in self._waiters:  # a release may already have dropped it, cancelled, on its way past
            self._waiters.remove(entry)
            heapq.heapify(self._waiters)

    def _expected_answer(self) -> float:
        """Seconds until a new turn is answered: the calls waiting ahead of it, the later calls the turns ahead
        will still make (those go first), half a call for the ones running, then its own calls, each at the mean
        call plus its spread (a server other processes share is only as fast as their load); 0 until a call has
        been timed."""
        if self.call_seconds is None:
            return 0.0
        more = self.calls_per_turn - 1
        first_waiting = sum(1 for rank, _, _ in self._waiters if rank == NEW_TURN)
        ahead = len(self._waiters) + more * (first_waiting + self._running_first)
        return (ahead / self.slots + 0.5 + self.calls_per_turn) * (self.call_seconds + self.call_spread)

    def _count(self, first: bool) -> None:
        if first:
            self._first_calls += 1
            self._running_first += 1
        else:
            self._follow_ups += 1

    def _observe(self, seconds: float) -> None:
        known = self.call_seconds
        if known is None:
            self.call_seconds = seconds
            return
        self.call_spread += SPREAD * (abs(seconds - known) - self.call_spread)
        self.call_seconds = known + RECENT * (seconds - known)

    def _leave(self, customer: str | None) -> None:
        self._customers[customer] -= 1
        if not self._customers[customer]:
            del self._customers[customer]

    def _release(self, task: asyncio.Task, *, first: bool, customer: str | None) -> None:
        MODEL_RUNNING.dec()
        self._running_first -= first
        self._leave(customer)  # counted until the call really ends: an abandoned turn still holds its share
        self._hand_on()
        if not task.cancelled():
            task.exception()  # read, so an abandoned call's failure is not reported as never retrieved

    def _hand_on(self) -> None:
        """A slot is free: it passes straight to the first waiter, or back to the pool."""
        while self._waiters:
            woken = heapq.heappop(self._waiters)[2]
            if not woken.done():
                woken.set_result(None)
                return
        self._running -= 1
