"""A dispute is remembered: one per charge (the gateway says which one is open and since when), its status on
request (the dispute_status tool), in every case file, on Mis productos, and Mis finanzas stops inviting a second
review of the pair. On a bank of its own (the module's), through the gateway, the tools and the API."""

import asyncio
import json
import uuid
from datetime import timedelta

import pytest
from fastmcp import Client
from psycopg_pool import AsyncConnectionPool
from starlette.testclient import TestClient

from quipu.adapters.llm.scripted import ScriptedModel
from quipu.adapters.mcp.hub import hub
from quipu.adapters.mcp.session import meta_of
from quipu.adapters.postgres.action_effects import PgEffects
from quipu.adapters.postgres.action_facts import PgActionFacts
from quipu.adapters.postgres.actions_store import PgActionStore
from quipu.adapters.postgres.audit import PgAudit
from quipu.adapters.postgres.bank_records import PgBankRecords
from quipu.adapters.postgres.cases_store import PgHandoffs
from quipu.adapters.postgres.disputes_store import PgDisputes
from quipu.application.actions import Gateway
from quipu.application.caller import Caller
from quipu.application.disputes import Disputes
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.results import result_of
from quipu.application.skills.tool_deps import ToolDeps
from quipu.application.skills.voice import Voice
from quipu.domain import case_files
from quipu.domain.actions import Requested
from quipu.domain.grounding import ungrounded
from quipu.domain.locale import MEXICO, local_moment
from quipu.domain.threads import conversation_id
from quipu.service import create_app
from quipu.settings import Settings
from quipu.skills.charge_investigation.hooks import answer
from stack import TEST_HOME
from support import TEST_SECRET, sign_in

pytestmark = pytest.mark.anyio
LUCIA, ANA = "DEMO-MX-DUPLICATE", "DEMO-BR-PORTUGUESE"


@pytest.fixture
async def pool(bank_db):
    async with AsyncConnectionPool(bank_db.app, min_size=2, max_size=8, kwargs={"autocommit": True}) as pool:
        yield pool


@pytest.fixture
def gateway(pool, clock):
    return Gateway(
        PgActionStore(pool),
        PgActionFacts(pool),
        PgEffects(pool, clock),
        PgHandoffs(pool, clock),
        PgAudit(pool),
        clock,
        retry_pause=0.001,
        poll=0.005,
    )


def who(customer_id, conversation=None, language="es"):
    return Caller(customer_id, True, language, conversation_id=conversation)


async def dispute(gateway, customer_id, transaction_id, language="es"):
    view = await gateway.propose(
        who(customer_id, language=language), [Requested("open_payment_inquiry", {"transaction_id": transaction_id})]
    )
    return await gateway.confirm(customer_id, view.batch_id)


async def call(pool, clock, customer_id, tool, arguments=None):
    deps = ToolDeps(records=PgBankRecords(pool), audit=PgAudit(pool), disputes=Disputes(PgDisputes(pool), clock))
    async with Client(hub(lambda: deps, actions_enabled=True)) as client:
        result = await client.call_tool(tool, arguments or {}, meta=meta_of(Caller(customer_id, True, thread_id="t")))
    return result.structured_content


async def conversation(pool, customer_id) -> str:
    thread = uuid.uuid4().hex[:12]
    async with pool.connection() as conn:
        row = await (
            await conn.execute(
                "INSERT INTO ops.conversations (conversation_id, customer_id, thread_id) VALUES (%s, %s, %s) "
                "RETURNING conversation_id::text",
                (str(conversation_id(customer_id, thread)), customer_id, thread),
            )
        ).fetchone()
    return row[0]


async def scalar(pool, sql, *params):
    async with pool.connection() as conn:
        return (await (await conn.execute(sql, params)).fetchone())[0]


