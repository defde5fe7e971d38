"""Any MCP client can use the same tools over HTTP at /mcp; the customer is the bearer token's subject."""

import anyio
import httpx2
import pytest
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client
from served import served_app


@pytest.fixture(scope="module")
def server(demo_db, tmp_path_factory):
    with served_app(demo_db, tmp_path_factory.mktemp("home")) as base:
        yield base


def token_for(base: str, user: str, password: str) -> str:
    response = httpx2.post(f"{base}/api/auth/token", json={"user": user, "password": password})
    return response.json()["access_token"]


async def with_session(base: str, token: str | None, work):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=30) as http,
        streamable_http_client(f"{base}/mcp/", http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        return await work(session)


def test_official_client_lists_tools_and_reads_its_own_balances(server):
    token = token_for(server, "DEMO-MX-RECIBE", "renata-recibe-transferencias")

    async def work(session):
        tools = await session.list_tools()
        result = await session.call_tool("accounts_get_balances", {})
        return {t.name for t in tools.tools}, result

    names, result = anyio.run(with_session, server, token, work)
    assert {"accounts_get_balances", "investigation_investigate_charges", "dwh_get_movements"} <= names
    assert result.structured_content["totals"] == {"deposits": {"MXN": "3200.00", "USD": "150.00"}}


def test_meta_cannot_switch_the_customer_over_http(server):
    token = token_for(server, "DEMO-MX-RECIBE", "renata-recibe-transferencias")

    async def work(session):
        return await session.call_tool(
            "accounts_get_balances", {}, meta={"quipu": {"customer_id": "DEMO-MX-KHIPU", "signed_in": "1"}}
        )

    result = anyio.run(with_session, server, token, work)
    assert result.structured_content["totals"] == {"deposits": {"MXN": "3200.00", "USD": "150.00"}}


@pytest.mark.parametrize("token", [None, "not-a-token"])
def test_no_token_or_a_bad_one_is_401(server, token):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = httpx2.post(
        f"{server}/mcp/",
        headers={**headers, "Accept": "application/json, text/event-stream"},
        json={
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "probe", "version": "0"},
            },
        },
    )
    assert response.status_code == 401


def test_official_client_without_a_token_is_refused_with_401(server):
    statuses = []

    async def record(response):
        statuses.append(response.status_code)

    async def attempt():
        async with (
            httpx2.AsyncClient(timeout=30, event_hooks={"response": [record]}) as http,
            streamable_http_client(f"{server}/mcp/", http_client=http) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()

    with pytest.raises(BaseExceptionGroup):
        anyio.run(attempt)
    assert statuses and set(statuses) == {401}


def test_with_actions_off_mcp_serves_no_tool_that_acts(demo_db, tmp_path_factory):
    with served_app(demo_db, tmp_path_factory.mktemp("home"), actions_enabled=False) as base:
        token = token_for(base, "DEMO-MX-RECIBE", "renata-recibe-transferencias")

        async def work(session):
            names = {t.name for t in (await session.list_tools()).tools}
            refused = await session.call_tool(
                "actions_propose_actions",
                {"actions": [{"action": "request_callback", "params": {"window": "morning"}}]},
            )
            return names, refused

        names, refused = anyio.run(with_session, base, token, work)
        assert "accounts_get_balances" in names
        assert not [n for n in names if n.startswith(("actions_", "transfers_"))], names
        assert refused.is_error
