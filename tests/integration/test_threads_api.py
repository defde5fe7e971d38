"""Conversations are keyed by (customer, thread): nobody continues or reads another customer's thread."""

import asyncio

import pytest
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.conversations_store import PgConversations
from support import sign_in


async def seed(url: str) -> None:
    async with AsyncConnectionPool(url, min_size=1, max_size=2, kwargs={"autocommit": True}) as pool:
        store = PgConversations(pool)
        for customer, thread, text in (
            ("DEMO-MX-DUPLICATE", "shared-1", "hola de Lucía"),
            ("DEMO-CO-PENDING", "shared-1", "hola de Andrés"),
            ("DEMO-CO-PENDING", "andres-only", "solo Andrés"),
        ):
            await store.ensure(customer, thread)
            await store.append(customer, thread, "customer", text)


@pytest.fixture(scope="module", autouse=True)
def threads(demo_db):
    asyncio.run(seed(demo_db.app))


def test_same_thread_id_of_two_customers_is_two_conversations(api):
    lucia = api.get("/api/me/conversations/shared-1", headers=sign_in(api)).json()
    assert [m["content"] for m in lucia["messages"]] == ["hola de Lucía"]


def test_another_customers_thread_answers_like_a_nonexistent_one(api):
    headers = sign_in(api)
    theirs = api.get("/api/me/conversations/andres-only", headers=headers)
    nothing = api.get("/api/me/conversations/never-existed", headers=headers)
    assert theirs.status_code == nothing.status_code == 404
    assert theirs.json() == nothing.json()


def test_listing_shows_only_own_conversations(api):
    threads = [c["thread_id"] for c in api.get("/api/me/conversations", headers=sign_in(api)).json()]
    assert "andres-only" not in threads and "shared-1" in threads


def test_appending_to_another_customers_thread_fails(demo_db):
    async def attempt():
        async with AsyncConnectionPool(demo_db.app, min_size=1, max_size=1, kwargs={"autocommit": True}) as pool:
            await PgConversations(pool).append("DEMO-MX-DUPLICATE", "andres-only", "customer", "intruso")

    with pytest.raises(LookupError):
        asyncio.run(attempt())


def test_a_malformed_thread_id_is_rejected_not_crashed(api):
    response = api.get("/api/me/conversations/" + "x" * 65, headers=sign_in(api))
    assert response.status_code == 422
