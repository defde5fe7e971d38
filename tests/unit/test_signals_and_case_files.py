"""One risk-signal vocabulary, one fraud threshold, one case-file type built in one place, one within-seconds query."""

import re
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from quipu.domain import case_files
from quipu.domain.evidence import Charge, findings_for, signals_of
from quipu.domain.priority import case_priority
from quipu.domain.signals import FRAUD_SCORE_THRESHOLD, Signal
from quipu.domain.texts.console import CONSOLE


def charge(tid="a", status="Approved", **kw) -> Charge:
    return Charge(tid, datetime(2026, 6, 11, 9), "Uber Trip", Decimal("312.40"), "MXN", status, **kw)


SRC = Path(__file__).resolve().parents[2] / "src" / "quipu"
OLD_SIGNAL_NAMES = ("foreign_transaction", "pending_charge")
# `duplicate_charge` lives on only as the name of an alert a customer can switch on, never as a signal.
ALERT_KIND_MODULES = {"domain/actions.py", "domain/texts/actions.py", "domain/finances.py",
                      "skills/account_actions/tools.py", "skills/account_actions/hooks.py",
                      "domain/reading/lexicon/es.yaml", "domain/reading/lexicon/pt.yaml"}  # fmt: skip


def sources(*suffixes: str):
    for path in sorted(SRC.rglob("*")):
        if path.suffix in suffixes and "__pycache__" not in path.parts:
            yield path.relative_to(SRC).as_posix(), path.read_text(encoding="utf-8")


def test_one_signal_vocabulary_the_old_names_appear_nowhere():
    for name, text in sources(".py", ".yaml", ".html", ".js"):
        for old in OLD_SIGNAL_NAMES:
            assert old not in text, f"{name} still says {old}"
        if "duplicate_charge" in text:
            assert name in ALERT_KIND_MODULES, f"{name} says duplicate_charge: the signal is {Signal.DUPLICATE}"


def test_every_finding_kind_is_a_signal():
    twin = charge("T2")
    found = findings_for(
        charge(status="Pending", country="USA", fraud_score=Decimal("90")), [twin], home_country="México"
    )
    assert {f.kind for f in found} == {Signal.DUPLICATE, Signal.PENDING, Signal.FOREIGN_PURCHASE, Signal.POSSIBLE_FRAUD}
    assert all(isinstance(f.kind, Signal) for f in found)


def test_the_fraud_threshold_is_written_once():
    assert signals_of(charge(fraud_score=FRAUD_SCORE_THRESHOLD), [], home_country="México") == {Signal.POSSIBLE_FRAUD}
    for name, text in sources(".py"):
        if name != "domain/signals.py":
            assert not re.search(r"fraud_score\s*>=?\s*(Decimal\()?[\"']?\d", text), name


def test_priority_counts_signals_only():
    assert case_priority(["possible_fraud", "action_escalated"]).priority == "High"
    assert case_priority(["duplicate", "callback_requested"]).sla_hours == 24
    assert case_priority(["needs_human_approval"]) == case_priority()
    assert (case_priority().priority, case_priority().sla_hours) == ("Low", 72)


def test_each_case_file_constructor_takes_its_priority_from_the_signals():
    common = {"customer_id": "C1", "conversation_id": None, "language": "es"}
    inquiry = case_files.inquiry(
        case_id="A1", transaction_id="T1", facts={"merchant": "Uber", "signals": ["duplicate"]}, note=None, **common
    )
    callback = case_files.callback(case_id="A2", window="morning", **common)
    escalation = case_files.escalation(
        case_id="A3", signals={"possible_fraud"}, reason_codes=["needs_human_approval"], actions=[], unresolved=[],
        evidence={}, **common,
    )  # fmt: skip
    handoff = case_files.handoff(
        case_id="A4", customer_id="C1", conversation_id=None, reason="customer_asked", request="una persona",
        language="es", skill=None, signals={"foreign_purchase"}, verified_facts=[], evidence={}, actions=[],
    )  # fmt: skip
    got = [(c.priority.priority, c.record["sla_hours"]) for c in (inquiry, callback, escalation, handoff)]
    assert got == [("Medium", 24), ("Low", 72), ("High", 4), ("Medium", 24)]
    assert inquiry.dispute and inquiry.reason_codes == ("duplicate",)
    assert inquiry.record["unresolved"] == ["¿El comercio cobró dos veces el mismo servicio?"]
    assert callback.reason_codes == ("callback_requested",) and callback.record["request"] == "callback"
    assert handoff.record["open_questions"] == ["¿Qué necesita el cliente? Pidió hablar con una persona."]


def test_one_case_file_builder_and_one_case_writer():
    writers = [name for name, text in sources(".py") if "INSERT INTO ops.handoff_cases" in text]
    assert writers == ["adapters/postgres/cases_store.py"]
    for name, text in sources(".py"):
        if ("case_file" in text or "handoff" in text) and name not in ("domain/priority.py", "domain/vocabulary.py"):
            hard = r"priority[\"']?\s*[:=]\s*[\"'](Low|Medium|High)|hours=\d|[\"']sla_hours[\"']:\s*\d"
            assert not re.search(hard, text), f"{name} hard-codes a priority"
        if name != "domain/case_files.py" and not name.startswith("domain/texts/"):  # labels, not records
            assert not re.search(r"[\"'](open_questions|unresolved)[\"']\s*:\s*[^\s\"']", text), name


def test_one_within_seconds_query():
    """The duplicate check reads neighbours in one query, the investigation's and the gateway's alike (the
    evaluation's oracle keeps its own on purpose)."""
    window = re.compile(
        r"DUPLICATE_WINDOW_SECONDS\b(?!\s*=)|make_interval\(secs|extract\(epoch FROM \w+\.transaction_date"
    )
    users = {name: len(window.findall(text)) for name, text in sources(".py") if not name.startswith("evaluation/")}
    users = {name: n for name, n in users.items() if n}
    assert users == {"domain/evidence.py": 1, "adapters/postgres/investigation_reads.py": 4}


def test_the_console_names_every_signal_as_a_reason_and_a_finding():
    missing = [f"{kind}_{s}" for s in Signal for kind in ("reason", "finding") if f"{kind}_{s}" not in CONSOLE]
    assert not missing
