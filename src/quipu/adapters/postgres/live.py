"""One LISTEN connection per process fans conversation changes out to the browsers watching them."""

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import psycopg

log = logging.getLogger("quipu.live")
CHANNEL = "quipu_conversations"
QUEUE_SIZE = 256


class LiveFeed:
    def __init__(self, url: str, *, retry_seconds: float = 1.0):
        self.url = url
        self.retry_seconds = retry_seconds
        self.subscribers: set[asyncio.Queue] = set()
        self.listening = asyncio.Event()
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._listen(), name="quipu-live-feed")
        await asyncio.wait_for(self.listening.wait(), timeout=15)

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    @asynccontextmanager
    async def subscribe(self) -> AsyncIterator[asyncio.Queue]:
        """A queue of conversation ids; a slow reader loses old ids, never the latest."""
        queue: asyncio.Queue = asyncio.Queue(maxsize=QUEUE_SIZE)
        self.subscribers.add(queue)
        try:
            yield queue
        finally:
            self.subscribers.discard(queue)

    def _publish(self, conversation_id: str) -> None:
        for queue in list(self.subscribers):
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(conversation_id)

    async def _listen(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    async for note in conn.notifies():
                        self._publish(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database restarted: listen again, the pages refetch on the next change
                log.warning("live feed lost its connection; listening again", exc_info=error)
                await asyncio.sleep(self.retry_seconds)
