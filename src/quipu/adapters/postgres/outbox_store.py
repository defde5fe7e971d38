"""The outbox: every message the bank sends a customer. Simulated by default (stored, not sent)."""

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

LISTED = (
    "message_id",
    "channel",
    "destination",
    "template",
    "language",
    "subject",
    "body",
    "mode",
    "status",
    "created_at",
    "sent_at",
)


class PgOutbox:
    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def deliver(
        self,
        *,
        customer_id: str,
        template: str,
        language: str,
        destination: str,
        delivered_to: str | None,
        subject: str,
        body: str,
    ) -> int:
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute(
                    "INSERT INTO ops.outbox (customer_id, channel, destination, delivered_to, template, language, "
                    "subject, body, mode, status, attempts, sent_at) "
                    "VALUES (%s, 'email', %s, %s, %s, %s, %s, %s, 'simulated', 'accepted', 1, now()) "
                    "RETURNING message_id",
                    (customer_id, destination, delivered_to, template, language, subject, body),
                )
            ).fetchone()
        return row[0]

    async def recent(self, customer_id: str, limit: int) -> list[dict]:
        async with self.pool.connection() as conn:
            cur = conn.cursor(row_factory=dict_row)
            await cur.execute(
                f"SELECT {', '.join(LISTED)} FROM ops.outbox WHERE customer_id = %s ORDER BY message_id DESC LIMIT %s",
                (customer_id, limit),
            )
            return await cur.fetchall()
