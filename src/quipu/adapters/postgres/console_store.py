"""The operator console's reads and writes: the queue, one thread with its case files, take over, give back."""

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.audit import record_decision
from quipu.domain.agent_text import say

QUEUE = """
SELECT c.conversation_id::text, c.customer_id, cu.first_name, cu.last_name, c.thread_id, c.language, c.status,
       c.title, c.skill, c.last_message_at, h.case_id::text, h.priority, h.sla_due_at, h.reason_codes
FROM ops.conversations c
LEFT JOIN core.customers cu ON cu.customer_id = c.customer_id
LEFT JOIN LATERAL (
    SELECT case_id, priority, sla_due_at, reason_codes FROM ops.handoff_cases k
    WHERE k.conversation_id = c.conversation_id ORDER BY created_at DESC LIMIT 1
) h ON true
WHERE c.hidden_at IS NULL AND (%(status)s::text IS NULL OR c.status = %(status)s)
ORDER BY (c.status = 'waiting') DESC, c.last_message_at DESC
LIMIT %(limit)s
"""

DASHBOARD = """
WITH recent AS (
    SELECT conversation_id, status FROM ops.conversations WHERE started_at >= now() - make_interval(days => %(days)s)
), helped AS (
    SELECT DISTINCT conversation_id FROM ops.handoff_cases WHERE conversation_id IN (SELECT conversation_id FROM recent)
    UNION
    SELECT DISTINCT conversation_id FROM ops.messages
    WHERE role = 'operator' AND conversation_id IN (SELECT conversation_id FROM recent)
), first_reply AS (
    SELECT m.conversation_id,
           min(m.created_at) FILTER (WHERE m.role IN ('assistant', 'operator'))
             - min(m.created_at) FILTER (WHERE m.role = 'customer') AS wait
    FROM ops.messages m JOIN recent USING (conversation_id) GROUP BY m.conversation_id
)
SELECT (SELECT count(*) FROM recent) AS conversations,
       (SELECT count(*) FROM recent WHERE conversation_id NOT IN (SELECT conversation_id FROM helped)) AS without_person,
       (SELECT count(*) FROM recent WHERE status = 'waiting') AS waiting,
       (SELECT count(*) FROM recent WHERE status = 'human') AS with_person,
       (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM wait))
          FROM first_reply WHERE wait >= interval '0') AS first_response_p50_seconds
"""

HANDOFF_REASONS = """
SELECT reason, count(*) AS cases FROM ops.handoff_cases, unnest(reason_codes) AS reason
WHERE created_at >= now() - make_interval(days => %(days)s) GROUP BY reason ORDER BY cases DESC, reason
"""


class UnknownConversation(LookupError):
    pass


class PgConsole:
    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def queue(self, *, status: str | None = None, limit: int = 100) -> list[dict]:
        """Waiting conversations first, then the newest."""
        async with self.pool.connection() as conn:
            cur = conn.cursor(row_factory=dict_row)
            await cur.execute(QUEUE, {"status": status, "limit": limit})
            return await cur.fetchall()

    async def thread(self, conversation_id: str) -> dict:
        async with self.pool.connection() as conn:
            cur = conn.cursor(row_factory=dict_row)
            await cur.execute(
                "SELECT c.conversation_id::text, c.customer_id, cu.first_name, cu.last_name, c.thread_id, c.language, "
                "c.status, c.title, c.skill, c.outcome, c.started_at, c.last_message_at FROM ops.conversations c "
                "LEFT JOIN core.customers cu ON cu.customer_id = c.customer_id WHERE c.conversation_id = %s",
                (conversation_id,),
            )
            found = await cur.fetchone()
            if found is None:
                raise UnknownConversation(conversation_id)
            await cur.execute(
                "SELECT m.message_id, m.role, m.content, m.skill, m.created_at, o.display_name AS operator "
                "FROM ops.messages m LEFT JOIN ops.operators o ON o.operator_id = m.operator_id "
                "WHERE m.conversation_id = %s ORDER BY m.message_id",
                (conversation_id,),
            )
            found["messages"] = await cur.fetchall()
            await cur.execute(
                "SELECT case_id::text, priority, sla_due_at, reason_codes, case_file, status, created_at "
                "FROM ops.handoff_cases WHERE conversation_id = %s ORDER BY created_at DESC",
                (conversation_id,),
            )
            found["cases"] = await cur.fetchall()
        return found

    async def reply(self, conversation_id: str, operator_id: str, text: str) -> int:
        """The operator answers: the conversation is theirs until they give it back."""
        async with self.pool.connection() as conn, conn.transaction():
            customer_id = await _lock(conn, conversation_id)
            await conn.execute(
                "UPDATE ops.conversations SET status = 'human' WHERE conversation_id = %s", (conversation_id,)
            )
            await conn.execute(
                "UPDATE ops.handoff_cases SET status = 'taken', taken_by = %s WHERE conversation_id = %s "
                "AND status = 'open'",
                (operator_id, conversation_id),
            )
            message_id = await _append(conn, conversation_id, "operator", text, operator_id)
            await _operator_did(conn, "operator_reply", conversation_id, customer_id, operator_id)
        return message_id

    async def release(self, conversation_id: str, operator_id: str) -> None:
        """Gives the conversation back to the assistant; its open cases are closed."""
        async with self.pool.connection() as conn, conn.transaction():
            customer_id = await _lock(conn, conversation_id)
            row = await (
                await conn.execute(
                    "UPDATE ops.conversations SET status = 'bot' WHERE conversation_id = %s AND status <> 'bot' "
                    "RETURNING language",
                    (conversation_id,),
                )
            ).fetchone()
            await conn.execute(
                "UPDATE ops.handoff_cases SET status = 'closed', closed_at = now() WHERE conversation_id = %s "
                "AND status <> 'closed'",
                (conversation_id,),
            )
            if row is not None:
                await _append(conn, conversation_id, "system", say("released", row[0]), operator_id)
                await _operator_did(conn, "operator_release", conversation_id, customer_id, operator_id)

    async def dashboard(self, days: int = 7) -> dict:
        async with self.pool.connection() as conn:
            cur = conn.cursor(row_factory=dict_row)
            await cur.execute(DASHBOARD, {"days": days})
            figures = await cur.fetchone()
            await cur.execute(HANDOFF_REASONS, {"days": days})
            figures["handoffs_by_reason"] = await cur.fetchall()
        figures["days"] = days
        return figures


async def _lock(conn, conversation_id: str) -> str:
    row = await (
        await conn.execute(
            "SELECT customer_id FROM ops.conversations WHERE conversation_id = %s FOR UPDATE", (conversation_id,)
        )
    ).fetchone()
    if row is None:
        raise UnknownConversation(conversation_id)
    return row[0]


async def _append(conn, conversation_id: str, role: str, text: str, operator_id: str) -> int:
    row = await (
        await conn.execute(
            "INSERT INTO ops.messages (conversation_id, role, content, operator_id) VALUES (%s, %s, %s, %s) "
            "RETURNING message_id, created_at",
            (conversation_id, role, text[:4000], operator_id),
        )
    ).fetchone()
    await conn.execute(
        "UPDATE ops.conversations SET last_message_at = %s WHERE conversation_id = %s", (row[1], conversation_id)
    )
    return row[0]


async def _operator_did(conn, tool: str, conversation_id: str, customer_id: str, operator_id: str) -> None:
    await record_decision(
        conn, customer_id=customer_id, conversation_id=conversation_id, tool=tool, proposed={"operator_id": operator_id}
    )
