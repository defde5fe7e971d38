"""Connecting to PostgreSQL, with errors that name the target and never the password."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit

import psycopg
from psycopg_pool import AsyncConnectionPool

CONNECT_TIMEOUT_SECONDS = 5

RowT = TypeVar("RowT")


class DatabaseUnreachable(RuntimeError):
    pass


@dataclass(frozen=True)
class DatabaseUrls:
    """The admin URL (migrations, loads), the application URL (runtime, least privilege) and the reader's
    own login (guarded SQL only; None when none is configured, and run_sql stays off)."""

    admin: str
    app: str
    reader: str | None = None

    @property
    def database(self) -> str:
        return urlsplit(self.admin).path.lstrip("/")


def describe(url: str) -> str:
    """host/database of a URL, for messages; the password never appears."""
    parts = urlsplit(url)
    query = parse_qs(parts.query)
    host = parts.hostname or query.get("host", ["local socket"])[0]
    port = f":{parts.port}" if parts.port else ""
    database = parts.path.lstrip("/") or query.get("dbname", ["?"])[0]
    return f"database '{database}' on {host}{port}"


def mask(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return parts._replace(netloc=netloc).geturl()


def connect(url: str, **kwargs) -> psycopg.Connection:
    """An autocommit connection: callers open explicit transactions."""
    try:
        return psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT_SECONDS, autocommit=True, **kwargs)
    except psycopg.OperationalError as error:
        reason = str(error).strip().splitlines()[-1] if str(error).strip() else type(error).__name__
        raise DatabaseUnreachable(f"cannot reach {describe(url)}: {reason}") from None


class PoolStore:
    """A store that runs its queries on connections of one pool."""

    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def fetch_one(self, query: str, params: Sequence[Any] | Mapping[str, Any]) -> Any:
        """The first row of one query on a connection of the pool, or None."""
        async with self.pool.connection() as conn:
            return await (await conn.execute(query, params)).fetchone()


def one_row(row: RowT | None) -> RowT:
    """The row of a query that always returns one (an aggregate, a RETURNING, a function call)."""
    if row is None:
        raise LookupError("the query returned no row")
    return row
