"""investigate_charges per call on a large bank, against the same checks as one hand-tuned SQL query.

python bench/investigate.py            # 150,000 customers, 400 calls each way
python bench/investigate.py --quick    # 5,000 customers, 100 calls
"""

import argparse
import asyncio
import random
import sys
import time
from pathlib import Path

from fastmcp import Client
from psycopg_pool import AsyncConnectionPool

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import bench_database, summary_ms, table, write_result  # noqa: E402

from quipu.adapters.mcp.hub import hub  # noqa: E402
from quipu.adapters.mcp.session import meta_of  # noqa: E402
from quipu.adapters.postgres.audit import PgAudit  # noqa: E402
from quipu.adapters.postgres.bank_records import PgBankRecords  # noqa: E402
from quipu.application.caller import Caller  # noqa: E402
from quipu.application.investigation import ChargeQuery, Investigation  # noqa: E402
from quipu.application.skills.tool_deps import ToolDeps  # noqa: E402
from quipu.domain.dataset import DATASET_NOW  # noqa: E402

DAYS = 90
HAND_TUNED = """
WITH home AS (SELECT country FROM core.customers WHERE customer_id = %(c)s),
picked AS (
    SELECT * FROM core.transactions
    WHERE customer_id = %(c)s AND transaction_type = 'Purchase' AND transaction_date >= %(since)s
    ORDER BY transaction_date DESC, transaction_id LIMIT 4
)
SELECT p.transaction_id, p.transaction_date, p.merchant_name, p.amount, p.currency, p.transaction_status,
       p.transaction_country, p.transaction_city, p.is_fraud, p.fraud_score,
       twin.seconds_apart,
       lower(p.transaction_country) <> lower((SELECT country FROM home)) AS foreign_purchase,
       rate.exchange_rate AS usd_rate, rate.date AS rate_date,
       s.platform AS session_platform
FROM picked p
LEFT JOIN LATERAL (
    SELECT abs(extract(epoch FROM o.transaction_date - p.transaction_date))::int AS seconds_apart
    FROM core.transactions o
    WHERE o.customer_id = %(c)s AND o.transaction_id <> p.transaction_id
      AND o.transaction_date BETWEEN p.transaction_date - interval '600 seconds'
                                 AND p.transaction_date + interval '600 seconds'
      AND o.merchant_name = p.merchant_name AND o.amount = p.amount AND o.currency = p.currency
      AND o.transaction_status IN ('Approved', 'Pending') AND p.transaction_status IN ('Approved', 'Pending')
    ORDER BY 1 LIMIT 1
) twin ON true
LEFT JOIN LATERAL (
    SELECT exchange_rate, date FROM core.fx_rates
    WHERE source_currency = p.currency AND target_currency = 'USD'
      AND date <= p.transaction_date::date AND date > p.transaction_date::date - 7
    ORDER BY date DESC LIMIT 1
) rate ON p.currency <> 'USD'
LEFT JOIN LATERAL (
    SELECT platform FROM core.app_sessions a
    WHERE a.customer_id = %(c)s AND a.had_login
      AND a.started_at <= p.transaction_date + interval '5 minutes'
      AND coalesce(a.ended_at, a.started_at) >= p.transaction_date - interval '5 minutes'
    LIMIT 1
) s ON true
"""


async def sample_customers(pool, count: int, seed: int) -> list[str]:
    async with pool.connection() as conn:
        rows = await (
            await conn.execute(
                "SELECT DISTINCT customer_id FROM core.transactions WHERE transaction_type = 'Purchase' "
                "AND transaction_date >= %s ORDER BY customer_id",
                (DATASET_NOW.replace(month=3),),
            )
        ).fetchall()
    ids = [r[0] for r in rows]
    random.Random(seed).shuffle(ids)
    return ids[:count]


async def timed(calls, work) -> list[float]:
    samples = []
    for customer in calls:
        start = time.perf_counter()
        await work(customer)
        samples.append(time.perf_counter() - start)
    return samples


async def run(customers: int, calls: int) -> dict:
    urls = bench_database(customers)
    async with AsyncConnectionPool(urls.app, min_size=4, max_size=4, kwargs={"autocommit": True}) as pool:
        picked = await sample_customers(pool, calls, seed=7)
        investigation = Investigation(PgBankRecords(pool))
        query = ChargeQuery(days=DAYS)
        since = DATASET_NOW.replace(month=3, day=20)

        async def use_case(customer):
            return await investigation.investigate_charges(customer, query)

        async def hand_tuned(customer):
            async with pool.connection() as conn:
                return await (await conn.execute(HAND_TUNED, {"c": customer, "since": since})).fetchall()

        server = hub(lambda: ToolDeps(records=PgBankRecords(pool), audit=PgAudit(pool)), actions_enabled=False)
        async with Client(server) as client:

            async def through_mcp(customer):
                return await client.call_tool(
                    "investigation_investigate_charges", {"days": DAYS}, meta=meta_of(Caller(customer, True))
                )

            for work in (use_case, hand_tuned, through_mcp):  # warm caches and plans
                await timed(picked[:20], work)
            rounds = {"use_case": [], "hand_tuned_sql": [], "mcp_tool": []}
            for _ in range(2):  # interleaved, so drift on a shared machine hits all three alike
                rounds["hand_tuned_sql"] += await timed(picked, hand_tuned)
                rounds["use_case"] += await timed(picked, use_case)
                rounds["mcp_tool"] += await timed(picked, through_mcp)
    stats = {name: summary_ms(samples) for name, samples in rounds.items()}
    ratio = {q: round(stats["use_case"][f"{q}_ms"] / stats["hand_tuned_sql"][f"{q}_ms"], 2) for q in ("p50", "p95")}
    return {
        "customers": customers,
        "calls_per_way": len(rounds["use_case"]),
        "days": DAYS,
        "results": stats,
        "ratio_use_case_to_sql": ratio,
        "targets": {"use_case_p95_ms": 5, "ratio": 1.5},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5,000 customers and 100 calls")
    args = parser.parse_args()
    customers, calls = (5_000, 100) if args.quick else (150_000, 400)
    result = asyncio.run(run(customers, calls))
    rows = [(name, s["n"], s["p50_ms"], s["p95_ms"], s["mean_ms"]) for name, s in result["results"].items()]
    print(table(rows, ("way", "calls", "p50 ms", "p95 ms", "mean ms")))
    print(
        f"use case / hand-tuned SQL: p50 x{result['ratio_use_case_to_sql']['p50']}, "
        f"p95 x{result['ratio_use_case_to_sql']['p95']}  (targets: p95 < 5 ms, ratio < 1.5)"
    )
    print(f"written {write_result('investigate' + ('-quick' if args.quick else ''), result)}")


if __name__ == "__main__":
    main()
