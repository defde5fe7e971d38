"""The dataset's calendar: every "last N days" counts back from its last day, never from now."""

from datetime import date, datetime

AS_OF = date(2026, 6, 18)
DATASET_NOW = datetime(2026, 6, 18, 12, 0, 0)
HISTORY_START = date(2023, 6, 18)
