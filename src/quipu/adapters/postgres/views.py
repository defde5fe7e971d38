"""The read views in PostgreSQL: the customer's header and products, the operator accounts. Read only; the
customer's views are always filtered by the signed-in customer."""

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from quipu.application.views import Greeting, Movement, OperatorAccount, Product

PRODUCTS = """
SELECT p.product_id, p.product_type, p.product_number_last4 AS last4, p.currency, p.current_balance AS balance,
       CASE (SELECT a.action FROM ops.card_actions a WHERE a.product_id = p.product_id AND a.customer_id = p.customer_id
             ORDER BY a.requested_at DESC LIMIT 1)
            WHEN 'freeze' THEN 'Blocked' WHEN 'cancel' THEN 'Cancelled' ELSE p.product_status END AS status
FROM core.products p WHERE p.customer_id = %(c)s ORDER BY p.product_type, p.product_id
"""
MOVEMENTS = """
SELECT product_id, transaction_date AS date, transaction_type AS kind, merchant_name AS merchant, amount, currency,
       transaction_status AS status
FROM (SELECT t.*, row_number() OVER (PARTITION BY t.product_id ORDER BY t.transaction_date DESC) AS n
      FROM core.transactions t WHERE t.customer_id = %(c)s) ranked
WHERE n <= %(per)s ORDER BY product_id, date DESC
"""
OPERATORS = (
    "SELECT operator_id::text, username, display_name, role FROM ops.operators WHERE disabled_at IS NULL "
    "ORDER BY username"
)


class PgViews:
    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def greeting(self, customer_id: str) -> Greeting:
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute(
                    "SELECT first_name, preferred_language FROM core.customers WHERE customer_id = %s", (customer_id,)
                )
            ).fetchone()
        return Greeting(*row) if row else Greeting(None, "es")

    async def products(self, customer_id: str, per_product: int = 3) -> list[Product]:
        async with self.pool.connection() as conn:
            cur = conn.cursor(row_factory=dict_row)
            await cur.execute(PRODUCTS, {"c": customer_id})
            products = await cur.fetchall()
            await cur.execute(MOVEMENTS, {"c": customer_id, "per": per_product})
            movements = await cur.fetchall()
        return [
            Product(
                **p,
                movements=[
                    Movement(**{k: v for k, v in m.items() if k != "product_id"})
                    for m in movements
                    if m["product_id"] == p["product_id"]
                ],
            )
            for p in products
        ]

    async def operators(self) -> list[OperatorAccount]:
        async with self.pool.connection() as conn:
            rows = await (await conn.execute(OPERATORS)).fetchall()
        return [OperatorAccount(*r) for r in rows]
