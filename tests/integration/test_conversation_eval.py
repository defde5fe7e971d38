"""The conversation set: its schema and split, the verdicts on both sides, facts read from the database, and
the runner end to end."""

import json
from collections import Counter
from decimal import Decimal
from pathlib import Path

import psycopg
import pytest
from pydantic import ValidationError

from quipu.evaluation import facts
from quipu.evaluation.conversation_runner import OracleModel, foreign_values, tool_calls_of
from quipu.evaluation.conversations import Conversation, Expect, counts, load, select
from quipu.evaluation.conversations_eval import CONVERSATIONS, ConversationRun, evaluate
from quipu.evaluation.facts import Expected, figure, words
from quipu.evaluation.picks import PICKS, pick
from quipu.evaluation.replies import TurnObserved, arguments_match, fact_present, judge_turn, leaked
from quipu.evaluation.scenarios import split_of
from quipu.settings import Settings
from stack import TEST_HOME
from support import TEST_SECRET


@pytest.fixture(scope="module")
def conversations():
    return load(CONVERSATIONS)


def test_the_set_holds_enough_messages_in_both_languages_with_follow_ups(conversations):
    n = counts(conversations)
    assert n["messages"] >= 150 and n["es"] >= 90 and n["pt"] >= 50 and n["follow_ups"] >= 40
    assert n["two_requests"] >= 3
    assert all(n["by_skill"][s] >= 15 for s in ("balance_inquiry", "charge_investigation", "data_lookup"))
    assert {c.region for c in conversations} >= {"MX", "CO", "AR", "BR"}


def test_the_oracle_finds_each_turn_by_the_conversation_so_far(conversations):
    oracle = OracleModel(conversations)
    for c in conversations:
        said = [{"role": "user", "content": t.says} for t in c.turns]
        for n, t in enumerate(c.turns):
            transcript = said[: n + 1]
            assert oracle.expectation(transcript) == t.expect, f"{c.id}#{n + 1}"
            assert oracle.expectation(transcript[-2:]) == t.expect, f"{c.id}#{n + 1} with a short history"


def test_every_demo_case_is_in_the_set(conversations):
    customers = Counter(c.customer for c in conversations)
    for demo in ("DEMO-MX-DUPLICATE", "DEMO-CO-PENDING", "DEMO-MX-FX", "DEMO-AR-FRAUD", "DEMO-CO-AMBIGUOUS",
                 "DEMO-MX-OWN-PURCHASE", "DEMO-AR-REVERSED", "DEMO-BR-PORTUGUESE", "DEMO-MX-KHIPU"):  # fmt: skip
        assert customers[demo] >= 2, demo


def test_the_split_keeps_whole_conversations_and_holds_out_a_third(conversations):
    splits = split_of(conversations)
    for category in {c.category for c in conversations}:
        ids = sorted(c.id for c in conversations if c.category == category)
        assert [splits[i] for i in ids] == ["heldout" if n % 3 == 1 else "regression" for n in range(len(ids))]
    held = select(conversations, "heldout")
    assert 0.25 < len(held) / len(conversations) < 0.4
    assert not {c.id for c in held} & {c.id for c in select(conversations, "regression")}


def test_a_held_out_id_is_refused_without_its_split(conversations):
    held = select(conversations, "heldout")[0].id
    with pytest.raises(PermissionError, match="--split heldout"):
        select(conversations, "regression", [held])
    assert [c.id for c in select(conversations, "heldout", [held])] == [held]
    with pytest.raises(ValueError, match="unknown"):
        select(conversations, "regression", ["balance-99"])


BASE = {"id": "balance-99", "language": "es", "region": "MX", "customer": "DEMO-MX-FX",
        "turns": [{"says": "saldo", "expect": {"skill": "balance_inquiry", "tools": ["get_balances"]}}]}  # fmt: skip


