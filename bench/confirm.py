"""Confirming transfers under load: latency of the confirm (locks, re-check, two balances, two movements,
receipt, audit; one transaction) with 50 concurrent clients, and executed transfers per second.

    python bench/confirm.py            # 150,000-customer bank, 2,000 confirms
    python bench/confirm.py --quick    # 5,000 customers, 400 confirms
"""

import argparse
import asyncio
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from psycopg_pool import AsyncConnectionPool

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import bench_database, summary_ms, table, write_result  # noqa: E402

from quipu.adapters.postgres.audit import PgAudit  # noqa: E402
from quipu.adapters.postgres.transfers_store import PgTransfers  # noqa: E402
from quipu.application.caller import Caller  # noqa: E402
from quipu.application.transfer_results import Proposed  # noqa: E402
from quipu.application.transfers import Transfers  # noqa: E402

CLIENTS = 50


async def senders(pool, count: int) -> list[tuple[str, str, str]]:
    """Customers with an active savings and an active checking account in one currency."""
    async with pool.connection() as conn:
        rows = await (
            await conn.execute(
                "SELECT a.customer_id, a.product_number_last4, b.product_number_last4 FROM core.products a "
                "JOIN core.products b ON b.customer_id = a.customer_id AND b.currency = a.currency "
                "JOIN core.customers c ON c.customer_id = a.customer_id AND c.customer_status = 'Active' "
                "WHERE a.product_type = 'Cuenta Ahorro' AND b.product_type = 'Cuenta Corriente' "
                "AND a.product_status = 'Active' AND b.product_status = 'Active' AND a.current_balance > 100 "
                "AND a.product_number_last4 <> b.product_number_last4 ORDER BY a.customer_id"
            )
        ).fetchall()
    random.Random(3).shuffle(rows)
    return rows[:count]


async def run(customers: int, confirms: int, clients: int = CLIENTS) -> dict:
    urls = bench_database(customers)
    async with AsyncConnectionPool(urls.app, min_size=20, max_size=20, kwargs={"autocommit": True}) as pool:
        clock = lambda: datetime.now(UTC)  # noqa: E731
        money = Transfers(PgTransfers(pool, clock), PgAudit(pool), clock)
        people = await senders(pool, confirms)
        proposals = []
        for customer, saving, checking in people:
            words = f"pasa 1 de mi cuenta {saving} a la {checking}"
            proposal = await money.propose_transfer(
                Caller(customer, True, "es", said=words),
                kind="own_accounts",
                amount="1",
                from_last4=saving,
                to_last4=checking,
            )
            if isinstance(proposal, Proposed):
                proposals.append((customer, proposal.confirmation.transfer_id))
        queue = asyncio.Queue()
        for item in proposals:
            queue.put_nowait(item)
        latencies, statuses = [], {}

        async def client():
            while not queue.empty():
                customer, transfer_id = queue.get_nowait()
                start = time.perf_counter()
                result = await money.confirm(customer, transfer_id, stepped_up=True)
                latencies.append(time.perf_counter() - start)
                statuses[result.status] = statuses.get(result.status, 0) + 1

        started = time.perf_counter()
        await asyncio.gather(*(client() for _ in range(clients)))
        elapsed = time.perf_counter() - started
    executed = statuses.get("executed", 0)
    return {
        "customers": customers,
        "clients": clients,
        "pool_size": 20,
        "confirms": len(latencies),
        "statuses": statuses,
        "latency": summary_ms(latencies),
        "seconds": round(elapsed, 2),
        "executed_per_second": round(executed / elapsed, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5,000 customers, 400 confirms")
    args = parser.parse_args()
    customers, confirms = (5_000, 400) if args.quick else (150_000, 2_000)
    result = asyncio.run(run(customers, confirms))
    latency = result["latency"]
    print(
        table(
            [("confirm", result["confirms"], latency["p50_ms"], latency["p95_ms"], result["executed_per_second"])],
            ("what", "n", "p50 ms", "p95 ms", "executed/s"),
        )
    )
    print(f"{CLIENTS} concurrent clients, statuses {result['statuses']}")
    print(f"written {write_result('confirm' + ('-quick' if args.quick else ''), result)}")


if __name__ == "__main__":
    main()
