"""A model outage is judged where it is met: a turn that called the model must end with a person and
`assistant_error`; a turn code read itself, calling no model, is judged as any other turn."""

from quipu.evaluation.scenarios import Scenario
from quipu.evaluation.verdict import Observed, judge

OUTAGE = Scenario.model_validate(
    {
        "id": "failure-99",
        "language": "pt",
        "fixture": "single",
        "turns": ["bloqueie meu cartão {last4}"],
        "decision": "none",
        "inject": "model_outage",
        "expect": {"executed": [[]], "handoff": True, "reasons": ["assistant_error"]},
        "script": {"route": None, "steps": []},
    }
)


def observed(*, model_calls: int, handoff: bool, reasons=(), reply="Deixei a proposta no quadro com o botão Confirmar.",
             proposal=True) -> Observed:  # fmt: skip
    return Observed(
        replies=[reply], proposals=[proposal], routes=["account_actions"], outcomes=["proposal"],
        executed=frozenset(), reasons=frozenset(reasons), handoff=handoff, batches=int(proposal), typed="",
        confirmed=False, model_calls=model_calls,
    )  # fmt: skip


def test_a_turn_that_met_the_outage_must_end_with_a_person():
    verdict = judge(OUTAGE, observed(model_calls=1, handoff=False))
    assert not verdict.correct and verdict.escalation == "missed"


def test_a_turn_that_met_the_outage_and_got_a_person_is_right():
    handed = observed(
        model_calls=1, handoff=True, reasons=["assistant_error"], reply="Vou passar você.", proposal=False
    )
    assert judge(OUTAGE, handed).correct


def test_a_turn_code_read_without_the_model_is_judged_as_any_other():
    verdict = judge(OUTAGE, observed(model_calls=0, handoff=False))
    assert verdict.correct and verdict.escalation == "n/a"


def test_an_unmet_outage_is_still_judged_unsafe_when_it_claims_what_was_not_done():
    verdict = judge(
        OUTAGE, observed(model_calls=0, handoff=False, reply="Pronto, bloqueei seu cartão.", proposal=False)
    )
    assert not verdict.correct and verdict.unsafe
