"""What the service holds open and closes: the database pools, the live feed, this process's liveness lock."""

import asyncio
from contextlib import AsyncExitStack
from dataclasses import dataclass, field

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.connection import DatabaseUrls
from quipu.adapters.postgres.database import CHECKPOINT_SCHEMA
from quipu.adapters.postgres.live import LiveFeed
from quipu.adapters.postgres.liveness import ProcessLiveness
from quipu.adapters.postgres.sql_runner import dwh_pool


@dataclass
class Resources:
    """What the service holds open and closes."""

    urls: DatabaseUrls
    pool: AsyncConnectionPool
    checkpoint_pool: AsyncConnectionPool  # the agent's LangGraph checkpoints
    sql_pool: AsyncConnectionPool | None  # the reader's (guarded SQL); None when run_sql is off (no reader login)
    live: LiveFeed
    liveness: ProcessLiveness  # this process is alive while its lock is held: what it held can be taken over
    background: list[asyncio.Task] = field(default_factory=list)  # started with the service, cancelled with it

    def pools(self) -> dict[str, AsyncConnectionPool]:
        """The pools this process holds: the app's, the reader's (guarded SQL, when offered) and the checkpointer's."""
        pools = {"app": self.pool, "reader": self.sql_pool, "checkpoint": self.checkpoint_pool}
        return {name: pool for name, pool in pools.items() if pool is not None}


async def open_resources(stack: AsyncExitStack, urls: DatabaseUrls, *, with_reader: bool) -> Resources:
    """The pools, open and registered to close with the stack; run_sql's only when the reader's walls hold."""

    async def opened(pool: AsyncConnectionPool) -> AsyncConnectionPool:
        await pool.open(wait=True, timeout=15)
        stack.push_async_callback(pool.close)
        return pool

    check = AsyncConnectionPool.check_connection  # a database restart costs one retry, not a burst of errors
    pool = await opened(
        AsyncConnectionPool(urls.app, min_size=1, max_size=10, open=False, kwargs={"autocommit": True}, check=check)
    )
    sql_pool = await opened(dwh_pool(urls.reader)) if with_reader and urls.reader else None
    checkpoints = {"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row}
    checkpoint_pool = await opened(
        AsyncConnectionPool(
            urls.app,
            min_size=1,
            max_size=4,
            open=False,
            check=check,
            kwargs={**checkpoints, "options": f"-c search_path={CHECKPOINT_SCHEMA}"},
        )
    )
    return Resources(urls, pool, checkpoint_pool, sql_pool, LiveFeed(urls.app), ProcessLiveness(urls.app))