async def test_a_charge_with_an_open_dispute_gets_no_second_one_and_the_refusal_says_which_and_since_when(
    gateway, pool, clock
):
    first = await dispute(gateway, LUCIA, f"{LUCIA}-C2")
    assert first.items[0].status == "verified", first
    reference = first.items[0].text.split("aclaración ")[1].split(";")[0]
    clock.advance(minutes=30)
    again = await gateway.propose(who(LUCIA), [Requested("open_payment_inquiry", {"transaction_id": f"{LUCIA}-C2"})])
    item = again.items[0]
    assert (item.status, item.reason) == ("refused", "dispute_already_open")
    since = local_moment(clock.now - timedelta(minutes=30), MEXICO)
    assert f"Ya tienes abierta la aclaración {reference} por este cargo desde el {since}" in item.text, item.text
    count = "SELECT count(*) FROM ops.disputes WHERE customer_id = %s AND transaction_id = %s"
    assert await scalar(pool, count, LUCIA, f"{LUCIA}-C2") == 1


async def test_two_confirmations_racing_on_one_charge_open_one_dispute(gateway, pool):
    charge = f"{ANA}-C1"
    conversations = [await conversation(pool, ANA) for _ in range(2)]
    views = [  # two conversations, so neither proposal supersedes the other: two cards wait at once
        await gateway.propose(who(ANA, c, "pt"), [Requested("open_payment_inquiry", {"transaction_id": charge})])
        for c in conversations
    ]
    waiting = [v for v in views if v.items[0].status == "awaiting_confirmation"]
    assert len(waiting) == 2
    done = await asyncio.gather(*(gateway.confirm(ANA, v.batch_id) for v in waiting))
    statuses = sorted(d.items[0].status for d in done)
    assert statuses.count("verified") == 1, statuses
    assert await scalar(pool, "SELECT count(*) FROM ops.disputes WHERE transaction_id = %s", charge) == 1


async def test_dispute_status_answers_with_its_number_status_and_the_time_promised(gateway, pool, clock):
    opened = await dispute(gateway, "DEMO-AR-FRAUD", "DEMO-AR-FRAUD-B02")
    assert opened.items[0].status == "verified"
    found = await call(pool, clock, "DEMO-AR-FRAUD", "investigation_dispute_status")
    assert found["found"] is True and found["open_count"] == 1
    (line,) = found["disputes"]
    assert line["reference"].startswith("Q-") and line["status"] == "open" and line["open"] is True
    assert line["merchant"] and line["amount"] and line["currency"] == "ARS"
    assert line["promised_by"] > line["opened_at"]
    by_reference = await call(
        pool, clock, "DEMO-AR-FRAUD", "investigation_dispute_status", {"reference": line["reference"]}
    )
    assert [d["reference"] for d in by_reference["disputes"]] == [line["reference"]]
    other = await call(pool, clock, "DEMO-AR-FRAUD", "investigation_dispute_status", {"reference": "Q-00000000"})
    assert other["found"] is False and other["disputes"] == []
    nobody_elses = await call(pool, clock, "DEMO-CO-PENDING", "investigation_dispute_status")
    assert nobody_elses["disputes"] == []  # filtered by the session's customer, always

    asked = ToolOutcome("dispute_status", {}, result_of("dispute_status", found))
    text = answer([asked], Voice("charge_investigation", "es", "Argentina"))
    assert line["reference"] in text and "está abierta, en espera de revisión" in text
    assert "Te prometimos una respuesta antes del" in text and "ARS" in text and "2026-" not in text
    assert ungrounded(text, [json.dumps(found)]) == []  # every figure and time of the answer is in the result
    pt = answer([asked], Voice("charge_investigation", "pt", "Brazil"))
    assert line["reference"] in pt and "Prometemos uma resposta até" in pt


