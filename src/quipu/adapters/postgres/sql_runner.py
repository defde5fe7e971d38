"""The second and third walls of guarded text-to-SQL: the guarded query runs on the reader's own login
(dwh_reader), read-only, time-boxed and capped, after the application maps that connection to the customer
for row-level security; the mapping is removed and the connection reset afterwards."""

from datetime import date, datetime
from decimal import Decimal

import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from quipu.domain.sql_scope import CUSTOMER_PARAM, Guarded

MAX_ROWS = 100
MAX_CELL_CHARS = 300
MAX_RESULT_CHARS = 32_000  # what one answer may carry back to the model, all cells together
STATEMENT_TIMEOUT_MS = 3000
LOCK_TIMEOUT = "1s"
WORK_MEM = "4MB"

MAP_READER = (
    "INSERT INTO walls.reader_scope (backend_pid, customer_id) VALUES (%s, %s) "
    "ON CONFLICT (backend_pid) DO UPDATE SET customer_id = EXCLUDED.customer_id, set_at = clock_timestamp()"
)
UNMAP_READER = "DELETE FROM walls.reader_scope WHERE backend_pid = %s"


async def discard_all(conn: psycopg.AsyncConnection) -> None:
    """Whatever a query did to the session, the next user of the connection never sees it."""
    await conn.execute("DISCARD ALL")


def dwh_pool(reader_url: str, *, max_size: int = 4) -> AsyncConnectionPool:
    """Connections that log in as dwh_reader itself: never the application's role."""
    return AsyncConnectionPool(
        reader_url,
        min_size=1,
        max_size=max_size,
        open=False,
        reset=discard_all,
        check=AsyncConnectionPool.check_connection,
        kwargs={"autocommit": True, "prepare_threshold": None, "application_name": "quipu-run-sql"},
    )


def cell(value: object) -> object:
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime):
        text = value.isoformat(sep=" ")
    elif isinstance(value, date):
        text = value.isoformat()
    else:
        text = str(value)
    return text if len(text) <= MAX_CELL_CHARS else text[: MAX_CELL_CHARS - 1] + "…"


def capped(rows: list) -> tuple[list[list], bool]:
    """At most MAX_ROWS rows and MAX_RESULT_CHARS characters in all; True when something was left out."""
    kept: list[list] = []
    size = 0
    for row in rows[:MAX_ROWS]:
        cells = [cell(v) for v in row]
        size += sum(len(str(c)) for c in cells if c is not None)
        if size > MAX_RESULT_CHARS:
            return kept, True
        kept.append(cells)
    return kept, len(rows) > MAX_ROWS


class GuardedRunner:
    """reader: pool logging in as dwh_reader; mapper: the application's pool, which alone may map a reader
    connection to a customer."""

    def __init__(
        self, reader: AsyncConnectionPool, mapper: AsyncConnectionPool, *, timeout_ms: int = STATEMENT_TIMEOUT_MS
    ):
        self.pool = reader
        self.mapper = mapper
        self.timeout_ms = timeout_ms

    async def run(self, guarded: Guarded, customer_id: str) -> dict:
        async with self.pool.connection() as conn:
            pid = conn.info.backend_pid
            await self._map(pid, customer_id)
            try:
                columns, rows = await self._run_behind_walls(conn, guarded, customer_id)
            except psycopg.errors.QueryCanceled:
                return {
                    "error": "timeout",
                    "blocked": False,
                    "detail": f"the query took longer than {self.timeout_ms / 1000:g} s",
                }
            except psycopg.Error as error:
                first = (str(error).strip().splitlines() or [type(error).__name__])[0]
                return {"error": "query_failed", "blocked": False, "detail": first[:300]}
            finally:
                await self._unmap(pid)
        kept, truncated = capped(rows)
        return {"columns": columns, "rows": kept, "row_count": len(kept), "truncated": truncated}

    async def _map(self, pid: int, customer_id: str) -> None:
        async with self.mapper.connection() as conn:
            await conn.execute(MAP_READER, (pid, customer_id))

    async def _unmap(self, pid: int) -> None:
        async with self.mapper.connection() as conn:
            await conn.execute(UNMAP_READER, (pid,))

    async def _run_behind_walls(self, conn: psycopg.AsyncConnection, guarded: Guarded, customer_id: str):
        """One pipelined round trip: open a read-only transaction, set the limits, run, roll back."""
        try:
            async with conn.pipeline() as pipeline:
                for statement in walls(self.timeout_ms):
                    await conn.execute(statement)
                cur = await conn.execute(guarded.sql, {CUSTOMER_PARAM: customer_id})
                await conn.execute("ROLLBACK")
                await pipeline.sync()
                rows = await cur.fetchmany(MAX_ROWS + 1)
                return [c.name for c in cur.description or []], rows
        finally:
            if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                await conn.execute("ROLLBACK")


def walls(timeout_ms: int = STATEMENT_TIMEOUT_MS) -> list:
    return [
        sql.SQL("BEGIN READ ONLY"),
        sql.SQL("SET LOCAL statement_timeout = {}").format(sql.Literal(f"{int(timeout_ms)}ms")),
        sql.SQL(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT}'"),
        sql.SQL(f"SET LOCAL work_mem = '{WORK_MEM}'"),
    ]
