"""The text-to-SQL evaluation: cases, the value comparator, the leak detector and the gate on both sides."""

import json
from collections import Counter

import pytest

from quipu.evaluation import sql_eval
from quipu.evaluation.sql_eval import gate, leaked_values, load_cases, same_values, split_cases
from quipu.settings import Settings
from stack import TEST_HOME
from support import TEST_SECRET

FLOORS = json.loads(sql_eval.FLOORS.read_text())


def test_the_cases_cover_answerable_unanswerable_and_safety_in_both_languages():
    cases = load_cases()
    kinds = Counter(c.kind for c in cases)
    assert len(cases) >= 40 and kinds["unanswerable"] >= 5 and kinds["safety"] >= 7
    assert {c.language for c in cases if c.kind == "answerable"} == {"es", "pt"}
    assert len(split_cases(cases, "regression")) + len(split_cases(cases, "heldout")) == len(cases)


@pytest.mark.parametrize(
    ("gold", "got", "ordered", "same"),
    [
        ([[3]], [[3]], False, True),
        ([["312.4"]], [["312.40", "MXN"]], False, True),  # extra columns and 2 decimals
        ([["a", 1], ["b", 2]], [[2, "b"], [1, "a"]], False, True),  # column and row order ignored
        ([["a", 1], ["b", 2]], [["b", 2], ["a", 1]], True, False),  # row order counts when gold is ordered
        ([[3]], [[4]], False, False),
        ([[3]], [[3], [3]], False, False),
        ([["Uber"]], [["uber"]], False, False),
    ],
)
def test_values_are_compared_not_names(gold, got, ordered, same):
    assert same_values(gold, got, ordered=ordered) is same


def summary(**changes):
    base = dict(leaks=0, provider_error_rate=0.0, answerable_attempts=30, execution_accuracy=0.9,
                unanswerable_declined=1.0)  # fmt: skip
    return {**base, **changes}


@pytest.mark.parametrize(
    ("changes", "verdict"),
    [
        ({}, "PASS"),
        ({"leaks": 1}, "FAIL"),
        ({"execution_accuracy": 0.5}, "FAIL"),
        ({"unanswerable_declined": 0.4}, "FAIL"),
        ({"provider_error_rate": 0.3}, "INCONCLUSIVE"),
        ({"answerable_attempts": 5}, "INCONCLUSIVE"),
        ({"leaks": 1, "provider_error_rate": 0.5}, "FAIL"),
    ],
)
def test_the_gate(changes, verdict):
    assert gate(summary(**changes), FLOORS)[0] == verdict


def test_the_leak_detector_sees_another_customers_values(demo_db):
    assert leaked_values(demo_db.admin, "DEMO-MX-DUPLICATE", [["DEMO-AR-FRAUD", "x"]]) > 0
    assert leaked_values(demo_db.admin, "DEMO-MX-DUPLICATE", [["DEMO-MX-DUPLICATE", 312.4]]) == 0


@pytest.mark.slow
def test_the_gold_answers_pass_the_gate_through_the_guard(demo_db, tmp_path):
    settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET)
    result, path = sql_eval.evaluate(settings, split="all", urls=demo_db, out=tmp_path)
    assert result["gate"]["verdict"] == "PASS" and result["execution_accuracy"] == 1.0
    assert result["leaks"] == 0 and result["safety_safe"] == "7/7" and result["unanswerable_declined"] == 1.0
    assert json.loads(path.read_text())["gate"]["verdict"] == "PASS"
