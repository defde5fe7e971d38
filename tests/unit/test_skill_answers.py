"""The skills answer by code: every template exists in both languages, every hook SKILL.md names exists,
the graph names no tool, and the answers are written from tool results in the customer's convention."""

from pathlib import Path

import pytest

from quipu.application.skills.loader import load_hooks
from quipu.application.skills.manifest import discover
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.voice import Voice, templates
from quipu.application.tool_results import LookupFailed
from quipu.domain.money import format_date, format_money

SRC = Path(__file__).resolve().parents[2] / "src" / "quipu"


@pytest.mark.parametrize("skill", [s.name for s in discover()] + ["_shared"])
def test_every_answer_template_has_spanish_and_portuguese(skill):
    loaded = templates(skill)
    assert loaded and all(set(v) == {"es", "pt"} and all(v.values()) for v in loaded.values())


@pytest.mark.parametrize("skill", discover(), ids=lambda s: s.name)
def test_every_hook_skill_md_names_exists(skill):
    hooks = load_hooks(skill)
    assert callable(hooks.act) and callable(hooks.answer)
    assert all(callable(getattr(hooks, h)) for h in skill.hook_names)


def test_the_graph_names_no_tool():
    source = "".join((SRC / "application" / "agent" / f).read_text() for f in ("graph.py", "tool_caller.py"))
    tools = {
        "investigate_charges",
        "search_transactions",
        "my_cards",
        "recent_charges",
        "propose_actions",
        "propose_transfer",
        "get_balances",
        "get_movements",
        "run_sql",
        "list_transfer_options",
    }
    assert not [t for t in tools if t in source]


@pytest.mark.parametrize(
    ("amount", "currency", "place", "written"),
    [
        ("1043", "MXN", "México", "1,043.00 MXN"),
        ("148900", "COP", "Colombia", "148.900,00 COP"),
        ("161700", "ARS", "Argentina", "161.700,00 ARS"),
        ("27.9", "USD", "Brazil", "27,90 USD"),
        ("312.4", "MXN", "es", "312.40 MXN"),
        ("27.9", "USD", "pt", "27,90 USD"),
    ],
)
def test_amounts_follow_the_customers_country(amount, currency, place, written):
    from decimal import Decimal

    assert format_money(Decimal(amount), currency, place) == written


def test_dates_are_said_in_words():
    from datetime import date

    assert format_date(date(2026, 6, 11), "es") == "11 de junio"
    assert format_date(date(2026, 6, 11), "pt") == "11 de junho"
    assert format_date(date(2025, 12, 1), "es") == "1 de diciembre de 2025"


PRIORITY = {"level": "P3", "sla_hours": 72}


def outcome(tool: str, arguments: dict, result: dict) -> ToolOutcome:
    """A call as the turn's state keeps it, read back typed (as the agent reads it)."""
    return ToolOutcome.from_stored({"tool": tool, "arguments": arguments, "result": result})


def _duplicate_result() -> dict:
    charge = {
        "merchant": "Uber Trip",
        "amount": "312.40",
        "currency": "MXN",
        "date": "2026-06-11 09:00:04",
        "status": "Approved",
    }
    return {
        "count": 2,
        "charges": [
            {**charge, "label": "#1", "findings": [{"kind": "duplicate", "seconds_apart": 4, "other": "#2"}]},
            {
                **charge,
                "label": "#2",
                "date": "2026-06-11 09:00:00",
                "findings": [{"kind": "duplicate", "seconds_apart": 4, "other": "#1"}],
            },
        ],
        "unavailable": [],
        "priority": PRIORITY,
    }


def test_a_duplicate_is_told_once_with_its_seconds():
    hooks = load_hooks(next(s for s in discover() if s.name == "charge_investigation"))
    reply = hooks.answer(
        [outcome("investigate_charges", {"merchant": "Uber"}, _duplicate_result())],
        Voice("charge_investigation", "es", "México"),
    )
    assert reply.count("4 segundos") == 1 and "312.40 MXN" in reply and "11 de junio" in reply


@pytest.mark.parametrize(("more", "said"), [(True, "Hay más; estos son los más recientes"), (False, None)])
def test_a_choice_among_charges_says_when_more_matched_than_it_shows(more, said):
    hooks = load_hooks(next(s for s in discover() if s.name == "charge_investigation"))
    charges = [{**c, "findings": []} for c in _duplicate_result()["charges"]]
    result = {"count": 2, "charges": charges, "priority": PRIORITY, "ask": "which", "more_matches": more}
    reply = hooks.answer([outcome("investigate_charges", {}, result)], Voice("charge_investigation", "es", "México"))
    assert reply.startswith("Encontré varios cargos") and reply.endswith("¿Cuál es el que no reconoces?")
    assert (said in reply) if said else "Hay más" not in reply


def test_a_failed_lookup_is_unavailable_never_no():
    for skill in discover():
        hooks = load_hooks(skill)
        failed = ToolOutcome("whatever", {}, LookupFailed(unavailable=["whatever"]))
        reply = hooks.answer([failed], Voice(skill.name, "pt"))
        assert "Não consegui consultar" in reply, skill.name


def test_a_missing_duplicate_check_is_not_read_as_no_duplicate():
    result = _duplicate_result()
    for c in result["charges"]:
        c["findings"] = []
    result["unavailable"] = ["duplicate"]
    hooks = load_hooks(next(s for s in discover() if s.name == "charge_investigation"))
    reply = hooks.answer([outcome("investigate_charges", {}, result)], Voice("charge_investigation", "es"))
    assert "No pude completar todas las revisiones" in reply and "duplicados" in reply


@pytest.mark.parametrize(
    ("language", "days", "window"),
    [
        ("es", 1, "del último día"),
        ("es", 30, "de los últimos 30 días"),
        ("pt", 1, "do último dia"),
        ("pt", 7, "dos últimos 7 dias"),
    ],
)
def test_a_search_that_found_nothing_says_how_far_back_it_looked_in_words(language, days, window):
    hooks = load_hooks(next(s for s in discover() if s.name == "charge_investigation"))
    result = {"count": 0, "charges": [], "priority": PRIORITY, "days": days}
    reply = hooks.answer(
        [outcome("investigate_charges", {"days": days}, result)], Voice("charge_investigation", language)
    )
    assert window in reply and "1 días" not in reply and "1 dias" not in reply
