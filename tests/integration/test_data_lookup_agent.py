"""data_lookup through POST /api/chat: code reads the question (the lookup, its period, category and merchant)
and writes the reply; the model is never asked. The agent's hub offers run_sql only to a model that passed the
SQL gate."""

import re

import anyio
import pytest
from fastmcp import Client
from starlette.testclient import TestClient

from quipu.adapters.llm.rules import RulesModel
from quipu.adapters.llm.scripted import ScriptedModel
from quipu.adapters.mcp.hub import hub
from quipu.application.skills.tool_deps import ToolDeps
from quipu.domain.money import format_money
from quipu.evaluation.sql_eval import record_verdict
from quipu.service import create_app
from quipu.settings import Settings
from quipu.skills.data_lookup.gate import gate_sql_tools, passed, read_record, write_verdict
from support import TEST_SECRET, sign_in

LARGEST_LAST_MONTH = "cuál fue mi gasto más grande del mes pasado"


def tool(name, **arguments):
    return {"action": "tool", "tool": name, "arguments": arguments}


def chat(api, headers, message, thread_id="lookup"):
    response = api.post("/api/chat", headers=headers, json={"message": message, "thread_id": thread_id})
    assert response.status_code == 200, response.text
    return response.json()


def lookup_model(*steps):
    return ScriptedModel(list(steps), router=lambda text: "data_lookup")


def test_lucias_largest_purchase_last_month_is_written_by_code(make_client):
    api = make_client(model=lookup_model(tool("get_largest_purchase", period="last_month")))
    body = chat(api, sign_in(api, "DEMO-MX-DUPLICATE"), LARGEST_LAST_MONTH)
    assert "787.19 MXN" in body["reply"] and "Soriana" in body["reply"] and "mayo" in body["reply"]


def test_a_follow_up_in_april_keeps_the_category_and_changes_the_month(make_client):
    model = lookup_model(
        tool("get_spending_summary", period="this_month", category="comida"), tool("get_spending_summary")
    )
    api = make_client(model=model)
    headers = sign_in(api, "DEMO-MX-DUPLICATE")
    chat(api, headers, "¿cuánto gasté en comida este mes?")
    body = chat(api, headers, "¿y en abril?")
    assert "de comida en abril" in body["reply"] and "MXN" in body["reply"]


def test_a_period_the_model_missed_is_read_from_the_customers_words(make_client):
    api = make_client(model=lookup_model(tool("get_largest_purchase")))
    body = chat(api, sign_in(api, "DEMO-MX-DUPLICATE"), LARGEST_LAST_MONTH)
    assert "787.19 MXN" in body["reply"]


@pytest.mark.parametrize(
    ("customer", "message", "expected"),
    [
        ("DEMO-MX-DUPLICATE", LARGEST_LAST_MONTH, "787.19 MXN"),
        ("DEMO-MX-DUPLICATE", "a cuánto está el dólar?", "1 USD equivalía a"),
        ("DEMO-BR-PORTUGUESE", "quanto gastei com alimentação este mês?", "Você gastou 104,13 USD"),
    ],
)
def test_the_rules_baseline_picks_the_lookup_from_the_words(make_client, customer, message, expected):
    api = make_client(model=RulesModel())
    body = chat(api, sign_in(api, customer), message)
    assert body["skill"] == "data_lookup" and expected in body["reply"]


# --- the SQL gate -----------------------------------------------------------------------------------------
def agent_over(demo_db, home, model) -> TestClient:
    return TestClient(create_app(Settings(home=home, jwt_secret=TEST_SECRET), urls=demo_db, model=model))


async def _agent_tools(home, model) -> set[str]:
    """The tools the agent's hub lists for this model, as the composition root gates them."""
    server = hub(lambda: ToolDeps(records=None), actions_enabled=True)
    gate_sql_tools(server, home, model)
    async with Client(server) as client:
        return {t.name for t in await client.list_tools()}


def test_run_sql_is_not_offered_to_a_model_without_a_pass_and_lookups_are_codes(demo_db, tmp_path):
    write_verdict(tmp_path, "scripted", "scripted", "FAIL")
    with agent_over(demo_db, tmp_path, ScriptedModel()) as api:
        body = chat(
            api, sign_in(api, "DEMO-MX-DUPLICATE"), "¿qué hay en mis registros de mayo?", thread_id="sql-gate-fail"
        )
        assert body["skill"] == "data_lookup" and "run_sql" not in body["tools_used"]
    hidden = anyio.run(_agent_tools, tmp_path, ScriptedModel())
    assert "dwh_get_spending_summary" in hidden and "dwh_run_sql" not in hidden and "dwh_describe_schema" not in hidden


