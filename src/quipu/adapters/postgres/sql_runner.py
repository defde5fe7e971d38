"""The second wall of guarded text-to-SQL: the database runs the guarded query as dwh_reader, read-only,
time-boxed and capped, with the customer set for row-level security; the connection is reset after."""

from datetime import date, datetime
from decimal import Decimal

import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from quipu.domain.sql_scope import CUSTOMER_PARAM, Guarded

MAX_ROWS = 100
MAX_CELL_CHARS = 300
STATEMENT_TIMEOUT = "3s"
LOCK_TIMEOUT = "1s"


async def discard_all(conn: psycopg.AsyncConnection) -> None:
    """Whatever a query did to the session, the next user of the connection never sees it."""
    await conn.execute("DISCARD ALL")


def dwh_pool(url: str, *, max_size: int = 4) -> AsyncConnectionPool:
    return AsyncConnectionPool(
        url,
        min_size=1,
        max_size=max_size,
        open=False,
        reset=discard_all,
        check=AsyncConnectionPool.check_connection,
        kwargs={"autocommit": True, "prepare_threshold": None},
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


class GuardedRunner:
    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def run(self, guarded: Guarded, customer_id: str) -> dict:
        async with self.pool.connection() as conn:
            try:
                columns, rows = await self._run_behind_walls(conn, guarded, customer_id)
            except psycopg.errors.QueryCanceled:
                return {
                    "error": "timeout",
                    "blocked": False,
                    "detail": f"the query took longer than {STATEMENT_TIMEOUT}",
                }
            except psycopg.Error as error:
                first = (str(error).strip().splitlines() or [type(error).__name__])[0]
                return {"error": "query_failed", "blocked": False, "detail": first[:300]}
        return {
            "columns": columns,
            "rows": [[cell(v) for v in row] for row in rows[:MAX_ROWS]],
            "row_count": min(len(rows), MAX_ROWS),
            "truncated": len(rows) > MAX_ROWS,
        }

    @staticmethod
    async def _run_behind_walls(conn: psycopg.AsyncConnection, guarded: Guarded, customer_id: str):
        """One pipelined round trip: open a read-only transaction, set the walls, run, roll back."""
        try:
            async with conn.pipeline() as pipeline:
                for statement in walls(customer_id):
                    await conn.execute(statement)
                cur = await conn.execute(guarded.sql, {CUSTOMER_PARAM: customer_id})
                await conn.execute("ROLLBACK")
                await pipeline.sync()
                rows = await cur.fetchmany(MAX_ROWS + 1)
                return [c.name for c in cur.description or []], rows
        finally:
            if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                await conn.execute("ROLLBACK")


def walls(customer_id: str) -> list:
    return [
        sql.SQL("BEGIN READ ONLY"),
        sql.SQL("SET LOCAL quipu.customer_id = {}").format(sql.Literal(customer_id)),
        sql.SQL(f"SET LOCAL statement_timeout = '{STATEMENT_TIMEOUT}'"),
        sql.SQL(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT}'"),
        sql.SQL("SET LOCAL ROLE dwh_reader"),
    ]
