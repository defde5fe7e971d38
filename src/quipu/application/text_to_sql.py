"""Use case: the model's SELECT, checked by the guard, then run behind the database's walls."""

from quipu.domain.sql_scope import Refused, guard


async def run_sql(runner, sql: str, customer_id: str) -> dict:
    """Refusals come back as data the model can act on, never as an exception."""
    verdict = guard(sql)
    if isinstance(verdict, Refused):
        return {
            "error": verdict.reason,
            "blocked": True,
            "detail": verdict.detail,
            "hint": "fix the query and try once more, or answer that you cannot look that up",
        }
    result = await runner.run(verdict, customer_id)
    return {
        "evidence_lookup": ", ".join(f"core.{t}" for t in sorted(verdict.owned | verdict.reference)),
        "executed_sql": verdict.sql.replace("%%", "%"),
        **result,
    }
