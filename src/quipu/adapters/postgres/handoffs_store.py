"""Hand-offs in ops: the case file code opens for a person, and the conversation set to wait for one."""

from datetime import timedelta

from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.metrics import HANDOFFS
from quipu.adapters.postgres.connection import one_row
from quipu.application.actions import ESCALATION_REQUEST


class PgHandoffs:
    def __init__(self, pool: AsyncConnectionPool, clock):
        self.pool = pool
        self.clock = clock

    async def open_case(
        self,
        *,
        case_id: str,
        customer_id: str,
        conversation_id: str | None,
        priority: str,
        sla_hours: int,
        reason_codes: list[str],
        case_file: dict,
    ) -> None:
        for reason in reason_codes:
            HANDOFFS.labels(reason).inc()
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO ops.handoff_cases (case_id, customer_id, conversation_id, priority, sla_due_at, "
                "reason_codes, case_file) VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (case_id) DO NOTHING",
                (
                    case_id,
                    customer_id,
                    conversation_id,
                    priority,
                    self.clock() + timedelta(hours=sla_hours),
                    reason_codes,
                    Jsonb(case_file),
                ),
            )
            if conversation_id:
                await conn.execute(
                    "UPDATE ops.conversations SET status = 'waiting' WHERE conversation_id = %s "
                    "AND customer_id = %s AND status = 'bot'",
                    (conversation_id, customer_id),
                )

    async def escalation_open(self, customer_id: str, conversation_id: str | None) -> bool:
        """A case the gateway opened for this conversation that no operator has closed yet."""
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute(
                    "SELECT EXISTS (SELECT 1 FROM ops.handoff_cases WHERE customer_id = %s "
                    "AND conversation_id IS NOT DISTINCT FROM %s AND status <> 'closed' "
                    "AND case_file->>'request' = %s)",
                    (customer_id, conversation_id, ESCALATION_REQUEST),
                )
            ).fetchone()
        return bool(one_row(row)[0])
