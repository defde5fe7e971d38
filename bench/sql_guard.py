"""Guarded text-to-SQL: time spent in the guard, and guarded execution against the same query run raw.

"Raw" is the query with the customer filter written by hand, run by the application role; "guarded" is
the guard's rewrite run behind the database walls (dwh_reader, row-level security, read-only, limits).
The statement ratio (the target) times each side in its own read-only transaction on the same
connection, in alternating order; the call ratio adds everything around it (the guard's parse, the
pipelined walls and rollback, the connection reset) against a bare raw call.

    python bench/sql_guard.py            # 150,000 customers
    python bench/sql_guard.py --quick    # 5,000 customers, fewer rounds
"""

import argparse
import asyncio
import random
import sys
import time
from pathlib import Path

import psycopg
from psycopg_pool import AsyncConnectionPool

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import bench_database, summary_ms, table, write_result  # noqa: E402

from quipu.adapters.postgres.schema_catalog import core_columns  # noqa: E402
from quipu.adapters.postgres.sql_runner import MAP_READER, UNMAP_READER, GuardedRunner, dwh_pool, walls  # noqa: E402
from quipu.domain.sql_scope import Guarded  # noqa: E402
from quipu.domain.sql_scope import guard as guard_with  # noqa: E402

CORE = core_columns()


def guard(sql: str):
    return guard_with(sql, CORE)


PAIRS = [
    ("SELECT count(*) FROM transactions", "SELECT count(*) FROM core.transactions WHERE customer_id = %(customer)s"),
    (
        "SELECT currency, sum(amount) FROM transactions WHERE transaction_status = 'Approved' "
        "AND transaction_type = 'Purchase' GROUP BY currency",
        "SELECT currency, sum(amount) FROM core.transactions WHERE customer_id = %(customer)s "
        "AND transaction_status = 'Approved' AND transaction_type = 'Purchase' GROUP BY currency",
    ),
    (
        "SELECT date_trunc('month', transaction_date) m, sum(amount) FROM transactions "
        "WHERE transaction_date >= DATE '2026-06-18' - INTERVAL '180 days' GROUP BY 1 ORDER BY 1",
        "SELECT date_trunc('month', transaction_date) m, sum(amount) FROM core.transactions WHERE customer_id = "
        "%(customer)s AND transaction_date >= DATE '2026-06-18' - INTERVAL '180 days' GROUP BY 1 ORDER BY 1",
    ),
    (
        "SELECT merchant_name, count(*), sum(amount) FROM transactions WHERE merchant_name ILIKE '%a%' "
        "GROUP BY 1 ORDER BY 3 DESC LIMIT 5",
        "SELECT merchant_name, count(*), sum(amount) FROM core.transactions WHERE customer_id = %(customer)s "
        "AND merchant_name ILIKE '%%a%%' GROUP BY 1 ORDER BY 3 DESC LIMIT 5",
    ),
    (
        "SELECT p.product_type, count(t.transaction_id) FROM products p LEFT JOIN transactions t "
        "ON t.product_id = p.product_id GROUP BY 1",
        "SELECT p.product_type, count(t.transaction_id) FROM core.products p LEFT JOIN core.transactions t "
        "ON t.product_id = p.product_id AND t.customer_id = %(customer)s WHERE p.customer_id = %(customer)s GROUP BY 1",
    ),
    (
        "SELECT * FROM transactions ORDER BY amount DESC LIMIT 10",
        "SELECT * FROM core.transactions WHERE customer_id = %(customer)s ORDER BY amount DESC LIMIT 10",
    ),
    (
        "SELECT t.amount, r.exchange_rate FROM transactions t JOIN fx_rates r ON r.date = t.transaction_date::date "
        "AND r.source_currency = t.currency AND r.target_currency = 'USD' ORDER BY t.transaction_date DESC LIMIT 5",
        "SELECT t.amount, r.exchange_rate FROM core.transactions t JOIN core.fx_rates r ON r.date = "
        "t.transaction_date::date AND r.source_currency = t.currency AND r.target_currency = 'USD' "
        "WHERE t.customer_id = %(customer)s ORDER BY t.transaction_date DESC LIMIT 5",
    ),
    (
        "SELECT status, count(*) FROM complaints GROUP BY status",
        "SELECT status, count(*) FROM core.complaints WHERE customer_id = %(customer)s GROUP BY status",
    ),
]


def time_guard(rounds: int) -> list[float]:
    samples = []
    for _ in range(rounds):
        for sql, _ in PAIRS:
            start = time.perf_counter()
            verdict = guard(sql)
            samples.append(time.perf_counter() - start)
            assert isinstance(verdict, Guarded), verdict
    return samples


