"""This API process is alive while one connection of its own holds an advisory lock on its key: when the
process dies (even by kill -9) the connection closes and PostgreSQL drops the lock at once, so what the
process held for a customer (a turn in flight) can be taken over by another process without waiting."""

import asyncio
import logging
import secrets

import psycopg

log = logging.getLogger("quipu.liveness")
NAMESPACE = 0x7175_6970 & 0x7FFF_FFFF  # the first key of the two-key advisory lock: quipu's processes


class ProcessLiveness:
    def __init__(self, url: str, *, retry_seconds: float = 1.0):
        self.url = url
        self.key = secrets.randbelow(0x7FFF_FFFF) + 1  # positive: pg_locks shows it as an oid
        self.retry_seconds = retry_seconds
        self.holding = asyncio.Event()
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._hold(), name="quipu-liveness")
        await asyncio.wait_for(self.holding.wait(), timeout=15)

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _hold(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute("SELECT pg_advisory_lock(%s, %s)", (NAMESPACE, self.key))
                    self.holding.set()
                    while True:  # a dead connection shows up here, and the lock is taken again on a new one
                        await asyncio.sleep(5)
                        await conn.execute("SELECT 1")
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database restarted: until the lock is back, others may take over
                self.holding.clear()
                log.warning("liveness lost its connection; taking the lock again", exc_info=error)
                await asyncio.sleep(self.retry_seconds)


# The holder of a row is alive while its lock is granted in this database.
HOLDER_ALIVE = f"""EXISTS (
    SELECT FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.granted AND l.classid = {NAMESPACE}::oid AND l.objsubid = 2
      AND l.objid = {{holder}}::oid AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
)"""
