"""The skill servers in process, through the MCP client, on the demo bank in real PostgreSQL."""

from contextlib import contextmanager

import pytest
from fastmcp import Client
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.mcp.hub import hub
from quipu.adapters.mcp.session import meta_of
from quipu.adapters.postgres.audit import PgAudit
from quipu.adapters.postgres.bank_records import PgBankRecords
from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.investigation_reads import CHECKS
from quipu.application.caller import Caller
from quipu.application.skills.tool_deps import ToolDeps

pytestmark = pytest.mark.anyio
# The one exception: the payee of a third-party transfer, named as the customer wrote it (code checks the id
# appears in the customer's own words). It never chooses whose records are read or acted on.
PAYEE_PARAMETERS = {("transfers_propose_transfer", "to_customer_id")}
CUSTOMER_WORDS = ("customer", "client", "cliente", "user", "owner", "account_holder", "email", "document", "person")


@pytest.fixture
async def pool(demo_db):
    async with AsyncConnectionPool(demo_db.app, min_size=1, max_size=4, kwargs={"autocommit": True}) as pool:
        yield pool


@pytest.fixture
def records(pool):
    return PgBankRecords(pool)


async def call(records, customer_id, tool, arguments=None, *, signed_in=True):
    session = Caller(customer_id=customer_id, signed_in=signed_in, thread_id="t-1")
    async with Client(
        hub(lambda: ToolDeps(records=records, audit=PgAudit(records.pool)), actions_enabled=True)
    ) as client:
        result = await client.call_tool(tool, arguments or {}, meta=meta_of(session))
    return result.structured_content


def findings(result, label="#1"):
    (charge,) = [c for c in result["charges"] if c["label"] == label]
    return {f["kind"]: f for f in charge["findings"]}


async def test_lucia_duplicate_four_seconds(records):
    result = await call(records, "DEMO-MX-DUPLICATE", "investigation_investigate_charges", {"merchant": "Uber"})
    assert result["count"] == 2 and result["unavailable"] == []
    assert findings(result)["duplicate"]["seconds_apart"] == 4
    assert findings(result)["duplicate"]["other"] == "#2"
    assert result["priority"] == {"level": "Medium", "sla_hours": 24}


async def test_andres_pending(records):
    result = await call(records, "DEMO-CO-PENDING", "investigation_investigate_charges", {"merchant": "amazon"})
    assert "pending" in findings(result)


async def test_mariana_foreign_with_a_usd_reference(records):
    result = await call(records, "DEMO-MX-FX", "investigation_investigate_charges", {"merchant": "Best Buy"})
    foreign = findings(result)["foreign_purchase"]
    assert foreign["country"] == "USA" and foreign["city"] == "Austin"
    assert float(foreign["usd_rate"]) > 0 and foreign["rate_date"] <= "2026-06-14"
    assert 40 < float(foreign["amount_usd"]) < 70


async def test_martina_possible_fraud_is_high_priority_four_hours(records):
    result = await call(records, "DEMO-AR-FRAUD", "investigation_investigate_charges", {"merchant": "ElectroMax"})
    assert result["count"] == 3
    assert all("possible_fraud" in findings(result, c["label"]) for c in result["charges"])
    assert result["priority"] == {"level": "High", "sla_hours": 4}


async def test_camilo_four_candidates_and_no_single_guess(records):
    result = await call(records, "DEMO-CO-AMBIGUOUS", "investigation_investigate_charges", {"days": 3})
    assert result["count"] == 3 and result["more_matches"] is True and "ask" in result
    searched = await call(records, "DEMO-CO-AMBIGUOUS", "investigation_search_transactions", {"days": 3})
    merchants = {c["merchant"] for c in searched["charges"]}
    assert {"Rappi", "Éxito", "Uber Trip", "Amazon Mktp"} <= merchants


async def test_diego_own_app_session_is_evidence(records):
    result = await call(records, "DEMO-MX-OWN-PURCHASE", "investigation_investigate_charges", {"merchant": "Liverpool"})
    session = findings(result)["own_app_session"]
    assert session["platform"] == "iOS" and session["city"] == "Guadalajara"


async def test_sofia_reversed(records):
    result = await call(records, "DEMO-AR-REVERSED", "investigation_investigate_charges", {"merchant": "Mercado"})
    assert "reversed" in findings(result)


async def test_ana_duplicate_six_seconds(records):
    result = await call(records, "DEMO-BR-PORTUGUESE", "investigation_investigate_charges", {"merchant": "iFood"})
    assert findings(result)["duplicate"]["seconds_apart"] == 6


async def test_internal_ids_never_leave_investigate_charges(records):
    result = await call(records, "DEMO-MX-DUPLICATE", "investigation_investigate_charges", {"merchant": "Uber"})
    assert "DEMO-MX-DUPLICATE-C" not in str(result)


async def test_another_customers_transaction_answers_like_a_missing_one(records):
    theirs = await call(
        records, "DEMO-MX-DUPLICATE", "investigation_investigate_charge", {"transaction_id": "DEMO-CO-PENDING-C1"}
    )
    nothing = await call(
        records, "DEMO-MX-DUPLICATE", "investigation_investigate_charge", {"transaction_id": "NO-SUCH-CHARGE"}
    )
    assert theirs == nothing == {"evidence_lookup": "core.transactions", "found": False}


@contextmanager
def revoked(demo_db, table: str):
    """A real database error on one table: the application role may not read it for a while."""
    with connect(demo_db.admin) as conn:
        conn.execute(f"REVOKE SELECT ON core.{table} FROM quipu_app, dwh_reader")
    try:
        yield
    finally:
        with connect(demo_db.admin) as conn:
            conn.execute(f"GRANT SELECT ON core.{table} TO quipu_app, dwh_reader")


