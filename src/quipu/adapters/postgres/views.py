"""The read views in PostgreSQL: the customer's header and products, the operator accounts. Read only; the
customer's views are always filtered by the signed-in customer."""

from psycopg.rows import dict_row

from quipu.adapters.postgres.connection import PoolStore
from quipu.application.views import (
    Conversation,
    ConversationSummary,
    Greeting,
    Message,
    Movement,
    OperatorAccount,
    Product,
    SentMessage,
)
from quipu.domain.threads import conversation_id

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
FROM (SELECT t.*, row_number() OVER (PARTITION BY t.product_id ORDER BY t.transaction_date DESC, t.transaction_id DESC)
             AS n
      FROM core.transactions t WHERE t.customer_id = %(c)s) ranked
WHERE n <= %(per)s ORDER BY product_id, date DESC
"""
# one product's movements, newest first (a transfer confirmed today is dated today: it comes first)
PRODUCT_MOVEMENTS = """
SELECT t.transaction_date AS date, t.transaction_type AS kind, t.merchant_name AS merchant, t.amount, t.currency,
       t.transaction_status AS status
FROM core.transactions t WHERE t.customer_id = %(c)s AND t.product_id = %(p)s
ORDER BY t.transaction_date DESC, t.transaction_id DESC LIMIT %(limit)s
"""
OPERATORS = (
    "SELECT operator_id::text, username, display_name, role FROM ops.operators WHERE disabled_at IS NULL "
    "ORDER BY username"
)

SENT = (
    "SELECT message_id, channel, destination, template, language, subject, body, mode, status, created_at, sent_at "
    "FROM ops.outbox WHERE customer_id = %s ORDER BY message_id DESC LIMIT %s"
)
SUMMARY = "thread_id, title, language, status, skill, outcome, started_at, last_message_at"
MESSAGES = (
    "SELECT message_id, role, content, skill, created_at FROM ops.messages WHERE conversation_id = %s "
    "ORDER BY message_id"
)
BATCHES = (
    "SELECT batch_id::text, min(created_at) AS created_at FROM ops.actions WHERE conversation_id = %s "
    "AND customer_id = %s GROUP BY batch_id ORDER BY 2"
)
TRANSFERS = (
    "SELECT transfer_id::text, summary, status, status_reason, language, expires_at, receipt, origin_balance_after, "
    "currency, created_at FROM ops.transfers WHERE conversation_id = %s AND customer_id = %s ORDER BY created_at"
)


class PgViews(PoolStore):
    async def greeting(self, customer_id: str) -> Greeting:
        row = await self.fetch_one(
            "SELECT first_name, preferred_language, country FROM core.customers WHERE customer_id = %s",
            (customer_id,),
        )
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

    async def movements(self, customer_id: str, product_id: str, limit: int) -> list[Movement] | None:
        async with self.pool.connection() as conn:
            mine = await (
                await conn.execute(
                    "SELECT 1 FROM core.products WHERE customer_id = %s AND product_id = %s", (customer_id, product_id)
                )
            ).fetchone()
            if mine is None:
                return None
            cur = conn.cursor(row_factory=dict_row)
            await cur.execute(PRODUCT_MOVEMENTS, {"c": customer_id, "p": product_id, "limit": limit})
            return [Movement(**m) for m in await cur.fetchall()]

    async def operators(self) -> list[OperatorAccount]:
        async with self.pool.connection() as conn:
            rows = await (await conn.execute(OPERATORS)).fetchall()
        return [OperatorAccount(*r) for r in rows]

    async def sent(self, customer_id: str, limit: int) -> list[SentMessage]:
        async with self.pool.connection() as conn:
            rows = await (await conn.execute(SENT, (customer_id, limit))).fetchall()
        return [SentMessage(*r) for r in rows]

    async def conversations(self, customer_id: str, limit: int) -> list[ConversationSummary]:
        async with self.pool.connection() as conn:
            rows = await (
                await conn.execute(
                    f"SELECT {SUMMARY} FROM ops.conversations WHERE customer_id = %s AND hidden_at IS NULL "
                    "ORDER BY last_message_at DESC LIMIT %s",
                    (customer_id, limit),
                )
            ).fetchall()
        return [ConversationSummary(*r) for r in rows]

    async def conversation(self, customer_id: str, thread_id: str) -> Conversation | None:
        cid = conversation_id(customer_id, thread_id)
        async with self.pool.connection() as conn:
            cur = conn.cursor(row_factory=dict_row)
            await cur.execute(
                f"SELECT {SUMMARY} FROM ops.conversations WHERE conversation_id = %s AND customer_id = %s",
                (cid, customer_id),
            )
            head = await cur.fetchone()
            if head is None:
                return None
            messages = await (await conn.execute(MESSAGES, (cid,))).fetchall()
            batches = await (await conn.execute(BATCHES, (cid, customer_id))).fetchall()
            await cur.execute(TRANSFERS, (cid, customer_id))
            transfers = await cur.fetchall()
        return Conversation(
            **head,
            messages=[Message(*m) for m in messages],
            batches=[(b[0], b[1]) for b in batches],
            transfers=transfers,
        )
