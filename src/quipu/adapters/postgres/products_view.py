"""Mis productos: each of the customer's products with its status (a card blocked here shows as blocked), its
balance, and its last movements; read only, always filtered by the signed-in customer."""

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

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


async def my_products(pool: AsyncConnectionPool, customer_id: str, per_product: int = 3) -> list[dict]:
    async with pool.connection() as conn:
        cur = conn.cursor(row_factory=dict_row)
        await cur.execute(PRODUCTS, {"c": customer_id})
        products = await cur.fetchall()
        await cur.execute(MOVEMENTS, {"c": customer_id, "per": per_product})
        movements = await cur.fetchall()
    for product in products:
        product["movements"] = [m for m in movements if m["product_id"] == product["product_id"]]
    return products