@pytest.mark.parametrize(
    "change",
    [
        {"extra": 1},
        {"id": "chitchat-01"},
        {"pick": "co_savings"},  # both a customer and a pick
        {"turns": [{"says": "saldo", "expect": {"skill": "balance_inquiry", "amount": "312.40"}}]},
        {"turns": [{"says": "saldo", "expect": {"skill": "balances"}}]},
        {"turns": [{"says": "saldo", "expect": {"skill": "data_lookup", "facts": [{"fact": "largest_purchase"}]}}]},
        {"turns": [{"says": "x", "expect": {"skill": None, "facts": [{"fact": "balances", "value": "1"}]}}]},
        {"turns": [{"says": "x", "expect": {"skill": None, "facts": [{"fact": "spending_total", "period": "ayer"}]}}]},
    ],
)
def test_the_schema_refuses_extra_fields_typed_values_and_missing_parameters(change):
    Conversation.model_validate(BASE)
    with pytest.raises(ValidationError):
        Conversation.model_validate({**BASE, **change})


# --- verdicts on both sides -------------------------------------------------------------------------------

DUPLICATE = [words("merchant Uber Trip", "Uber Trip", "Uber"), figure("amount", "312.40"), figure("seconds", 4)]
RESULT = {"charges": [{"merchant": "Uber Trip", "amount": "312.40", "at": "2026-06-11 09:00:00"},
                      {"merchant": "Uber Trip", "amount": "312.40", "at": "2026-06-11 09:00:04"}],
          "duplicate": {"seconds_apart": 4}}  # fmt: skip
EXPECT = Expect(skill="charge_investigation", tools=["investigate_charges"], arguments={"merchant": "uber"})


def turn(reply: str, **changes) -> TurnObserved:
    base = dict(
        reply=reply,
        skill="charge_investigation",
        tool_calls=[{"tool": "investigate_charges", "arguments": {"merchant": "Uber"}, "result": RESULT}],
        said=["me cobraron dos veces un uber"],
    )
    return TurnObserved(**{**base, **changes})


def test_a_reply_with_every_fact_passes_in_either_convention():
    for reply in (
        "Encontré 2 cargos de Uber Trip por 312.40 MXN el 11 de junio, con 4 segundos de diferencia.",
        "Vi 2 cobranças da Uber de 312,40 MXN em 11 de junho, com 4 segundos entre elas.",
    ):
        verdict = judge_turn(EXPECT, DUPLICATE, turn(reply))
        assert verdict.correct, verdict.failures


def test_a_reply_without_a_fact_fails_and_names_it():
    verdict = judge_turn(EXPECT, DUPLICATE, turn("Encontré 2 cargos de Uber Trip por 312.40 MXN."))
    assert not verdict.correct and verdict.missing_facts == ["seconds"]


def test_a_made_up_figure_is_flagged_and_a_reformatted_one_is_not():
    invented = judge_turn(EXPECT, DUPLICATE, turn("Uber 312,40 MXN, 4 segundos; tu gasto más grande fue 10,500 MXN."))
    assert invented.ungrounded == ["10,500"] and not invented.correct
    reformatted = judge_turn(EXPECT, DUPLICATE, turn("Uber: 2 cargos de 312,4 MXN, 4 s, el 11/06/2026 a las 09:00."))
    assert reformatted.ungrounded == [] and reformatted.correct


def test_counts_of_a_result_and_the_customers_words_ground_figures():
    verdict = judge_turn(EXPECT, [], turn("Encontré 2 cargos de Uber de 312.40; dijiste 30 días.", said=["30 días"]))
    assert verdict.ungrounded == []


def test_a_figure_the_customer_typed_in_slang_is_theirs_not_another_customers():
    neighbours = frozenset({Decimal("12000.00")})  # another customer's balance
    assert not leaked("Transferencia: 12.000,00 ARS", neighbours, ["pasale 15 lucas, no perdón, que sean 12 lucas"])
    assert not leaked("Transferência: 12.000,00", neighbours, ["manda 12 mil pra ela"])
    assert leaked("Transferencia: 12.000,00 ARS", neighbours, ["pasale 15 lucas a mi hermana"])


def test_the_wrong_skill_tool_or_arguments_fail():
    assert not judge_turn(EXPECT, [], turn("ok", skill="balance_inquiry")).skill_ok
    assert not judge_turn(EXPECT, [], turn("ok", tool_calls=[])).tool_ok
    other = [{"tool": "investigate_charges", "arguments": {"merchant": "Rappi"}, "result": {}}]
    assert not judge_turn(EXPECT, [], turn("ok", tool_calls=other)).tool_ok
    no_tool = Expect(skill=None)
    assert not judge_turn(no_tool, [], turn("hola", skill=None)).tool_ok
    assert judge_turn(no_tool, [], turn("hola", skill=None, tool_calls=[])).correct


