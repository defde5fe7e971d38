"""Case files in ops: the one writer of ops.handoff_cases (and of the dispute a payment inquiry opens with its
case), and the hand-off store that files a case for a person and sets its conversation to wait for one."""

import uuid
from datetime import timedelta

from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.metrics import HANDOFFS
from quipu.adapters.postgres.connection import PoolStore
from quipu.domain.case_files import ESCALATION_REQUEST, CaseFile
from quipu.domain.priority import CasePriority


def reference_of(action_id: str) -> str:
    return "Q-" + uuid.UUID(action_id).hex[:8].upper()


async def insert_case(conn, case: CaseFile, now) -> None:
    """The one writer of ops.handoff_cases (and of the dispute a payment inquiry opens with it)."""
    due = now + timedelta(hours=case.priority.sla_hours)
    if case.dispute:
        await conn.execute(
            "INSERT INTO ops.disputes (dispute_id, customer_id, transaction_id, investigation_result, status, "
            "sla_due_at, tracking_token) VALUES (%s, %s, %s, %s, 'open', %s, %s) ON CONFLICT DO NOTHING",
            (
                case.case_id,
                case.customer_id,
                case.record["transaction"]["id"],
                Jsonb(case.record["verified_facts"]),
                due,
                reference_of(case.case_id),
            ),
        )
    await conn.execute(
        "INSERT INTO ops.handoff_cases (case_id, customer_id, conversation_id, dispute_id, priority, sla_due_at, "
        "reason_codes, case_file) VALUES (%s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (case_id) DO NOTHING",
        (
            case.case_id,
            case.customer_id,
            case.conversation_id,
            case.case_id if case.dispute else None,
            case.priority.priority,
            due,
            list(case.reason_codes),
            Jsonb(case.record),
        ),
    )


# A case the gateway opened for this conversation that no operator has closed yet.
ESCALATION_OPEN = (
    "SELECT EXISTS (SELECT 1 FROM ops.handoff_cases WHERE customer_id = %s "
    "AND conversation_id IS NOT DISTINCT FROM %s AND status <> 'closed' "
    f"AND case_file->>'request' = '{ESCALATION_REQUEST}')"
)


async def file_case(conn, case: CaseFile, now) -> None:
    """Opens the case and puts its conversation in the queue for a person, in the caller's transaction."""
    for reason in case.reason_codes:
        HANDOFFS.labels(reason).inc()
    await insert_case(conn, case, now)
    if case.conversation_id:
        await conn.execute(
            "UPDATE ops.conversations SET status = 'waiting' WHERE conversation_id = %s "
            "AND customer_id = %s AND status = 'bot'",
            (case.conversation_id, case.customer_id),
        )


class PgHandoffs(PoolStore):
    def __init__(self, pool: AsyncConnectionPool, clock):
        super().__init__(pool)
        self.clock = clock

    async def file(self, case: CaseFile) -> None:
        """Opens the case and puts its conversation in the queue for a person."""
        async with self.pool.connection() as conn, conn.transaction():
            await file_case(conn, case, self.clock())

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
        """The agent's hand-off, given as the fields of a case file built by `case_files.handoff`."""
        await self.file(
            CaseFile(
                case_id,
                customer_id,
                conversation_id,
                tuple(reason_codes),
                CasePriority(priority, sla_hours, ()),
                case_file,
            )
        )
