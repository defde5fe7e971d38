"""The result model each of the skill's tools returns (its tools.py returns them; the agent rebuilds them)."""

from quipu.application.transfer_results import ProposalAnswer, ServiceBills, TransferOptions

RESULTS: dict[str, object] = {
    "list_transfer_options": TransferOptions,
    "list_service_bills": ServiceBills,
    "propose_transfer": ProposalAnswer,
    "propose_service_payment": ProposalAnswer,
}
