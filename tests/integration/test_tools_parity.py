"""The agent's in-process tools and an outside MCP client at /mcp answer the same, for the same customer."""

import httpx2
import pytest
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client
from served import served_app

from quipu.adapters.llm.scripted import ScriptedModel
from quipu.adapters.mcp.in_process import InProcessTools
from quipu.adapters.mcp.tooling import short_name
from quipu.application.caller import Caller
from quipu.application.results import Result
from quipu.application.skills.results import result_of
from quipu.application.sql_results import SqlRefusal
from quipu.application.tool_results import ToolRefused
from quipu.bank_data.demo_accounts import DEMO_PASSWORDS
from quipu.bootstrap import build_container
from quipu.settings import Settings
from quipu.skills.data_lookup.gate import write_verdict
from quipu.wiring import agent_tools
from support import TEST_SECRET

pytestmark = pytest.mark.anyio
CUSTOMERS = ("DEMO-MX-DUPLICATE", "DEMO-MX-RECIBE")  # Lucía's charges and cards; Renata's accounts and bills
# At least one per skill; a refusal the tool means, arguments a schema refuses, and an unknown tool.
CALLS = [
    ("accounts_get_balances", {}),
    ("accounts_get_debts", {}),
    ("accounts_get_profile", {}),
    ("investigation_investigate_charges", {"merchant": "Uber"}),
    ("investigation_search_transactions", {"days": 90, "limit": 5}),
    ("actions_my_cards", {}),
    ("actions_recent_charges", {"days": 90}),
    ("transfers_list_transfer_options", {}),
    ("transfers_list_service_bills", {}),
    ("dwh_get_spending_summary", {"period": "last_90_days", "by": "category"}),
    ("dwh_get_movements", {"limit": 5, "order": "largest"}),
    ("dwh_get_complaints", {}),
    ("dwh_run_sql", {"sql": "SELECT count(*) AS n FROM core.transactions"}),
    ("dwh_run_sql", {"sql": "DELETE FROM core.transactions"}),  # refused by the SQL walls, with the reason
    ("actions_propose_actions", {"actions": "block every card"}),  # refused by the tool: not a list of actions
    ("investigation_investigate_charges", {"days": 5000}),  # out of range: the schema refuses it
    ("accounts_get_profile", {"customer_id": "DEMO-CO-PENDING"}),  # no tool takes a customer
    ("accounts_no_such_tool", {}),
]


async def over_http(base: str, customer: str) -> list[Result]:
    async with httpx2.AsyncClient(timeout=30) as http:
        signed = await http.post(
            f"{base}/api/auth/token", json={"user": customer, "password": DEMO_PASSWORDS[customer]}
        )
    headers = {"Authorization": f"Bearer {signed.json()['access_token']}"}
    answers = []
    async with (
        httpx2.AsyncClient(headers=headers, timeout=30) as http,
        streamable_http_client(f"{base}/mcp/", http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        for name, arguments in CALLS:
            result = await session.call_tool(name, arguments)
            if result.is_error:
                answers.append(ToolRefused(detail=" ".join(getattr(c, "text", "") for c in result.content)))
            else:  # what an outside client reads, typed by the model the tool publishes
                answers.append(result_of(short_name(name), result.structured_content or {}))
    return answers


async def in_process(demo_db, home) -> dict[str, list[Result]]:
    """Through the port the agent uses, on the hub the composition root builds for it."""
    model = ScriptedModel()
    write_verdict(home, model.provider, model.model, "PASS")  # a model that passed the SQL gate is offered run_sql
    settings = Settings(home=home, jwt_secret=TEST_SECRET)
    answers = {}
    async with build_container(settings, urls=demo_db, model=model) as container:
        services = container.services
        hub = agent_tools(
            services.settings, model, services.tools, run_sql_off=services.sql_runner.off_reason is not None
        )
        tools = InProcessTools(hub)
        for customer in CUSTOMERS:
            session = Caller(customer_id=customer, signed_in=True, language="es", thread_id="t-parity")
            answers[customer] = [await tools.call_tool(name, arguments, session) for name, arguments in CALLS]
    return answers


async def test_the_agent_in_process_and_an_outside_client_over_http_answer_the_same(demo_db, tmp_path):
    with served_app(demo_db, tmp_path / "served") as base:
        outside = {customer: await over_http(base, customer) for customer in CUSTOMERS}
    inside = await in_process(demo_db, tmp_path / "agent")
    for customer in CUSTOMERS:
        for (name, arguments), one, other in zip(CALLS, inside[customer], outside[customer], strict=True):
            assert one == other, (customer, name, arguments)
    lucia, renata = inside["DEMO-MX-DUPLICATE"], inside["DEMO-MX-RECIBE"]
    assert lucia[3].count == 2 and lucia[5].cards  # the same records, not two empty answers
    assert renata[0].products and renata[8].bills
    assert isinstance(lucia[13], SqlRefusal) and lucia[13].blocked is True  # the walls' refusal is an answer
    assert lucia[14] == ToolRefused(detail="actions must be a list of {action, params}")
    assert "less than or equal to 90" in lucia[15].detail
    assert "Unexpected keyword argument" in lucia[16].detail
    assert lucia[17] == ToolRefused(detail="Unknown tool: 'accounts_no_such_tool'")