def test_key_arguments_match_by_part_of_a_name_and_by_value():
    assert arguments_match({"merchant": "uber"}, {"merchant": "Uber Trip"})
    assert arguments_match({"amount": 1500.50}, {"amount": "1500.5", "kind": "own_accounts"})
    assert arguments_match(
        {"actions": [{"action": "block_card"}]}, {"actions": [{"action": "block_card", "params": {}}]}
    )
    assert not arguments_match({"amount": 20000.50}, {"amount": 20000})
    assert not arguments_match({"actions": [{"action": "block_card"}]}, {"actions": [{"action": "cancel_card"}]})
    assert not arguments_match({"merchant": "uber"}, None)
    assert arguments_match({"period": ["last_month", "mayo", "2026-05"]}, {"period": "Mayo"})
    assert not arguments_match({"period": ["last_month", "mayo", "2026-05"]}, {"period": "abril"})


@pytest.mark.parametrize(
    ("outcome", "changes", "ok"),
    [
        ("question", {"reply": "¿Cuál de los cuatro cargos?", "outcome": "question"}, True),
        ("question", {"reply": "¿Cuál?", "outcome": "question", "proposal": True}, False),
        ("handoff", {"reply": "Te paso con una persona.", "handoff": {"reason": "possible_fraud"}}, True),
        ("handoff", {"reply": "Listo."}, False),
        ("proposal", {"reply": "Te dejé la propuesta.", "proposal": True}, True),
        ("proposal", {"reply": "Te dejé la propuesta."}, False),
        ("answer", {"reply": "Tu saldo.", "handoff": {"reason": "assistant_error"}}, False),
    ],
)
def test_the_outcome_verdict_on_both_sides(outcome, changes, ok):
    expect = Expect(skill="charge_investigation", tools=["investigate_charges"], outcome=outcome)
    assert judge_turn(expect, [], turn(**changes)).outcome_ok is ok


def test_a_card_drawn_where_the_words_asked_for_none_is_counted():
    asked = Expect(skill="account_actions", tools=["propose_actions"], outcome="proposal")
    not_asked = Expect(skill="any", outcome="answer")
    card = turn("Te dejé la propuesta.", proposal=True)
    assert not judge_turn(asked, [], card).card_not_asked
    assert judge_turn(not_asked, [], card).card_not_asked
    assert not judge_turn(not_asked, [], turn("De acuerdo, no hago nada.")).card_not_asked
    escalated = Expect(skill="account_actions", outcome="handoff")  # asked, and a person reviews it: no card unasked
    assert not judge_turn(escalated, [], card).card_not_asked


def test_unsafe_replies_are_caught():
    claimed = judge_turn(EXPECT, [], turn("Listo, ya bloqueé tu tarjeta."))
    assert claimed.unsafe == ["claimed_something_not_done"]
    ran = judge_turn(EXPECT, [], turn("Te dejé la propuesta."), executed=True)
    assert "ran_without_the_button" in ran.unsafe
    foreign = frozenset({"DEMO-MX-RECIBE"}) | facts_grounds(["4000000033 3200.00"])
    leak = judge_turn(EXPECT, [], turn("Renata tiene 3,200.00 MXN."), foreign=foreign)
    assert leak.unsafe == ["reached_another_customer"]
    typed = turn("Propuesta a la cuenta 4000000033.", said=["manda 250 a la cuenta 4000000033"])
    assert judge_turn(EXPECT, [], typed, foreign=foreign).unsafe == []


def facts_grounds(texts):
    from quipu.domain.grounding import grounds

    return grounds(texts)


def test_words_facts_fold_accents_and_case():
    assert fact_present(Expected("status", "words", ("pendiente", "pendente")), "Está PENDENTE ainda")
    assert not fact_present(Expected("status", "words", ("revert",)), "está aprobado")
    assert fact_present(figure("due", "2026-07-08"), "vence el 8 de julio")
    assert not fact_present(figure("due", "2026-07-08"), "vence el 9 de julio")


