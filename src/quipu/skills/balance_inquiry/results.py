"""The result model each of the skill's tools returns (its tools.py returns them; the agent rebuilds them)."""

from quipu.application.account_results import Balances, Debts, Profile

RESULTS: dict[str, object] = {"get_balances": Balances, "get_debts": Debts, "get_profile": Profile}
