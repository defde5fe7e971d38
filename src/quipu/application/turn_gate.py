"""One customer, one turn at a time: a turn holds its customer's place in PostgreSQL (shared by every API
process) from the moment it is accepted until it ends, even when the customer has left a streamed turn,
so one account cannot fill the model's queue with simultaneous turns and leave the next customer waiting."""

import asyncio
import math
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from typing import Protocol


class TurnsInFlight(Protocol):
    async def begin(self, customer_id: str, turn_id: str, now: datetime, hold_until: datetime) -> datetime | None:
        """Take the customer's place for this turn, atomically; None when taken, or the time another turn of
        theirs holds it until (a place held past its time, by a process that died, is taken over)."""

    async def end(self, customer_id: str, turn_id: str) -> None: ...


class TurnInFlight(Exception):
    """The customer already has a turn being answered: 429 with Retry-After, nothing stored."""

    def __init__(self, retry_after: int):
        super().__init__("turn_in_flight")
        self.retry_after = retry_after


class TurnGate:
    def __init__(self, store: TurnsInFlight, clock: Callable[[], datetime], longest_turn: timedelta):
        self.store = store
        self.clock = clock
        self.longest_turn = longest_turn  # a place is held at most this long, so a crashed process frees it

    async def take(self, customer_id: str) -> str:
        """The turn's id, once it holds the customer's place; raises TurnInFlight while another turn does."""
        turn_id, now = str(uuid.uuid4()), self.clock()
        held_until = await self.store.begin(customer_id, turn_id, now, now + self.longest_turn)
        if held_until is not None:
            raise TurnInFlight(max(1, min(math.ceil((held_until - now).total_seconds()), 5)))
        return turn_id

    async def give_back(self, customer_id: str, turn_id: str) -> None:
        # shielded: a request cancelled on its way out must still free the customer's place
        await asyncio.shield(self.store.end(customer_id, turn_id))

    @asynccontextmanager
    async def held(self, customer_id: str) -> AsyncIterator[None]:
        turn_id = await self.take(customer_id)
        try:
            yield
        finally:
            await self.give_back(customer_id, turn_id)
