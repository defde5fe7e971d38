"""The result model each of the skill's tools returns (its tools.py returns them; the agent rebuilds them)."""

from quipu.application.memory import Recalled

RESULTS: dict[str, object] = {"recall_earlier_conversations": Recalled}
