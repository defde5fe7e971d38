"""The operator console's reads: the queue by risk, one thread with what the bank stored about it (the read is
logged), the holder of a conversation, the dashboard's figures; and the unit of work its writes run in."""

from datetime import datetime
from decimal import Decimal

from psycopg.rows import dict_row

from quipu.adapters.postgres.connection import PoolStore, one_row
from quipu.adapters.postgres.console_unit_of_work import PgConsoleUnitOfWork
from quipu.application.console import UnknownConversation

# What the thread shows besides its head, each read by conversation id.
THREAD_PARTS = {
    "messages": "SELECT m.message_id, m.role, m.content, m.skill, m.created_at, o.display_name AS operator "
    "FROM ops.messages m LEFT JOIN ops.operators o ON o.operator_id = m.operator_id "
    "WHERE m.conversation_id = %s ORDER BY m.message_id",
    "cases": "SELECT case_id::text, priority, sla_due_at, reason_codes, case_file, status, created_at "
    "FROM ops.handoff_cases WHERE conversation_id = %s ORDER BY created_at DESC",
    "actions": "SELECT action, status, reason, params, view, result, language, created_at FROM ops.actions "
    "WHERE conversation_id = %s ORDER BY created_at, position",
    "transfers": "SELECT transfer_id::text, summary, status, status_reason, language, receipt, created_at "
    "FROM ops.transfers WHERE conversation_id = %s ORDER BY created_at",
}

# One line per customer with a case open (their conversations grouped under the most urgent one), one line per
# other conversation. Waiting first, then held, then with the assistant; High before Medium before Low; then the
# least time left.
QUEUE = """
WITH lines AS (
    SELECT c.conversation_id, c.customer_id, cu.first_name, cu.last_name, c.thread_id, c.language, c.status,
           c.title, c.skill, c.last_message_at, c.held_by, o.display_name AS held_by_name,
           h.case_id, h.priority, h.sla_due_at, h.reason_codes,
           CASE WHEN h.case_id IS NOT NULL OR c.status <> 'bot' THEN 'customer:' || c.customer_id
                ELSE 'conversation:' || c.conversation_id::text END AS line,
           CASE c.status WHEN 'waiting' THEN 0 WHEN 'human' THEN 1 ELSE 2 END AS status_rank,
           CASE h.priority WHEN 'High' THEN 0 WHEN 'Medium' THEN 1 WHEN 'Low' THEN 2 ELSE 3 END AS priority_rank
    FROM ops.conversations c
    LEFT JOIN core.customers cu ON cu.customer_id = c.customer_id
    LEFT JOIN ops.operators o ON o.operator_id = c.held_by
    LEFT JOIN LATERAL (
        SELECT case_id, priority, sla_due_at, reason_codes FROM ops.handoff_cases k
        WHERE k.conversation_id = c.conversation_id AND k.status <> 'closed' ORDER BY created_at DESC LIMIT 1
    ) h ON true
    WHERE c.hidden_at IS NULL AND (%(status)s::text IS NULL OR c.status = %(status)s)
), ranked AS (
    SELECT l.*, row_number() OVER (
               PARTITION BY line ORDER BY status_rank, priority_rank, sla_due_at NULLS LAST, last_message_at DESC
           ) AS n
    FROM lines l
)
SELECT r.conversation_id::text, r.customer_id, r.first_name, r.last_name, r.thread_id, r.language, r.status,
       r.title, r.skill, r.last_message_at, r.held_by::text, r.held_by_name,
       r.case_id::text, r.priority, r.sla_due_at, r.reason_codes,
       coalesce((SELECT jsonb_agg(jsonb_build_object('conversation_id', g.conversation_id::text,
                                                     'thread_id', g.thread_id, 'title', g.title,
                                                     'status', g.status, 'priority', g.priority,
                                                     'last_message_at', g.last_message_at) ORDER BY g.n)
                 FROM ranked g WHERE g.line = r.line AND g.n > 1), '[]'::jsonb) AS grouped
FROM ranked r WHERE r.n = 1
ORDER BY r.status_rank, r.priority_rank, r.sla_due_at NULLS LAST, r.last_message_at DESC
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
       (SELECT count(*) FROM recent
         WHERE conversation_id NOT IN (SELECT conversation_id FROM helped)) AS without_person,
       (SELECT count(*) FROM recent WHERE status = 'waiting') AS waiting,
       (SELECT count(*) FROM recent WHERE status = 'human') AS with_person,
       (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM wait))
          FROM first_reply WHERE wait >= interval '0') AS first_response_p50_seconds
"""

