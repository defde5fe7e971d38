"""The tool seam is typed: every tool publishes its output schema and returns the model its skill declares, and
a tool call kept in the turn's checkpoint reads back as the same typed result, as do the conversation and the
turn's record. (Here, not in `tests/unit`: they run FastMCP and langgraph's serializer, the frameworks the seams
are made of.)"""

import asyncio
from datetime import datetime
from decimal import Decimal

import pytest
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from pydantic import TypeAdapter

from quipu.adapters.mcp.hub import skill_servers
from quipu.application.agent.state import CHECKPOINTED
from quipu.application.investigation_results import CheckedCharge, Priority, Report
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.results import result_types
from quipu.application.sql_results import SqlRefusal
from quipu.application.tool_results import LookupFailed, PendingProposal, ToolRefused
from quipu.application.transfer_results import Proposed
from turn_samples import CONVERSATION, RECORD, TRANSFER


def every_tool():
    """(server, tool) for every tool of every skill, actions and memory on: listing needs no dependency."""
    servers = skill_servers(lambda: None, actions_enabled=True, memory=True)

    async def listed():
        return [(name, tool) for name, server in servers.items() for tool in await server.list_tools()]

    return asyncio.run(listed())


TOOLS = every_tool()


def models(schema: dict) -> set[str]:
    """The models a schema admits, by title (a union's variants, inlined or by reference)."""
    defs = schema.get("$defs", {})
    return {(defs[v["$ref"].split("/")[-1]] if "$ref" in v else v)["title"] for v in schema.get("anyOf", [schema])}


@pytest.mark.parametrize(("server", "tool"), TOOLS, ids=[f"{s}_{t.name}" for s, t in TOOLS])
def test_every_tool_publishes_an_output_schema_of_the_model_it_returns(server, tool):
    schema = tool.output_schema
    assert schema and schema.get("type") == "object" and "x-fastmcp-wrap-result" not in schema
    declared = models(result_types()[tool.name].json_schema(mode="serialization"))
    reads = bool(tool.annotations and tool.annotations.read_only_hint)  # the hub answers a failed lookup instead
    assert models(schema) == declared | ({"LookupFailed"} if reads else set())


@pytest.mark.parametrize(("server", "tool"), TOOLS, ids=[f"{s}_{t.name}" for s, t in TOOLS])
def test_every_tool_returns_the_model_its_skill_declares(server, tool):
    declared = result_types()[tool.name]
    assert TypeAdapter(tool.return_type).json_schema() == declared.json_schema()


def report() -> Report:
    charge = CheckedCharge.model_validate(
        {
            "label": "#1",
            "date": datetime(2026, 6, 11, 9, 0, 4),
            "merchant": "Uber Trip",
            "amount": Decimal("312.40"),
            "currency": "MXN",
            "status": "Approved",
            "findings": [{"kind": "duplicate", "seconds_apart": 4, "other": "#2"}, {"kind": "pending"}],
        }
    )
    return Report(count=1, charges=[charge], priority=Priority(level="Medium", sla_hours=24), days=30)


OUTCOMES = [
    ToolOutcome("investigate_charges", {"merchant": "Uber", "days": 30}, report(), note={"focus": "x"}),
    ToolOutcome("propose_transfer", {"kind": "own_accounts", "amount": "150"}, Proposed(confirmation=TRANSFER)),
    ToolOutcome("get_spending_summary", {}, LookupFailed(unavailable=["get_spending_summary"], status="unavailable")),
    ToolOutcome("get_balances", {"product_type": "x"}, ToolRefused(detail="bad argument"), also=True),
    ToolOutcome("run_sql", {"sql": "DROP"}, SqlRefusal(error="not_select", detail="d", hint="h")),
    ToolOutcome("withdraw_proposal", {"id": "b-1"}, PendingProposal(kind="actions", id="b-1", summary="bloquear")),
]


@pytest.mark.parametrize("outcome", OUTCOMES, ids=lambda o: o.tool)
def test_a_tool_call_round_trips_through_the_checkpoint_to_its_typed_result(outcome):
    # the serializer the composition root gives the checkpointer (bootstrap.py)
    serde = JsonPlusSerializer(allowed_msgpack_modules=[("quipu.application.caller", "Caller")])
    kept = serde.loads_typed(serde.dumps_typed({"tool_calls": [outcome.stored()]}))
    (read,) = [ToolOutcome.from_stored(entry) for entry in kept["tool_calls"]]
    assert read == outcome and type(read.result) is type(outcome.result)


def test_the_conversation_and_the_turns_record_read_back_from_the_checkpoint_as_themselves():
    # the serializer the composition root gives the checkpointer (bootstrap.py), as the graph extends it
    serde = JsonPlusSerializer(allowed_msgpack_modules=[("quipu.application.caller", "Caller")])
    serde = serde.with_msgpack_allowlist(CHECKPOINTED)
    for value in (CONVERSATION, RECORD):
        read = serde.loads_typed(serde.dumps_typed(value))
        assert type(read) is type(value) and read == value
