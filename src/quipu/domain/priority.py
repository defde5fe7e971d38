"""Case priority and response window, from risk signals: computed by code, never by the model."""

from collections.abc import Iterable
from dataclasses import dataclass

from quipu.domain.signals import Signal, signals_in

SLA_HOURS = {"High": 4, "Medium": 24, "Low": 72}
MEDIUM_SIGNALS = frozenset({Signal.DUPLICATE, Signal.FOREIGN_PURCHASE})
# why a case was opened, when the reason is itself a risk: a scam the customer reports is taken within hours
HIGH_REASONS = frozenset({"scam_report"})


@dataclass(frozen=True)
class CasePriority:
    priority: str
    sla_hours: int
    signals: tuple[Signal, ...]


def case_priority(values: Iterable[str] = ()) -> CasePriority:
    """possible_fraud or a reported scam → High/4 h; duplicate or foreign → Medium/24 h; otherwise Low/72 h. Other
    values that are not signals (reason codes, a request's name) count for nothing."""
    values = list(values)
    signals = signals_in(values)
    if Signal.POSSIBLE_FRAUD in signals or HIGH_REASONS & set(values):
        level = "High"
    elif signals & MEDIUM_SIGNALS:
        level = "Medium"
    else:
        level = "Low"
    return CasePriority(level, SLA_HOURS[level], tuple(sorted(signals)))
