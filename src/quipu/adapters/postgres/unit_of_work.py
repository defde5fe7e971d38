"""A unit of work in PostgreSQL: one pool connection in one transaction that lands only on `commit()`; leaving
the block any other way rolls it back, and a deadlock or serialization failure leaves it as `Contention`."""

import contextlib
from typing import Self

import psycopg
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.audit import record_decision
from quipu.application.unit_of_work import Contention

CONTENTION = (psycopg.errors.DeadlockDetected, psycopg.errors.SerializationFailure)


class PgUnitOfWork:
    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool
        self._stack = contextlib.AsyncExitStack()
        self.conn: psycopg.AsyncConnection

    async def __aenter__(self) -> Self:
        self.conn = await self._stack.enter_async_context(self.pool.connection())
        try:
            await self.conn.set_autocommit(False)  # the pool's connections autocommit; this one waits for commit()
        except BaseException:
            await self._stack.aclose()  # the connection goes back to the pool (which discards a broken one)
            raise
        self._stack.push_async_callback(self._back_to_autocommit)
        return self

    async def __aexit__(self, kind, error, trace) -> None:
        try:
            if not self.conn.closed:
                await self.conn.rollback()  # whatever commit() did not keep
        except psycopg.Error:
            await self.conn.close()  # a connection that cannot roll back is not used again
        finally:
            await self._stack.__aexit__(kind, error, trace)
        if isinstance(error, CONTENTION):
            raise Contention(type(error).__name__) from error

    async def _back_to_autocommit(self) -> None:
        """A connection goes back to the pool autocommitting, or closed (the pool discards a closed one)."""
        try:
            if not self.conn.closed:
                await self.conn.set_autocommit(True)
        except psycopg.Error:
            await self.conn.close()

    async def commit(self) -> None:
        await self.conn.commit()

    async def record(self, **decision) -> None:
        """A decision-log row in this transaction, through the log's one writer."""
        await record_decision(self.conn, **decision)