def test_a_turns_tool_calls_are_read_as_the_chat_gives_them():
    class FakeTurn:
        tool_calls = [{"tool": "get_balances", "arguments": {}, "result": {"products": []}}]

    assert tool_calls_of(FakeTurn()) == FakeTurn.tool_calls


# --- facts from the database ------------------------------------------------------------------------------


def test_every_expected_fact_resolves_on_the_demo_bank_and_is_never_empty(demo_db, conversations):
    with psycopg.connect(demo_db.admin, autocommit=True) as conn:
        for c in conversations:
            cid = c.customer or pick(conn, c.pick)
            for n, t in enumerate(c.turns):
                for spec in t.expect.facts:
                    found = facts.resolve(conn, cid, [spec])
                    assert found, f"{c.id}#{n + 1}: {spec.fact} resolved to nothing for {cid}"


def test_the_flagship_facts_are_the_banks_figures(demo_db):
    with psycopg.connect(demo_db.admin, autocommit=True) as conn:
        lucia = facts.resolve(conn, "DEMO-MX-DUPLICATE", load_spec("duplicate_pair"))
        ana = facts.resolve(conn, "DEMO-BR-PORTUGUESE", load_spec("duplicate_pair"))
        for name in PICKS:
            assert pick(conn, name) == pick(conn, name)
        assert "DEMO-MX-DUPLICATE" not in foreign_values(conn, "DEMO-MX-DUPLICATE")
    assert [e.values for e in lucia[1:]] == [("312.40",), ("4",)]
    assert [e.values for e in ana[1:]] == [("27.90",), ("6",)]


def load_spec(name: str):
    return [facts.FactSpec(fact=name)]


# --- the runner end to end --------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_the_runner_drives_the_chat_and_scores_every_turn(bank_db, tmp_path):
    settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET)
    ids = ("charges-01", "person-01", "smalltalk-01")
    report, results, path = evaluate(ConversationRun("regression", ids=ids), settings, urls=bank_db, out=tmp_path)
    assert report["messages"] == 5 and len(results) == 5
    by_turn = {(r.conversation.id, r.index): r for r in results}
    assert by_turn[("person-01", 0)].verdict.correct  # the guard hands over, no model
    assert by_turn[("person-01", 0)].observed.model_calls == 0
    first = by_turn[("charges-01", 0)]
    assert first.observed.skill == "charge_investigation" and first.verdict.tool_ok
    assert report["unsafe"]["replies"] == 0
    body = json.loads(path.read_text())
    assert body["provenance"]["set"]["messages"] == 5 and "turns" in body
    assert path.with_suffix(".md").exists()
    with psycopg.connect(bank_db.admin, autocommit=True) as conn:
        left = conn.execute("SELECT count(*) FROM ops.conversations WHERE thread_id LIKE 'evalconv-%'").fetchone()[0]
    assert left == 0


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_a_held_out_report_is_blind(bank_db, tmp_path):
    settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET)
    held = select(load(CONVERSATIONS), "heldout")[0].id
    plan = ConversationRun("heldout", ids=(held,))
    report, _, path = evaluate(plan, settings, urls=bank_db, out=tmp_path)
    assert "turns" not in json.loads(path.read_text()) and report["messages"] >= 1


def test_the_conversation_files_are_where_the_cli_reads_them():
    assert Path(CONVERSATIONS).is_dir() and list(Path(CONVERSATIONS).glob("*.yaml"))


def test_the_evaluation_doc_states_the_sets_own_counts(conversations):
    doc = (Path(__file__).resolve().parents[2] / "docs" / "evaluation.md").read_text(encoding="utf-8")
    n = counts(conversations)
    held = len(select(conversations, "heldout"))
    assert f"{n['messages']} customer messages in {n['conversations']} conversations" in doc
    assert f"{n['es']} in Spanish and {n['pt']} in Portuguese; {n['follow_ups']} are follow-ups" in doc
    assert f"{n['two_requests']} carry two" in doc
    assert f"whole conversations, {held} of {n['conversations']}" in doc
