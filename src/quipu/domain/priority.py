"""Case priority and response window, from risk signals: computed by code, never by the model."""

from dataclasses import dataclass

SLA_HOURS = {"High": 4, "Medium": 24, "Low": 72}


@dataclass(frozen=True)
class CasePriority:
    priority: str
    sla_hours: int
    signals: tuple[str, ...]


def case_priority(signals: set[str] | frozenset[str]) -> CasePriority:
    """possible_fraud → High/4 h; duplicate or foreign → Medium/24 h; otherwise Low/72 h."""
    if "possible_fraud" in signals:
        level = "High"
    elif signals & {"duplicate", "duplicate_charge", "foreign_purchase", "foreign_transaction"}:
        level = "Medium"
    else:
        level = "Low"
    return CasePriority(level, SLA_HOURS[level], tuple(sorted(signals)))
