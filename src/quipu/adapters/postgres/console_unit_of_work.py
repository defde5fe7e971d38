"""What an operator does to a conversation, in PostgreSQL: each rule is one conditional UPDATE (its WHERE is the
whole rule), so two operators pressing at once cannot both hold a case. SQL only; the sequence is the console
use case's."""

from quipu.adapters.postgres.connection import one_row
from quipu.adapters.postgres.unit_of_work import PgUnitOfWork
from quipu.application.console import UnknownConversation

# Take: a waiting case, one you already hold, or (supervisors) anyone's open case.
TAKE = (
    "UPDATE ops.conversations SET status = 'human', held_by = %(operator)s WHERE conversation_id = %(conversation)s "
    "AND (status = 'waiting' OR (status = 'human' AND (held_by IS NULL OR held_by = %(operator)s "
    "OR %(supervisor)s))) RETURNING customer_id"
)
# Give back (and so close its cases): only by the case's holder, or a supervisor. A waiting case nobody holds
# must be taken first, so no operator closes a fraud case they never looked at.
GIVE_BACK = (
    "UPDATE ops.conversations SET status = 'bot', held_by = NULL WHERE conversation_id = %(conversation)s "
    "AND status IN ('waiting', 'human') AND (held_by = %(operator)s OR %(supervisor)s) "
    "RETURNING customer_id, language"
)


class PgConsoleUnitOfWork(PgUnitOfWork):
    async def take(self, conversation_id: str, operator_id: str, *, supervisor: bool) -> str | None:
        found = {"operator": operator_id, "conversation": conversation_id, "supervisor": supervisor}
        row = await (await self.conn.execute(TAKE, found)).fetchone()
        return row[0] if row else None

    async def give_back(self, conversation_id: str, operator_id: str, *, supervisor: bool) -> tuple[str, str] | None:
        found = {"operator": operator_id, "conversation": conversation_id, "supervisor": supervisor}
        row = await (await self.conn.execute(GIVE_BACK, found)).fetchone()
        return (row[0], row[1]) if row else None

    async def status(self, conversation_id: str) -> str:
        query = "SELECT status FROM ops.conversations WHERE conversation_id = %s"
        row = await (await self.conn.execute(query, (conversation_id,))).fetchone()
        if row is None:
            raise UnknownConversation(conversation_id)
        return row[0]

    async def cases_taken(self, conversation_id: str, operator_id: str) -> None:
        await self.conn.execute(
            "UPDATE ops.handoff_cases SET status = 'taken', taken_by = %s WHERE conversation_id = %s "
            "AND status <> 'closed'",
            (operator_id, conversation_id),
        )

    async def close_cases(self, conversation_id: str) -> None:
        await self.conn.execute(
            "UPDATE ops.handoff_cases SET status = 'closed', closed_at = now() WHERE conversation_id = %s "
            "AND status <> 'closed'",
            (conversation_id,),
        )

    async def operator_active(self, operator_id: str) -> bool:
        query = "SELECT 1 FROM ops.operators WHERE operator_id = %s AND disabled_at IS NULL"
        return await (await self.conn.execute(query, (operator_id,))).fetchone() is not None

    async def append(self, conversation_id: str, role: str, text: str, operator_id: str) -> int:
        row = one_row(
            await (
                await self.conn.execute(
                    "INSERT INTO ops.messages (conversation_id, role, content, operator_id) VALUES (%s, %s, %s, %s) "
                    "RETURNING message_id, created_at",
                    (conversation_id, role, text[:4000], operator_id),
                )
            ).fetchone()
        )
        await self.conn.execute(
            "UPDATE ops.conversations SET last_message_at = %s WHERE conversation_id = %s", (row[1], conversation_id)
        )
        return row[0]