HANDOFF_REASONS = """
SELECT reason, count(*) AS cases FROM ops.handoff_cases, unnest(reason_codes) AS reason
WHERE created_at >= now() - make_interval(days => %(days)s) GROUP BY reason ORDER BY cases DESC, reason
"""

CHARGE_ID = (
    "SELECT transaction_id FROM core.transactions WHERE customer_id = %s AND transaction_date = %s AND amount = %s "
    "AND currency = %s AND merchant_name IS NOT DISTINCT FROM %s LIMIT 2"
)

HEAD = (
    "SELECT c.conversation_id::text, c.customer_id, cu.first_name, cu.last_name, c.thread_id, c.language, "
    "c.status, c.title, c.skill, c.outcome, c.started_at, c.last_message_at, c.held_by::text, "
    "o.display_name AS held_by_name, cu.country FROM ops.conversations c "
    "LEFT JOIN core.customers cu ON cu.customer_id = c.customer_id "
    "LEFT JOIN ops.operators o ON o.operator_id = c.held_by WHERE c.conversation_id = %s"
)


class PgConsole(PoolStore):
    def unit_of_work(self) -> PgConsoleUnitOfWork:
        return PgConsoleUnitOfWork(self.pool)

    async def queue(self, *, status: str | None = None, limit: int = 100) -> list[dict]:
        """One line per customer's open case (their other conversations grouped in it), one per other conversation;
        waiting first, then held; within each, High before Medium before Low, then the least SLA time left."""
        async with self.pool.connection() as conn:
            cur = conn.cursor(row_factory=dict_row)
            await cur.execute(QUEUE, {"status": status, "limit": limit})
            return await cur.fetchall()

    async def thread(self, conversation_id: str, operator_id: str) -> dict:
        """The thread, its cases, what was proposed and moved in it; the read itself is logged first."""
        async with self.pool.connection() as conn:
            cur = conn.cursor(row_factory=dict_row)
            await cur.execute(HEAD, (conversation_id,))
            found = await cur.fetchone()
            if found is None:
                raise UnknownConversation(conversation_id)
            await conn.execute(
                "INSERT INTO ops.thread_reads (conversation_id, operator_id, status) VALUES (%s, %s, %s)",
                (conversation_id, operator_id, found["status"]),
            )
            for part, query in THREAD_PARTS.items():
                await cur.execute(query, (conversation_id,))
                found[part] = await cur.fetchall()
        return found

    async def charge_id(self, customer_id: str, charge: dict) -> str | None:
        try:
            at = datetime.fromisoformat(str(charge["date"]))
            amount = Decimal(str(charge["amount"]))
        except (KeyError, TypeError, ValueError, ArithmeticError):
            return None
        async with self.pool.connection() as conn:
            rows = await (
                await conn.execute(CHARGE_ID, (customer_id, at, amount, charge.get("currency"), charge.get("merchant")))
            ).fetchall()
        return rows[0][0] if len(rows) == 1 else None

    async def holder(self, conversation_id: str) -> tuple[str, str | None, str, str]:
        """(customer, holder, status, language) of a conversation."""
        row = await self.fetch_one(
            "SELECT customer_id, held_by::text, status, language FROM ops.conversations WHERE conversation_id = %s",
            (conversation_id,),
        )
        if row is None:
            raise UnknownConversation(conversation_id)
        return row

    async def dashboard(self, days: int = 7) -> dict:
        async with self.pool.connection() as conn:
            cur = conn.cursor(row_factory=dict_row)
            await cur.execute(DASHBOARD, {"days": days})
            figures = one_row(await cur.fetchone())
            await cur.execute(HANDOFF_REASONS, {"days": days})
            figures["handoffs_by_reason"] = await cur.fetchall()
        figures["days"] = days
        return figures
