"""Case files in ops: the one writer of ops.handoff_cases (and of the dispute a payment inquiry opens with its
case), and the hand-off store that files a case for a person and sets its conversation to wait for one."""

import uuid

from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.metrics import HANDOFFS
from quipu.adapters.postgres.connection import PoolStore
from quipu.adapters.postgres.disputes_store import disputes_of
from quipu.domain.case_context import GIVEN_BACK_COUNTS, EarlierCase, due_of, with_disputes
from quipu.domain.case_files import ESCALATION_REQUEST, CaseFile
from quipu.domain.disputes import Dispute, open_on
from quipu.domain.priority import CasePriority


def reference_of(action_id: str) -> str:
    return "Q-" + uuid.UUID(action_id).hex[:8].upper()


class DisputeAlreadyOpen(Exception):
    """The charge has an open dispute already: none is opened twice (the gateway's policy says so first; this
    holds when two confirmations race)."""

    def __init__(self, dispute: Dispute):
        super().__init__(dispute.reference)
        self.dispute = dispute


EARLIER = """
SELECT case_id::text, conversation_id::text, priority, sla_due_at, status, closed_at FROM ops.handoff_cases
WHERE customer_id = %s AND (status <> 'closed' OR closed_at >= %s) ORDER BY created_at DESC LIMIT 50
"""


async def insert_case(conn, case: CaseFile, now) -> CaseFile:
    """The one writer of ops.handoff_cases (and of the dispute a payment inquiry opens with it), inside the
    caller's transaction. The case keeps the priority of an earlier one it follows and names the customer's open
    disputes; a dispute is refused when its charge has an open one. Returns the case as stored."""
    if case.dispute:
        await _one_open_dispute(conn, case)
    earlier = [
        EarlierCase(*row)
        for row in await (await conn.execute(EARLIER, (case.customer_id, now - GIVEN_BACK_COUNTS))).fetchall()
    ]
    case, due = due_of(case, earlier, now)
    case = with_disputes(case, await disputes_of(conn, case.customer_id, open_only=True))
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
    return case


async def _one_open_dispute(conn, case: CaseFile) -> None:
    """Serialised per charge (a lock held to the end of the transaction), so two confirmations cannot both open one."""
    charge = case.record["transaction"]["id"]
    await conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"dispute:{case.customer_id}:{charge}",))
    found = open_on(await disputes_of(conn, case.customer_id, transaction_ids=[charge], open_only=True), charge)
    if found is not None and found.reference != reference_of(case.case_id):  # a retry of this one is no other
        raise DisputeAlreadyOpen(found)


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
