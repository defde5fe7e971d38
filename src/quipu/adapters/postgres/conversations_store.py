"""Conversations and their messages, always looked up through the owning customer."""

from quipu.adapters.postgres.connection import PoolStore
from quipu.domain.threads import conversation_id


class PgConversations(PoolStore):
    async def ensure(self, customer_id: str, thread_id: str, *, language: str = "es", channel: str = "web") -> str:
        cid = conversation_id(customer_id, thread_id)
        async with self.pool.connection() as conn:
            await conn.execute(
                "INSERT INTO ops.conversations (conversation_id, customer_id, thread_id, language, channel) "
                "VALUES (%s, %s, %s, %s, %s) "
                # the thread's language is the one its customer wrote in last: the next short message keeps it
                "ON CONFLICT (conversation_id) DO UPDATE SET language = EXCLUDED.language "
                "WHERE ops.conversations.customer_id = EXCLUDED.customer_id",
                (cid, customer_id, thread_id, language, channel),
            )
        return str(cid)

    async def append(
        self,
        customer_id: str,
        thread_id: str,
        role: str,
        content: str,
        *,
        skill: str | None = None,
        operator_id: str | None = None,
    ) -> int:
        cid = conversation_id(customer_id, thread_id)
        row = await self.fetch_one(
            "WITH added AS (INSERT INTO ops.messages (conversation_id, role, content, skill, operator_id) "
            "SELECT conversation_id, %s, %s, %s, %s FROM ops.conversations "
            "WHERE conversation_id = %s AND customer_id = %s RETURNING message_id, created_at) "
            "UPDATE ops.conversations c SET last_message_at = added.created_at FROM added "
            "WHERE c.conversation_id = %s RETURNING added.message_id",
            (role, content[:4000], skill, operator_id, cid, customer_id, cid),
        )
        if row is None:
            raise LookupError("unknown_conversation")
        return row[0]

    async def last_message(self, customer_id: str, thread_id: str) -> tuple[str, str] | None:
        row = await self.fetch_one(
            "SELECT m.role, m.content FROM ops.messages m JOIN ops.conversations c USING (conversation_id) "
            "WHERE c.conversation_id = %s AND c.customer_id = %s ORDER BY m.message_id DESC LIMIT 1",
            (conversation_id(customer_id, thread_id), customer_id),
        )
        return (row[0], row[1]) if row else None

    async def language(self, customer_id: str, thread_id: str) -> str | None:
        row = await self.fetch_one(
            "SELECT language FROM ops.conversations WHERE conversation_id = %s AND customer_id = %s",
            (conversation_id(customer_id, thread_id), customer_id),
        )
        return row[0] if row else None

    async def status(self, customer_id: str, thread_id: str) -> str | None:
        row = await self.fetch_one(
            "SELECT status FROM ops.conversations WHERE conversation_id = %s AND customer_id = %s",
            (conversation_id(customer_id, thread_id), customer_id),
        )
        return row[0] if row else None

    async def record(
        self,
        customer_id: str,
        thread_id: str,
        *,
        skill: str | None,
        outcome: str | None,
        title: str | None,
        status: str | None,
    ) -> None:
        async with self.pool.connection() as conn:
            await conn.execute(
                "UPDATE ops.conversations SET skill = coalesce(%s, skill), outcome = coalesce(%s, outcome), "
                "title = coalesce(title, %s), status = coalesce(%s, status) "
                "WHERE conversation_id = %s AND customer_id = %s",
                (
                    skill,
                    outcome
                    if outcome in ("answered", "proposed", "done", "cancelled", "refused", "handed_off")
                    else ("answered" if outcome == "question" else None),
                    title,
                    status,
                    conversation_id(customer_id, thread_id),
                    customer_id,
                ),
            )

    async def language_and_names(self, customer_id: str) -> tuple[str, tuple[str, ...]]:
        """The customer's language, and the names traces must never carry."""
        row = await self.fetch_one(
            "SELECT preferred_language, first_name, last_name FROM core.customers WHERE customer_id = %s",
            (customer_id,),
        )
        if row is None:
            return "es", ()
        full = " ".join(p for p in row[1:] if p)
        return row[0], tuple(p for p in (full, *row[1:], *(row[2] or "").split()) if p)

    async def country(self, customer_id: str) -> str | None:
        """The customer's country, for the number convention of the replies."""
        row = await self.fetch_one("SELECT country FROM core.customers WHERE customer_id = %s", (customer_id,))
        return row[0] if row else None
