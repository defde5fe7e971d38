"""The result model each of the skill's tools returns (its tools.py returns them; the agent rebuilds them)."""

from quipu.application.disputes import DisputeStatus
from quipu.application.investigation_results import ChargeNotFound, ChargeSearch, Report

RESULTS: dict[str, object] = {
    "investigate_charges": Report,
    "investigate_charge": Report | ChargeNotFound,
    "search_transactions": ChargeSearch,
    "dispute_status": DisputeStatus,
}
