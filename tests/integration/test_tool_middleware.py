"""One middleware on the hub does for every tool what each tool once did by hand: the session, `unavailable`
for a failed lookup (counted, logged with its traceback, audited), and the audit row of the tagged tools."""

import json
import logging

import pytest
from fastmcp.exceptions import ToolError
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.mcp.hub import hub
from quipu.adapters.mcp.in_process import InProcessTools
from quipu.adapters.mcp.session import current_session
from quipu.adapters.mcp.tooling import AUDITED
from quipu.adapters.metrics import TOOL_ERRORS
from quipu.adapters.postgres.audit import PgAudit
from quipu.adapters.postgres.bank_records import PgBankRecords
from quipu.application.caller import Caller
from quipu.application.skills.tool_deps import ToolDeps
from quipu.application.tool_results import LookupFailed, ToolRefused

pytestmark = pytest.mark.anyio
LUCIA = "DEMO-MX-DUPLICATE"
AUDITED_TOOLS = {
    "accounts_get_balances",
    "accounts_get_debts",
    "accounts_get_profile",
    "investigation_investigate_charges",
    "investigation_investigate_charge",
    "investigation_dispute_status",
    "dwh_get_spending_summary",
    "dwh_get_largest_purchase",
    "dwh_compare_spending",
    "dwh_get_movements",
    "dwh_get_exchange_rate",
    "dwh_get_complaints",
    "dwh_run_sql",
}


class Broken:
    """Records, money or anything else whose every call fails, as a database that went away would."""

    def __getattr__(self, name):
        async def fails(*args, **kwargs):
            raise ConnectionError(f"{name}: the database went away")

        return fails


@pytest.fixture
async def pool(demo_db):
    async with AsyncConnectionPool(demo_db.app, min_size=1, max_size=4, kwargs={"autocommit": True}) as pool:
        yield pool


def tools(pool, **deps) -> InProcessTools:
    made = ToolDeps(**{"records": PgBankRecords(pool), "audit": PgAudit(pool), **deps})
    return InProcessTools(hub(lambda: made, actions_enabled=True))


async def audit_rows(pool, tool: str) -> list[dict]:
    async with pool.connection() as conn:
        rows = await (
            await conn.execute(
                "SELECT proposed FROM ops.decision_log WHERE customer_id = %s AND tool = %s ORDER BY log_id",
                (LUCIA, tool),
            )
        ).fetchall()
    return [row[0] if isinstance(row[0], dict) else json.loads(row[0]) for row in rows]


async def test_a_failed_lookup_is_unavailable_counted_logged_with_its_traceback_and_audited(pool, caplog):
    before = TOOL_ERRORS.labels("get_balances")._value.get()
    rows_before = len(await audit_rows(pool, "get_balances"))
    with caplog.at_level(logging.WARNING, logger="quipu.tools"):
        answer = await tools(pool, records=Broken()).call_tool("accounts_get_balances", {}, Caller(LUCIA, True))
    assert answer == LookupFailed(unavailable=["get_balances"])
    assert answer.json_ready() == {"error": "lookup_failed", "unavailable": ["get_balances"]}
    assert TOOL_ERRORS.labels("get_balances")._value.get() == before + 1
    (logged,) = [r for r in caplog.records if r.name == "quipu.tools"]
    assert "get_balances" in logged.getMessage() and isinstance(logged.exc_info[1], ConnectionError)
    rows = await audit_rows(pool, "get_balances")
    assert len(rows) == rows_before + 1
    assert rows[-1]["unavailable"] == ["get_balances"] and rows[-1]["channel"] == "agent"


async def test_a_failed_typed_lookup_says_its_status_is_unavailable(pool):
    answer = await tools(pool, records=Broken()).call_tool("dwh_get_complaints", {}, Caller(LUCIA, True))
    assert answer == LookupFailed(unavailable=["get_complaints"], status="unavailable")


async def test_a_failed_proposal_is_an_error_not_an_unavailable_lookup(pool):
    answer = await tools(pool, money=Broken()).call_tool(
        "transfers_propose_service_payment", {"service": "luz"}, Caller(LUCIA, True)
    )
    assert isinstance(answer, ToolRefused) and answer.detail


async def test_a_signed_out_session_is_refused_by_every_tool_that_acts_and_reading_still_answers(pool):
    signed_out = Caller(LUCIA, False)
    port = tools(pool)
    for name, arguments in [
        ("actions_my_cards", {}),
        ("actions_recent_charges", {}),
        ("actions_propose_actions", {"actions": [{"action": "request_callback", "params": {"window": "morning"}}]}),
        ("transfers_list_transfer_options", {}),
        ("transfers_list_service_bills", {}),
        ("transfers_propose_transfer", {"kind": "own_accounts", "amount": "10"}),
        ("transfers_propose_service_payment", {}),
    ]:
        answer = await port.call_tool(name, arguments, signed_out)
        assert answer == ToolRefused(detail="the customer must sign in before any action can be prepared"), name
    assert (await port.call_tool("accounts_get_balances", {}, signed_out)).products


async def test_which_tools_are_audited_is_the_audited_tag_and_each_row_has_every_argument(pool):
    listed = await tools(pool).server.list_tools()
    assert {t.name for t in listed if AUDITED in t.tags} == AUDITED_TOOLS
    port, lucia = tools(pool), Caller(LUCIA, True)
    searched_before = len(await audit_rows(pool, "search_transactions"))
    await port.call_tool("investigation_search_transactions", {"days": 3}, lucia)
    assert len(await audit_rows(pool, "search_transactions")) == searched_before
    await port.call_tool("investigation_investigate_charges", {"merchant": "Uber"}, lucia)
    row = (await audit_rows(pool, "investigate_charges"))[-1]
    assert row["arguments"] == {"days": "30", "merchant": "Uber", "min_amount": None, "max_amount": None}
    assert row["unavailable"] == []


async def test_run_sql_disabled_by_name_is_neither_listed_nor_callable_in_process(pool):
    port = tools(pool)
    port.server.disable(names={"dwh_run_sql"})
    assert "dwh_run_sql" not in {t.name for t in await port.list_tools()}
    answer = await port.call_tool("dwh_run_sql", {"sql": "SELECT 1"}, Caller(LUCIA, True))
    assert answer == ToolRefused(detail="Unknown tool: 'dwh_run_sql'")


async def test_the_in_process_session_ends_with_its_call(pool):
    await tools(pool).call_tool("accounts_get_profile", {}, Caller(LUCIA, True))
    with pytest.raises(ToolError):
        current_session()
