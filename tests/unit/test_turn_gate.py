"""The turn gate over a fake store: one place per customer, given back however the turn ends."""

from datetime import UTC, datetime, timedelta

import pytest

from quipu.application.turn_gate import TurnGate, TurnInFlight

pytestmark = pytest.mark.anyio
NOW = datetime(2026, 6, 18, 12, 0, tzinfo=UTC)


class FakeTurns:
    def __init__(self):
        self.held: dict[str, tuple[str, datetime]] = {}

    async def begin(self, customer_id, turn_id, now, hold_until):
        current = self.held.get(customer_id)
        if current and current[1] > now:
            return current[1]
        self.held[customer_id] = (turn_id, hold_until)
        return None

    async def end(self, customer_id, turn_id):
        if self.held.get(customer_id, ("",))[0] == turn_id:
            del self.held[customer_id]


def gate(store, clock=lambda: NOW):
    return TurnGate(store, clock, timedelta(seconds=105))


async def test_a_second_turn_of_the_same_customer_is_refused_with_a_short_retry_after():
    store = FakeTurns()
    async with gate(store).held("lucia"):
        with pytest.raises(TurnInFlight) as refused:
            await gate(store).take("lucia")
        assert 1 <= refused.value.retry_after <= 5
        await gate(store).give_back("ana", await gate(store).take("ana"))  # another customer is not held up
    assert store.held == {}


async def test_a_turn_that_fails_still_gives_its_place_back():
    store = FakeTurns()
    with pytest.raises(RuntimeError):
        async with gate(store).held("lucia"):
            raise RuntimeError("the model is down")
    assert store.held == {}


async def test_a_late_give_back_never_frees_the_place_of_a_turn_that_took_over():
    store = FakeTurns()
    stale = await gate(store).take("lucia")
    later = gate(store, clock=lambda: NOW + timedelta(seconds=106))
    current = await later.take("lucia")
    await later.give_back("lucia", stale)
    assert store.held["lucia"][0] == current