async def time_execution(urls, customers: list[str]) -> dict[str, list[float]]:
    runner_pool = dwh_pool(urls.reader, max_size=2)
    await runner_pool.open(wait=True)
    mapper = AsyncConnectionPool(urls.app, min_size=1, max_size=2, open=False, kwargs={"autocommit": True})
    await mapper.open(wait=True)
    runner = GuardedRunner(runner_pool, mapper)
    samples = {"guarded_call": [], "raw_call": [], "guarded_statement": [], "raw_statement": []}
    async with AsyncConnectionPool(urls.app, min_size=2, max_size=2, kwargs={"autocommit": True}) as raw_pool:

        async def guarded(sql, customer):
            result = await runner.run(guard(sql), customer)
            assert "error" not in result, result

        async def raw(sql, customer):
            async with raw_pool.connection() as conn:
                await (await conn.execute(sql, {"customer": customer})).fetchall()

        for index, customer in enumerate(customers):
            for model_sql, raw_sql in PAIRS:
                ways = [("guarded_call", guarded, model_sql), ("raw_call", raw, raw_sql)]
                for name, work, sql in ways if index % 2 else reversed(ways):
                    start = time.perf_counter()
                    await work(sql, customer)
                    if index >= 5:  # the first customers warm caches and plans
                        samples[name].append(time.perf_counter() - start)
            if index >= 5:
                await time_statements(raw_pool, runner_pool, mapper, customer, index, samples)
    await runner_pool.close()
    await mapper.close()
    return samples


async def time_statements(pool, reader, mapper, customer: str, index: int, samples: dict) -> None:
    """The statement alone, each side in its own read-only transaction, in alternating order: the guarded
    SQL on the reader's login behind the walls (row-level security keyed to the reader's mapping, limits)
    against the hand-scoped SQL as the application role. Only the statement is timed."""
    async with pool.connection() as conn, reader.connection() as guarded_conn, mapper.connection() as map_conn:
        await map_conn.execute(MAP_READER, (guarded_conn.info.backend_pid, customer))
        for model_sql, raw_sql in PAIRS:
            sides = [("guarded_statement", guard(model_sql).sql, True), ("raw_statement", raw_sql, False)]
            for name, sql_text, behind_walls in sides if index % 2 else reversed(sides):
                target = guarded_conn if behind_walls else conn
                async with target.transaction():
                    if behind_walls:
                        for statement in walls():
                            if statement.as_string(target) != "BEGIN READ ONLY":
                                await target.execute(statement)
                    await target.execute("SET TRANSACTION READ ONLY")
                    start = time.perf_counter()
                    await (await target.execute(sql_text, {"customer": customer})).fetchall()
                    samples[name].append(time.perf_counter() - start)
                    raise psycopg.Rollback()  # leave the transaction without committing anything
        await map_conn.execute(UNMAP_READER, (guarded_conn.info.backend_pid,))


async def pick_customers(urls, count: int) -> list[str]:
    async with (
        AsyncConnectionPool(urls.app, min_size=1, max_size=1, kwargs={"autocommit": True}) as pool,
        pool.connection() as conn,
    ):
        ids = [
            r[0]
            for r in await (
                await conn.execute("SELECT customer_id FROM core.customers ORDER BY customer_id")
            ).fetchall()
        ]
    random.Random(11).shuffle(ids)
    return ids[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5,000 customers and fewer rounds")
    args = parser.parse_args()
    size, rounds, count = (5_000, 50, 30) if args.quick else (150_000, 300, 150)
    urls = bench_database(size)
    guard_samples = time_guard(rounds)
    executed = asyncio.run(time_execution(urls, asyncio.run(pick_customers(urls, count))))
    stats = {"guard": summary_ms(guard_samples), **{k: summary_ms(v) for k, v in executed.items()}}
    ratio = {
        kind: {
            q: round(stats[f"guarded_{kind}"][f"{q}_ms"] / stats[f"raw_{kind}"][f"{q}_ms"], 2) for q in ("p50", "p95")
        }
        for kind in ("statement", "call")
    }
    result = {
        "customers": size,
        "queries": len(PAIRS),
        "results": stats,
        "ratio_guarded_to_raw": ratio,
        "targets": {"guard_p95_ms": 2, "ratio": 1.3},
    }
    rows = [(name, s["n"], s["p50_ms"], s["p95_ms"], s["mean_ms"]) for name, s in stats.items()]
    print(table(rows, ("what", "n", "p50 ms", "p95 ms", "mean ms")))
    for kind, r in ratio.items():
        print(f"guarded / raw {kind}: p50 x{r['p50']}, p95 x{r['p95']}")
    print("targets: guard p95 < 2 ms, ratio < 1.3")
    print(f"written {write_result('sql_guard' + ('-quick' if args.quick else ''), result)}")


if __name__ == "__main__":
    main()
