"""A per-customer share of a scarce resource: at most N running at once and M started per minute.

One customer's slow or repeated queries then hold at most N reader connections, whatever they send.
The count is per process: with several API processes each keeps its own.
"""

from collections import defaultdict, deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime, timedelta

WINDOW = timedelta(minutes=1)


class CustomerLimiter:
    def __init__(self, *, concurrent: int, per_minute: int, clock: Callable[[], datetime]):
        self.concurrent = concurrent
        self.per_minute = per_minute
        self.clock = clock
        self.running: dict[str, int] = defaultdict(int)
        self.started: dict[str, deque[datetime]] = defaultdict(deque)

    @asynccontextmanager
    async def slot(self, customer_id: str) -> AsyncIterator[str | None]:
        """Yields None when admitted (the slot is held until the block ends), else why not: busy or rate."""
        refusal = self._refusal(customer_id)
        if refusal:
            yield refusal
            return
        self.running[customer_id] += 1
        self.started[customer_id].append(self.clock())
        try:
            yield None
        finally:
            self.running[customer_id] -= 1
            if not self.running[customer_id]:
                del self.running[customer_id]

    def _refusal(self, customer_id: str) -> str | None:
        self._forget_before(self.clock() - WINDOW)
        if self.running.get(customer_id, 0) >= self.concurrent:
            return "busy"
        if len(self.started.get(customer_id, ())) >= self.per_minute:
            return "rate_limited"
        return None

    def _forget_before(self, cutoff: datetime) -> None:
        """Drop starts older than the window, and customers who stopped asking (memory stays bounded)."""
        for customer_id in list(self.started):
            started = self.started[customer_id]
            while started and started[0] <= cutoff:
                started.popleft()
            if not started:
                del self.started[customer_id]
