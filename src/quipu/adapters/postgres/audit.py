"""The decision log: append-only; every tool call, proposal, confirmation and execution."""

from psycopg.types.json import Jsonb

from quipu.adapters.postgres.connection import PoolStore


async def record_decision(
    conn,
    *,
    customer_id: str | None,
    conversation_id: str | None,
    tool: str,
    proposed: dict,
    decision: str | None = None,
    reason: str | None = None,
    executed: bool = False,
    verified: bool = False,
) -> None:
    """One decision-log row on the caller's connection (so it can share the caller's transaction)."""
    await conn.execute(
        "INSERT INTO ops.decision_log (conversation_id, customer_id, tool, proposed, policy_decision, "
        "policy_reason, executed, verified) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
        (conversation_id, customer_id, tool, Jsonb(proposed), decision, reason, executed, verified),
    )


class PgAudit(PoolStore):
    async def log(self, **decision) -> None:
        async with self.pool.connection() as conn:
            await record_decision(conn, **decision)
