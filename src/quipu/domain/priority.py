"""Case priority and response window, from risk signals: computed by code, never by the model."""

from collections.abc import Iterable
from dataclasses import dataclass

from quipu.domain.signals import Signal, signals_in

SLA_HOURS = {"High": 4, "Medium": 24, "Low": 72}
MEDIUM_SIGNALS = frozenset({Signal.DUPLICATE, Signal.FOREIGN_PURCHASE})


@dataclass(frozen=True)
class CasePriority:
    priority: str
    sla_hours: int
    signals: tuple[Signal, ...]


def case_priority(values: Iterable[str] = ()) -> CasePriority:
    """possible_fraud → High/4 h; duplicate or foreign → Medium/24 h; otherwise Low/72 h. Values that are not
    signals (reason codes, a request's name) count for nothing."""
    signals = signals_in(values)
    if Signal.POSSIBLE_FRAUD in signals:
        level = "High"
    elif signals & MEDIUM_SIGNALS:
        level = "Medium"
    else:
        level = "Low"
    return CasePriority(level, SLA_HOURS[level], tuple(sorted(signals)))
