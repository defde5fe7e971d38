"""The result model each of the skill's tools returns (its tools.py returns them; the agent rebuilds them)."""

from quipu.application.action_results import ActionProposal, MyCards, RecentCharges

RESULTS: dict[str, object] = {"my_cards": MyCards, "recent_charges": RecentCharges, "propose_actions": ActionProposal}
