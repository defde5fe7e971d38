"""The customer's disputes in ops, each with the charge it is about (core) and where its case stands. Read only;
the one writer of ops.disputes is `cases_store.insert_case`."""

from quipu.adapters.postgres.connection import PoolStore
from quipu.domain.disputes import OPEN, Dispute

DISPUTES = """
SELECT d.tracking_token, d.transaction_id, d.status, d.created_at, d.sla_due_at,
       t.merchant_name, t.amount, t.currency, t.transaction_date,
       (SELECT h.status FROM ops.handoff_cases h WHERE h.dispute_id = d.dispute_id ORDER BY h.created_at DESC LIMIT 1)
FROM ops.disputes d
LEFT JOIN core.transactions t ON t.transaction_id = d.transaction_id AND t.customer_id = d.customer_id
WHERE d.customer_id = %(customer)s
  AND (%(charges)s::text[] IS NULL OR d.transaction_id = ANY(%(charges)s::text[]))
  AND (NOT %(open_only)s OR d.status = ANY(%(open)s::text[]))
ORDER BY d.created_at DESC
LIMIT %(limit)s
"""


def dispute_from(row) -> Dispute:
    reference, transaction_id, status, opened_at, promised_by, merchant, amount, currency, charge_at, case = row
    return Dispute(
        reference, transaction_id, status, opened_at, promised_by, merchant, amount, currency, charge_at, case
    )


async def disputes_of(
    conn, customer_id: str, *, transaction_ids: list[str] | None = None, open_only: bool = False, limit: int = 50
) -> list[Dispute]:
    """Newest first; on a connection of the caller's (a case writer reads them in its own transaction)."""
    found = {
        "customer": customer_id,
        "charges": transaction_ids,
        "open_only": open_only,
        "open": list(OPEN),
        "limit": limit,
    }
    return [dispute_from(r) for r in await (await conn.execute(DISPUTES, found)).fetchall()]


class PgDisputes(PoolStore):
    async def of_customer(
        self, customer_id: str, *, transaction_ids: list[str] | None = None, open_only: bool = False, limit: int = 50
    ) -> list[Dispute]:
        async with self.pool.connection() as conn:
            return await disputes_of(
                conn, customer_id, transaction_ids=transaction_ids, open_only=open_only, limit=limit
            )
