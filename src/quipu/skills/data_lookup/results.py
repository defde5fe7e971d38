"""The result model each of the skill's tools returns (its tools.py returns them; the agent rebuilds them)."""

from quipu.application.data_lookup_results import (
    ComparisonResult,
    ComplaintsResult,
    ExchangeRateResult,
    LargestPurchaseResult,
    MovementsResult,
    SpendingResult,
)
from quipu.application.sql_results import SchemaCatalog, SqlAnswer, SqlRefusal

RESULTS: dict[str, object] = {
    "get_spending_summary": SpendingResult,
    "get_largest_purchase": LargestPurchaseResult,
    "compare_spending": ComparisonResult,
    "get_movements": MovementsResult,
    "get_exchange_rate": ExchangeRateResult,
    "get_complaints": ComplaintsResult,
    "describe_schema": SchemaCatalog,
    "run_sql": SqlRefusal | SqlAnswer,
}