async def test_a_failed_rate_lookup_is_unavailable_and_the_other_checks_still_answer(records, demo_db):
    with revoked(demo_db, "fx_rates"):
        result = await call(records, "DEMO-CO-PENDING", "investigation_investigate_charges", {"merchant": "amazon"})
    assert result["unavailable"] == ["usd_rate"]
    assert "pending" in findings(result)
    assert "foreign_purchase" in findings(result) and "usd_rate" not in findings(result)["foreign_purchase"]


async def test_a_failed_session_lookup_is_unavailable_and_the_duplicate_still_answers(records, demo_db):
    with revoked(demo_db, "app_sessions"):
        result = await call(records, "DEMO-MX-DUPLICATE", "investigation_investigate_charges", {"merchant": "Uber"})
    assert result["unavailable"] == ["own_app_session"]
    assert findings(result)["duplicate"]["seconds_apart"] == 4


async def test_a_missing_duplicate_check_never_reads_as_no_duplicate(records, monkeypatch):
    monkeypatch.setitem(CHECKS, "duplicate", "(SELECT json_agg(x) FROM (SELECT 1 / (random() > 2)::int AS x) failing)")
    result = await call(records, "DEMO-MX-DUPLICATE", "investigation_investigate_charges", {"merchant": "Uber"})
    assert result["unavailable"] == ["duplicate"]
    assert "duplicate" not in findings(result)


async def test_balances_totals_never_cross_currencies(records):
    result = await call(records, "DEMO-MX-RECIBE", "accounts_get_balances")
    assert result["totals"] == {"deposits": {"MXN": "3200.00", "USD": "150.00"}}


async def test_debts_carry_billing_as_of_and_provenance(records):
    result = await call(records, "DEMO-MX-KHIPU", "accounts_get_debts")
    assert result["as_of"] == "2026-06-18" and result["billing_provenance"] == "team_generated"
    assert {d["product_type"] for d in result["debts"]} == {"Tarjeta Crédito", "Préstamo Personal"}
    assert all("minimum_payment" in d and "due_date" in d for d in result["debts"])


async def test_profile_never_returns_contact_or_document(records):
    result = await call(records, "DEMO-MX-DUPLICATE", "accounts_get_profile")
    assert result["first_name"] == "Lucía" and result["tenure_years"] == 7
    text = str(result)
    assert "@demo.bank" not in text and "document" not in text and "phone" not in text


async def test_movements_spending_complaints_and_rates(records):
    moves = await call(
        records, "DEMO-MX-DUPLICATE", "dwh_get_movements", {"period": "last_10_days", "merchant": "uber"}
    )
    assert moves["count"] == 2 and {m["amount"] for m in moves["movements"]} == {"312.40"}
    spending = await call(records, "DEMO-MX-DUPLICATE", "dwh_get_spending_summary", {"period": "last_30_days"})
    assert [c["currency"] for c in spending["currencies"]] == ["MXN"]
    complaints = await call(records, "DEMO-MX-DUPLICATE", "dwh_get_complaints")
    assert complaints["count"] == 0
    rate = await call(records, "DEMO-MX-DUPLICATE", "dwh_get_exchange_rate", {"currency": "USD", "target": "MXN"})
    assert rate["status"] == "found" and rate["rates"][0]["date"] == "2026-06-18"


async def test_every_call_is_written_to_the_decision_log(records, pool):
    async with pool.connection() as conn:
        before = (
            await (
                await conn.execute(
                    "SELECT count(*) FROM ops.decision_log WHERE customer_id = 'DEMO-MX-FX' AND tool = 'get_balances'"
                )
            ).fetchone()
        )[0]
    await call(records, "DEMO-MX-FX", "accounts_get_balances")
    async with pool.connection() as conn:
        after = (
            await (
                await conn.execute(
                    "SELECT count(*) FROM ops.decision_log WHERE customer_id = 'DEMO-MX-FX' AND tool = 'get_balances'"
                )
            ).fetchone()
        )[0]
    assert after == before + 1


async def test_out_of_range_arguments_are_refused(records):
    async with Client(
        hub(lambda: ToolDeps(records=records, audit=PgAudit(records.pool)), actions_enabled=True)
    ) as client:
        result = await client.call_tool(
            "investigation_investigate_charges",
            {"days": 5000},
            meta=meta_of(Caller("DEMO-MX-FX", True)),
            raise_on_error=False,
        )
        assert result.is_error
        extra = await client.call_tool(
            "accounts_get_profile",
            {"customer_id": "DEMO-CO-PENDING"},
            meta=meta_of(Caller("DEMO-MX-FX", True)),
            raise_on_error=False,
        )
        assert extra.is_error


async def test_a_call_without_a_session_is_refused(records):
    async with Client(
        hub(lambda: ToolDeps(records=records, audit=PgAudit(records.pool)), actions_enabled=True)
    ) as client:
        result = await client.call_tool("accounts_get_balances", {}, raise_on_error=False)
    assert result.is_error


async def test_no_tool_parameter_can_name_a_customer(records):
    async with Client(
        hub(lambda: ToolDeps(records=records, audit=PgAudit(records.pool)), actions_enabled=True)
    ) as client:
        tools = await client.list_tools()
    assert len(tools) >= 10
    for tool in tools:
        schema = tool.input_schema
        assert schema.get("additionalProperties") is False, tool.name
        for name in schema.get("properties", {}):
            if (tool.name, name) in PAYEE_PARAMETERS:
                continue
            assert not any(word in name.lower() for word in CUSTOMER_WORDS), f"{tool.name}.{name}"
        proposes = tool.name.split("_", 1)[1].startswith("propose_")
        assert tool.annotations.read_only_hint is (not proposes), tool.name