def test_run_sql_is_offered_to_the_agents_hub_after_a_pass(tmp_path):
    write_verdict(tmp_path, "scripted", "scripted", "PASS")
    offered = anyio.run(_agent_tools, tmp_path, ScriptedModel())
    assert "dwh_run_sql" in offered and "dwh_describe_schema" in offered


def test_another_models_pass_does_not_count(tmp_path):
    write_verdict(tmp_path, "local", "qwen2.5-coder-7b.gguf", "PASS")
    write_verdict(tmp_path, "local", "qwen2.5-coder-1.5b.gguf", "FAIL")
    assert passed(tmp_path, "local", "qwen2.5-coder-7b.gguf")
    assert not passed(tmp_path, "local", "qwen2.5-coder-1.5b.gguf") and not passed(tmp_path, "ollama", "x")


def test_the_latest_verdict_of_a_model_replaces_its_older_one(tmp_path):
    write_verdict(tmp_path, "openai", "m", "PASS")
    write_verdict(tmp_path, "openai", "m", "FAIL")
    assert not passed(tmp_path, "openai", "m") and read_record(tmp_path)["openai:m"]["date"]


def test_an_unreadable_record_gates_like_no_record(tmp_path):
    (tmp_path / "sql-gate.json").write_text("{not json")
    assert not passed(tmp_path, "scripted", "scripted")


def test_quipu_eval_sql_records_the_verdict_with_its_provenance(tmp_path):
    summary = {
        "execution_accuracy": 0.5,
        "unanswerable_declined": 1.0,
        "leaks": 0,
        "provenance": {"provider": "local", "model": "m.gguf", "split": "regression", "repeats": 1, "commit": "abc"},
    }
    record_verdict(tmp_path, summary, "FAIL")
    entry = read_record(tmp_path)["local:m.gguf"]
    assert entry["verdict"] == "FAIL" and entry["execution_accuracy"] == 0.5 and entry["split"] == "regression"


def test_outside_mcp_clients_keep_run_sql(anyio_backend):
    import anyio

    async def listed():
        async with Client(hub(lambda: ToolDeps(records=None), actions_enabled=True)) as client:
            return {t.name for t in await client.list_tools()}

    assert {"dwh_run_sql", "dwh_describe_schema"} <= anyio.run(listed)


def test_when_the_model_only_asks_code_reads_the_lookup_from_the_words(make_client):
    api = make_client(model=lookup_model({"action": "ask"}))
    body = chat(api, sign_in(api, "DEMO-MX-DUPLICATE"), LARGEST_LAST_MONTH)
    assert "787.19 MXN" in body["reply"]


def test_the_rules_baseline_reads_a_portuguese_follow_up_after_the_question_it_follows(make_client, admin):
    api = make_client(model=RulesModel())
    headers = sign_in(api, "DEMO-BR-PORTUGUESE")
    chat(api, headers, "quanto gastei com alimentação este mês?", thread_id="ana-follow-up")
    body = chat(api, headers, "e no mês passado?", thread_id="ana-follow-up")
    ((total,),) = admin.execute(
        "SELECT sum(amount) FROM core.transactions WHERE customer_id = 'DEMO-BR-PORTUGUESE' AND transaction_type = "
        "'Purchase' AND transaction_status = 'Approved' AND transaction_category = 'Food' "
        "AND transaction_date >= '2026-05-01' AND transaction_date < '2026-06-01'"
    ).fetchall()
    # the language of a three-word follow-up is not this skill's to decide; the figure and the month are
    assert f" {format_money(total, 'USD', 'Brazil')} " in body["reply"] and re.search(r"\bma(yo|io)\b", body["reply"])


def test_follow_ups_that_point_back_order_or_ask_for_the_latest_are_read_against_the_last_lookup(make_client):
    """ "¿y el anterior?" is the period before the one just asked; "ordénalos de mayor a menor" orders the list
    just shown; "los últimos 3" are the latest, whatever period came before."""
    api = make_client(model=ScriptedModel())
    headers = sign_in(api, "DEMO-MX-DUPLICATE")
    chat(api, headers, "cuanto gaste este mes", thread_id="back")
    assert "mayo" in chat(api, headers, "y el anterior?", thread_id="back")["reply"]
    chat(api, headers, "mis movimientos de mas de 300 del mes pasado", thread_id="order")
    ordered = chat(api, headers, "ponmelos de mayor a menor", thread_id="order")
    amounts = [float(a.replace(",", "")) for a in re.findall(r"([\d,]+\.\d\d) MXN", ordered["reply"])]
    assert len(amounts) >= 2 and amounts == sorted(amounts, reverse=True) and min(amounts) > 300
    latest = chat(api, headers, "y mis ultimos 3 movimientos", thread_id="order")
    assert "últimos 30 días" in latest["reply"] and latest["reply"].count("•") == 3  # not May's: the latest
