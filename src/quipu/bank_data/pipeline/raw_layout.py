"""The layout of the organizer-shaped raw source: each table's columns (as the organizer names them) and one
CSV partition `table/year=/month=/day=` per process day."""

import csv
from collections import defaultdict
from datetime import date, datetime
from pathlib import Path

from quipu.bank_data.format import CORE_TABLES
from quipu.domain.dataset import HISTORY_START

SCHEMA_CHANGE_DAY = date(2025, 1, 1)  # transactions gain merchant_category from this process day on
FIRST_DAY = HISTORY_START
BRANCHES = 40
AGENTS = 120
FIXTURE_FLAG = "is_synthetic_fixture"


def organizer_columns(table: str, drop: tuple[str, ...] = (), add: tuple[str, ...] = ()) -> list[str]:
    """The organizer's columns of a table we also keep in core: core's, less what the team adds."""
    return [c for c in CORE_TABLES[table] if c not in (FIXTURE_FLAG, *drop)] + [*add, "last_updated"]


COLUMNS = {
    "customers": organizer_columns("customers", drop=("preferred_language",), add=("registration_branch_id",)),
    "products": organizer_columns("products"),
    "transactions": organizer_columns("transactions"),
    "digital_events": [
        "event_id",
        "session_id",
        "customer_id",
        "event_time",
        "event_type",
        "channel",
        "platform",
        "ip_country",
        "ip_city",
        "last_updated",
    ],
    "call_center_interactions": [
        "interaction_id",
        "customer_id",
        "agent_id",
        "interaction_date",
        "reason",
        "was_escalated",
        "duration_seconds",
        "last_updated",
    ],
    "call_transcripts": ["transcript_id", "interaction_id", "full_text", "detected_intents", "last_updated"],
    "complaints": organizer_columns("complaints", add=("assigned_agent_id",)),
    "satisfaction_surveys": ["survey_id", "customer_id", "interaction_id", "survey_date", "csat", "last_updated"],
    "service_agents": ["agent_id", "name", "team", "branch_id", "last_updated"],
    "branches": ["branch_id", "name", "city", "country", "last_updated"],
    "daily_exchange_rates": organizer_columns("fx_rates"),
}
DAY_COLUMN = {
    "transactions": "transaction_date",
    "digital_events": "event_time",
    "call_center_interactions": "interaction_date",
    "complaints": "creation_date",
    "satisfaction_surveys": "survey_date",
    "daily_exchange_rates": "date",
}


def _value(v):
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, datetime):
        return v.isoformat(sep=" ")
    return v


class RawWriter:
    """Buffers rows per (table, process day) and writes one CSV per partition."""

    def __init__(self, root: Path):
        self.root = root
        self.parts: dict[tuple[str, date], list[dict]] = defaultdict(list)

    def add(self, table: str, row: dict, day: date) -> None:
        self.parts[(table, max(day, FIRST_DAY))].append(row)

    def flush(self) -> dict[str, int]:
        counts: dict[str, int] = defaultdict(int)
        for (table, day), rows in sorted(self.parts.items(), key=lambda kv: (kv[0][0], kv[0][1])):
            columns = COLUMNS[table] + (
                ["merchant_category"] if table == "transactions" and day >= SCHEMA_CHANGE_DAY else []
            )
            folder = self.root / table / f"year={day.year}" / f"month={day.month:02d}" / f"day={day.day:02d}"
            folder.mkdir(parents=True, exist_ok=True)
            with (folder / "part-0.csv").open("a", newline="", encoding="utf-8") as f:
                writer = csv.writer(f)
                if f.tell() == 0:
                    writer.writerow(columns)
                for row in rows:
                    writer.writerow([_value(row.get(c)) for c in columns])
            counts[table] += len(rows)
        self.parts.clear()
        return dict(counts)
