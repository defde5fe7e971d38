"""Each customer's share of run_sql: at most N queries at once and M a minute, on a clock the test moves."""

import anyio
import pytest

from quipu.application.customer_limiter import CustomerLimiter

pytestmark = pytest.mark.anyio


def limiter(clock, concurrent=1, per_minute=3) -> CustomerLimiter:
    return CustomerLimiter(concurrent=concurrent, per_minute=per_minute, clock=clock)


async def test_a_second_query_while_the_first_runs_is_refused_as_busy(clock):
    limits = limiter(clock)
    async with limits.slot("A") as first, limits.slot("A") as second:
        assert (first, second) == (None, "busy")


async def test_another_customer_is_not_held_back_by_a_busy_one(clock):
    limits = limiter(clock)
    async with limits.slot("A") as first, limits.slot("B") as other:
        assert (first, other) == (None, None)


async def test_more_than_the_rate_in_a_minute_is_refused_until_the_minute_passes(clock):
    limits = limiter(clock, per_minute=3)
    for _ in range(3):
        async with limits.slot("A") as refusal:
            assert refusal is None
    async with limits.slot("A") as refusal:
        assert refusal == "rate_limited"
    clock.advance(seconds=61)
    async with limits.slot("A") as refusal:
        assert refusal is None


async def test_a_failing_query_gives_its_slot_back(clock):
    limits = limiter(clock, per_minute=10)
    with pytest.raises(RuntimeError):
        async with limits.slot("A"):
            raise RuntimeError("the database went away")
    async with limits.slot("A") as refusal:
        assert refusal is None


async def test_concurrent_requests_get_exactly_the_allowed_number_of_slots(clock):
    limits = limiter(clock, concurrent=2, per_minute=100)
    outcomes = []

    async def ask():
        async with limits.slot("A") as refusal:
            outcomes.append(refusal)
            await anyio.sleep(0.05)

    async with anyio.create_task_group() as tasks:
        for _ in range(6):
            tasks.start_soon(ask)
    assert sorted(outcomes, key=str) == [None, None, "busy", "busy", "busy", "busy"]


async def test_customers_who_stop_asking_are_forgotten(clock):
    limits = limiter(clock)
    async with limits.slot("A"):
        pass
    clock.advance(minutes=2)
    async with limits.slot("B"):
        pass
    assert "A" not in limits.started and "A" not in limits.running
