"""Use case: the model's SELECT, checked by the guard against the real columns of core, then run behind
the database's walls within the customer's share of the reader."""

from dataclasses import dataclass
from typing import Any, Protocol

from quipu.application.customer_limiter import CustomerLimiter
from quipu.application.sql_results import SqlAnswer, SqlRefusal
from quipu.domain.sql_columns import CoreColumns
from quipu.domain.sql_scope import Guarded, Refused, guard

HINTS = {
    "busy": "another of your queries is still running; wait for it, then try once more",
    "rate_limited": "too many queries this minute; answer with what you have",
}


class SqlRunner(Protocol):
    async def run(self, guarded: Guarded, customer_id: str) -> dict[str, Any]: ...


@dataclass
class SqlLookup:
    """runner: the database walls; columns: core's real column sets; off_reason: why run_sql is off."""

    runner: SqlRunner | None
    columns: CoreColumns
    limiter: CustomerLimiter | None
    off_reason: str | None = None


async def run_sql(lookup: SqlLookup, sql: str, customer_id: str) -> SqlRefusal | SqlAnswer:
    """Refusals come back as data the model can act on, never as an exception."""
    if lookup.off_reason or lookup.runner is None:
        return SqlRefusal(
            error="unavailable",
            detail="guarded SQL is switched off on this server",
            hint="answer that you cannot look that up",
        )
    verdict = guard(sql, lookup.columns)
    if isinstance(verdict, Refused):
        return SqlRefusal(
            error=verdict.reason,
            detail=verdict.detail,
            hint="fix the query and try once more, or answer that you cannot look that up",
        )
    if lookup.limiter is None:  # the offline evaluation only
        result = await lookup.runner.run(verdict, customer_id)
    else:
        async with lookup.limiter.slot(customer_id) as refusal:
            if refusal:
                return SqlRefusal(error=refusal, detail=HINTS[refusal], hint=HINTS[refusal])
            result = await lookup.runner.run(verdict, customer_id)
    return SqlAnswer.model_validate(
        {
            "evidence_lookup": ", ".join(f"core.{t}" for t in sorted(verdict.owned | verdict.reference)),
            "executed_sql": verdict.sql.replace("%%", "%"),
            **result,
        }
    )
