"""What a new case takes from the customer's other cases and disputes, so a person sees one matter, not pieces:

- a follow-up keeps the priority of the case it follows (a fraud case's next question is not a Low case) and
  its deadline, when that one comes first;
- every case names the customer's disputes still open (which charge, since when, what the bank promised).

Pure: the case writer reads the earlier cases and the disputes in its own transaction and applies these."""

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from quipu.domain.case_files import CaseFile
from quipu.domain.disputes import Dispute, still_open
from quipu.domain.priority import SLA_HOURS, CasePriority

RANK = {"High": 0, "Medium": 1, "Low": 2}
# A case given back to the assistant still counts for the next question of that conversation this long: the
# customer who asks again an hour after a fraud case was closed is following it up.
GIVEN_BACK_COUNTS = timedelta(days=1)


@dataclass(frozen=True)
class EarlierCase:
    case_id: str
    conversation_id: str | None
    priority: str
    due: datetime
    status: str  # open, taken, closed
    closed_at: datetime | None = None


def followed(case: CaseFile, earlier: list[EarlierCase], now: datetime) -> EarlierCase | None:
    """The case this one follows: the customer's most urgent case not yet closed, or one of this conversation given
    back in the last day. None when the new case stands alone."""
    live = [
        e
        for e in earlier
        if e.case_id != case.case_id
        and (
            e.status != "closed"
            or (
                e.conversation_id == case.conversation_id
                and e.closed_at is not None
                and now - e.closed_at <= GIVEN_BACK_COUNTS
            )
        )
    ]
    return min(live, key=lambda e: (RANK.get(e.priority, 3), e.due), default=None)


def due_of(case: CaseFile, earlier: list[EarlierCase], now: datetime) -> tuple[CaseFile, datetime]:
    """The case with the priority it keeps, and its deadline: its own, or the earlier deadline of the open case it
    follows (a closed case's deadline was met or missed already: the follow-up gets the full window of the
    priority it keeps)."""
    own_due = now + timedelta(hours=case.priority.sla_hours)
    prior = followed(case, earlier, now)
    if prior is None:
        return case, own_due
    level = min(case.priority.priority, prior.priority, key=lambda p: RANK.get(p, 3))
    priority = CasePriority(level, SLA_HOURS[level], case.priority.signals)
    due = now + timedelta(hours=priority.sla_hours)
    if prior.status != "closed":
        due = min(due, prior.due)
    record = {**case.record, "priority": level, "sla_hours": priority.sla_hours, "follows": prior.case_id}
    return replace(case, priority=priority, record=record), due


def with_disputes(case: CaseFile, disputes: list[Dispute]) -> CaseFile:
    """The customer's disputes still open, as the person taking the case reads them (the case's own aside)."""
    listed = [d.record() for d in still_open(disputes) if d.reference != case.record.get("reference")]
    return replace(case, record={**case.record, "open_disputes": listed})
