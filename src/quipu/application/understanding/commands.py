"""What the router makes of each clause: one typed command, carried out in order by the turn."""

from dataclasses import dataclass
from enum import StrEnum

from quipu.domain.reading.model import Clause


class Step(StrEnum):
    PERSON = "person"  # a person, now
    SCAM = "scam"  # a reported instruction to move money or share a code: a warning and a person
    REFUSE = "refuse"  # what the bank never automates: said by code, a person when it needs one
    CANCEL_PENDING = "cancel_pending"  # forget the proposal that waits for the button
    SMALL_TALK = "small_talk"  # a greeting, thanks, goodbye
    OUT_OF_SCOPE = "out_of_scope"  # nothing a skill serves
    NOT_IN_RECORDS = "not_in_records"  # a product or rate the bank keeps no record of here
    EXPLAIN = "explain"  # a question about an action, a hypothetical, a report: how it works, and an offer
    ACKNOWLEDGE = "acknowledge"  # a refusal or a postponement: nothing is prepared
    OFFER = "offer"  # a statement that calls for an action ("perdí mi tarjeta"): code offers it, the customer says
    ANSWER = "answer"  # a skill answers (a lookup, or a proposal the customer asked for)
    CLARIFY = "clarify"  # doubt: a question naming the two likeliest readings
    SIGN_IN = "sign_in"  # the skill needs the customer signed in


TOLD_ONLY = (Step.EXPLAIN, Step.OFFER, Step.CLARIFY)  # what a clause only told gets: no action, no lookup
ITS_TERMS = "its_terms"  # the reason of an explanation whose terms (cost, time) were asked
ON_A_SCHEDULE = "on_a_schedule"  # the reason of an explanation of an action asked to repeat by itself


@dataclass(frozen=True)
class Command:
    step: Step
    clause: Clause | None = None
    skill: str | None = None
    intent: str | None = None
    options: tuple[str, ...] = ()  # CLARIFY: the two readings offered; ACKNOWLEDGE: the two it may have refused
    reason: str | None = None  # REFUSE: the action never automated; ACKNOWLEDGE/EXPLAIN: why nothing is prepared
    follow_up: bool = False  # ANSWER: the clause continues the conversation's last request
    rule: str = ""  # the written priority that chose it (traced)

    @property
    def acts(self) -> bool:
        return self.step == Step.ANSWER and self.reason == "acts"