async def test_an_overdue_dispute_says_the_promised_time_passed(gateway, pool, clock):
    await dispute(gateway, "DEMO-MX-FX", "DEMO-MX-FX-C1")
    clock.advance(hours=80)  # past any response window
    found = await call(pool, clock, "DEMO-MX-FX", "investigation_dispute_status", {"merchant": "best buy"})
    assert found["disputes"][0]["overdue"] is True
    text = answer(
        [ToolOutcome("dispute_status", {}, result_of("dispute_status", found))],
        Voice("charge_investigation", "es", "México"),
    )
    assert "ese plazo ya pasó" in text


async def test_the_investigation_names_the_open_dispute_instead_of_offering_another(gateway, pool, clock):
    await lucia_disputed(gateway)
    found = await call(pool, clock, LUCIA, "investigation_investigate_charges", {"merchant": "Uber"})
    disputed = [c for c in found["charges"] if c.get("open_dispute")]
    assert disputed, found
    assert "transaction_id" not in str(found)  # the ids it matched on never leave
    checked = ToolOutcome("investigate_charges", {"merchant": "Uber"}, result_of("investigate_charges", found))
    text = answer([checked], Voice("charge_investigation"))
    assert "Ya tienes abierta la aclaración Q-" in text and "puedo preparar una aclaración" not in text
    assert ungrounded(text, [json.dumps(found)]) == []


async def lucia_disputed(gateway):
    """Lucía's Uber charge has a dispute open (the first test opens it; alone, this opens it)."""
    done = await dispute(gateway, LUCIA, f"{LUCIA}-C2")
    assert done.items[0].status == "verified" or done.items[0].reason == "dispute_already_open"


async def test_every_case_file_names_the_customers_open_disputes(gateway, pool, clock):
    await lucia_disputed(gateway)
    handoffs = PgHandoffs(pool, clock)
    case = case_files.handoff(
        case_id="00000000-0000-4000-8000-000000000031",
        customer_id=LUCIA,
        conversation_id=None,
        reason="customer_asked",
        request="ya abrí una aclaración y nadie me dice nada",
        language="es",
        skill=None,
        signals=set(),
        verified_facts=[],
        evidence={},
        actions=[],
    )
    await handoffs.file(case)
    stored = await scalar(pool, "SELECT case_file FROM ops.handoff_cases WHERE case_id = %s::uuid", case.case_id)
    assert [d["transaction_id"] for d in stored["open_disputes"]] == [f"{LUCIA}-C2"]
    assert stored["open_disputes"][0]["reference"].startswith("Q-")
    assert stored["open_disputes"][0]["promised_by"]


@pytest.fixture
def bank_api(bank_db, clock):
    settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET)
    with TestClient(create_app(settings, clock=clock, urls=bank_db, model=ScriptedModel())) as client:
        yield client


def test_mis_aclaraciones_lists_them_and_mis_finanzas_stops_inviting_a_review_of_the_claimed_pair(bank_api):
    bank_api.portal.call(lucia_disputed, bank_api.app.state.services.gateway)
    headers = sign_in(bank_api, LUCIA)
    disputes = bank_api.get("/api/me/disputes", headers=headers).json()
    assert disputes and disputes[0]["open"] and disputes[0]["merchant"] == "Uber Trip"
    assert disputes[0]["reference"].startswith("Q-") and disputes[0]["promised_by"]
    page = bank_api.get("/api/me/finances?days=30", headers=headers).json()
    (uber,) = [a for a in page["alerts"] if a["merchant"] == "Uber Trip"]
    assert uber["dispute"]["reference"] == disputes[0]["reference"]
    assert "Ya abriste una aclaración" in page["notes"]["tip"] and "podemos revisarlo" not in page["notes"]["tip"]
    # the alert's own button would send the pair it shows, in code's words (item 5)
    assert uber["question"].startswith("Tengo dos cargos de Uber Trip por 312.40 MXN del 11 de junio, 09:00")
    ana = bank_api.get("/api/me/finances?days=90", headers=sign_in(bank_api, ANA)).json()
    (ifood,) = ana["alerts"]
    assert ifood["question"].startswith("Tenho duas cobranças de iFood de 27,90 USD")
