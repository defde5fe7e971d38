"""The bounded queue in front of the model: a fixed number run, a fixed number wait, none past its deadline."""

import asyncio
import time

import pytest

from quipu.adapters.llm.queue import ModelTimeout, QueuedModel, turn_deadline
from quipu.application.ports import ModelBusy, ModelCall

pytestmark = pytest.mark.anyio


class GatedModel:
    """A model call that runs until the test opens the gate: no test waits on a clock it does not need."""

    provider, model = "gated", "gated"

    def __init__(self):
        self.gate = asyncio.Event()
        self.running = 0
        self.most = 0
        self.finished = 0

    async def complete(self, **_) -> ModelCall:
        self.running += 1
        self.most = max(self.most, self.running)
        try:
            await asyncio.shield(self.gate.wait())  # like llama.cpp: a started call cannot be cut short
        finally:
            self.running -= 1
            self.finished += 1
        return ModelCall({"ok": True}, self.provider, self.model)


def ask(model):
    return model.complete(purpose="router", system="s", messages=[], schema={})


async def test_a_full_queue_refuses_at_once_and_never_runs_more_than_its_slots():
    inner = GatedModel()
    model = QueuedModel(inner, slots=1, max_waiting=1, call_timeout=5)
    first, second = asyncio.create_task(ask(model)), asyncio.create_task(ask(model))
    await asyncio.sleep(0.01)
    started = time.monotonic()
    with pytest.raises(ModelBusy) as refused:
        await ask(model)
    assert refused.value.reason == "queue_full" and time.monotonic() - started < 0.05
    inner.gate.set()
    assert (await first).data == {"ok": True} and (await second).data == {"ok": True}
    assert inner.most == 1


async def test_a_call_waiting_past_the_turn_deadline_is_refused_in_time():
    inner = GatedModel()
    model = QueuedModel(inner, slots=1, max_waiting=5, call_timeout=5)
    holder = asyncio.create_task(ask(model))
    await asyncio.sleep(0.01)
    started = time.monotonic()
    with turn_deadline(0.05), pytest.raises(ModelBusy) as refused:
        await ask(model)
    assert refused.value.reason == "deadline" and time.monotonic() - started < 0.3
    inner.gate.set()
    await holder


async def test_a_call_running_into_the_turn_deadline_is_refused_as_busy():
    inner = GatedModel()
    model = QueuedModel(inner, slots=1, max_waiting=5, call_timeout=5)
    started = time.monotonic()
    with turn_deadline(0.05), pytest.raises(ModelBusy):
        await ask(model)
    assert time.monotonic() - started < 0.3
    inner.gate.set()


async def test_a_hung_call_past_its_own_timeout_is_an_outage_not_back_pressure():
    inner = GatedModel()
    model = QueuedModel(inner, slots=1, max_waiting=5, call_timeout=0.05)
    with pytest.raises(ModelTimeout):
        await ask(model)
    assert not isinstance(ModelTimeout("x"), ModelBusy)
    inner.gate.set()


async def test_the_slot_stays_taken_until_an_abandoned_call_really_ends():
    inner = GatedModel()
    model = QueuedModel(inner, slots=1, max_waiting=5, call_timeout=0.05)
    with pytest.raises(ModelTimeout):
        await ask(model)
    assert inner.running == 1 and inner.finished == 0  # still running in the background, holding the only slot
    model.call_timeout = 5
    second = asyncio.create_task(ask(model))
    await asyncio.sleep(0.02)
    assert inner.running == 1  # the second call waits for the slot, not for the first caller
    inner.gate.set()
    assert (await second).data == {"ok": True} and inner.most == 1 and inner.finished == 2


class OneAtATimeModel:
    """Each call ends when the test lets one more through."""

    provider, model = "stepped", "stepped"

    def __init__(self):
        self.permits = asyncio.Semaphore(0)

    async def complete(self, **_) -> ModelCall:
        await self.permits.acquire()
        return ModelCall({"ok": True}, self.provider, self.model)


async def test_a_turn_already_under_way_goes_ahead_of_new_turns_waiting():
    inner = OneAtATimeModel()
    model = QueuedModel(inner, slots=1, max_waiting=2, call_timeout=5)
    order: list[str] = []

    async def turn(name: str, calls: int) -> None:
        with turn_deadline(5):
            for n in range(calls):
                await ask(model)
                order.append(f"{name}{n}")

    turns = [asyncio.create_task(turn("a", 2))]  # the router, then its skill's step
    await asyncio.sleep(0.01)
    turns += [asyncio.create_task(turn("b", 1)), asyncio.create_task(turn("c", 1))]
    await asyncio.sleep(0.01)
    with pytest.raises(ModelBusy):  # two new turns wait: the queue is full for a third
        await ask(model)
    for _ in range(4):
        inner.permits.release()
        await asyncio.sleep(0.01)
    await asyncio.gather(*turns)
    assert order == ["a0", "b0", "a1", "c0"]  # a's step went ahead of c, who was waiting before it asked


async def test_a_call_the_queue_would_push_past_its_deadline_is_refused_at_once():
    inner = GatedModel()
    model = QueuedModel(inner, slots=1, max_waiting=10, call_timeout=5)
    model.call_seconds = 2.0  # calls have been taking two seconds
    holder = asyncio.create_task(ask(model))
    await asyncio.sleep(0.01)
    started = time.monotonic()
    with turn_deadline(2.5), pytest.raises(ModelBusy) as refused:  # half the running call, then its own: 3 s
        await ask(model)
    assert refused.value.reason == "expected_past_deadline" and time.monotonic() - started < 0.05
    with turn_deadline(30):
        waiting = asyncio.create_task(ask(model))  # with time enough it waits its turn
        await asyncio.sleep(0.01)
    assert model.waiting == 1
    inner.gate.set()
    await asyncio.gather(holder, waiting)


async def three_in_line(model):
    """One call holding the only slot, then two waiting for it; the first of those will give up."""
    holder = asyncio.create_task(ask(model))
    await asyncio.sleep(0.01)
    quitter, later = asyncio.create_task(ask(model)), asyncio.create_task(ask(model))
    await asyncio.sleep(0.01)
    return holder, quitter, later


async def test_a_slot_handed_over_as_its_caller_gives_up_is_passed_on():
    inner = GatedModel()
    model = QueuedModel(inner, slots=1, max_waiting=5, call_timeout=5)
    holder, quitter, later = await three_in_line(model)
    inner.gate.set()
    await holder  # the slot is handed to the quitter, who is cancelled before it runs
    quitter.cancel()
    await asyncio.gather(quitter, return_exceptions=True)
    assert (await later).data == {"ok": True}
    assert model.waiting == 0 and model._running == 0


class AnsweredModel:
    """Each call waits on a future of its own, which the test resolves: it decides which step runs when."""

    provider, model = "answered", "answered"

    def __init__(self):
        self.calls: list[asyncio.Future] = []

    async def complete(self, **_) -> ModelCall:
        self.calls.append(asyncio.get_running_loop().create_future())
        await self.calls[-1]
        return ModelCall({"ok": True}, self.provider, self.model)


async def test_a_waiter_cancelled_just_before_a_release_passes_over_is_simply_dropped():
    inner = AnsweredModel()
    model = QueuedModel(inner, slots=1, max_waiting=5, call_timeout=5)
    holder, quitter, later = await three_in_line(model)
    # the holder's call ends, then (same round of the loop) the quitter is cancelled, as a timeout does: the
    # release runs before the quitter's own clean-up and passes over its cancelled wake-up
    inner.calls[0].set_result(None)
    asyncio.get_running_loop().call_soon(quitter.cancel)
    await holder
    await asyncio.sleep(0.01)
    inner.calls[1].set_result(None)
    assert (await later).data == {"ok": True}
    (gave_up,) = await asyncio.gather(quitter, return_exceptions=True)
    assert isinstance(gave_up, asyncio.CancelledError)  # not an error from its clean-up
    assert model.waiting == 0 and model._running == 0


async def test_a_new_turn_is_refused_by_the_calls_the_turns_ahead_of_it_will_still_make():
    inner = GatedModel()
    model = QueuedModel(inner, slots=1, max_waiting=10, call_timeout=5)
    model.call_seconds = 2.0
    with turn_deadline(30):
        holder = asyncio.create_task(ask(model))  # a turn's first call: its step will follow, and go first
    await asyncio.sleep(0.01)
    with turn_deadline(6):  # one call each: half the running call, then its own, 3 s; it would wait
        alone = asyncio.create_task(ask(model))
        await asyncio.sleep(0.01)
    assert model.waiting == 1
    model._first_calls, model._follow_ups = 10, 10  # turns have been making two calls each
    assert model.calls_per_turn == 2
    started = time.monotonic()
    # now: the waiting turn's step and the holder's step go first, then its own two calls: past 6 s
    with turn_deadline(6), pytest.raises(ModelBusy) as refused:
        await ask(model)
    assert refused.value.reason == "expected_past_deadline" and time.monotonic() - started < 0.05
    inner.gate.set()
    await asyncio.gather(holder, alone)
    assert model._running_first == 0 and model._running == 0


def warm(model):
    return model.complete(purpose="warm_up", system="s", messages=[], schema={})


async def test_a_servers_warm_up_holds_no_slot_so_a_hanging_server_keeps_no_customer_waiting():
    inner = GatedModel()
    model = QueuedModel(inner, slots=1, max_waiting=0, call_timeout=0.05, warm_up_in_slot=False)
    warming = asyncio.create_task(warm(model))
    await asyncio.sleep(0.01)
    started = time.monotonic()
    with pytest.raises(ModelTimeout):  # the customer's call got the one slot at once, and its own timeout
        await ask(model)
    assert time.monotonic() - started < 0.5 and not warming.done()  # the warm-up may take minutes
    inner.gate.set()
    assert (await warming).data == {"ok": True}


async def test_the_in_process_warm_up_is_a_call_like_any_other_and_holds_its_slot():
    inner = GatedModel()
    model = QueuedModel(inner, slots=1, max_waiting=0, call_timeout=5)
    warming = asyncio.create_task(warm(model))
    await asyncio.sleep(0.01)
    with pytest.raises(ModelBusy) as refused:  # one llama.cpp context: the warm-up is using it
        await ask(model)
    assert refused.value.reason == "queue_full"
    inner.gate.set()
    await warming


async def test_calls_that_vary_widen_the_estimate_so_a_shared_server_refuses_before_the_deadline():
    """Calls to a server that other API processes also use take as long as their load makes them: the same
    mean with a wide spread must refuse where steady calls would let the turn in."""
    steady, varying = GatedModel(), GatedModel()
    models = {
        "steady": QueuedModel(steady, slots=1, max_waiting=10, call_timeout=30),
        "varying": QueuedModel(varying, slots=1, max_waiting=10, call_timeout=30),
    }
    for seconds in (2.0, 2.0, 2.0, 2.0, 2.0):
        models["steady"]._observe(seconds)
    for seconds in (2.0, 4.0, 0.5, 3.5, 0.5, 3.5, 1.0):
        models["varying"]._observe(seconds)
    assert models["steady"].call_spread == 0 and models["varying"].call_spread > 1
    holders = [asyncio.create_task(ask(m)) for m in models.values()]
    await asyncio.sleep(0.01)
    with turn_deadline(3.5):  # half the running call, then its own: 3 s at a steady 2 s a call
        waiting = asyncio.create_task(ask(models["steady"]))
        await asyncio.sleep(0.01)
        with pytest.raises(ModelBusy) as refused:
            await ask(models["varying"])
    assert models["steady"].waiting == 1 and refused.value.reason == "expected_past_deadline"
    steady.gate.set(), varying.gate.set()
    await asyncio.gather(*holders, waiting)


async def test_a_customer_has_one_turn_in_the_queue_and_the_next_customer_still_gets_a_place():
    """One account's simultaneous turns once filled the queue and the next customer got model_busy."""
    inner = GatedModel()
    model = QueuedModel(inner, slots=1, max_waiting=2, call_timeout=5)

    async def turn_of(customer: str):
        with turn_deadline(5, customer=customer):
            return await ask(model)

    first = asyncio.create_task(turn_of("lucia"))
    await asyncio.sleep(0.01)
    for _ in range(12):
        with pytest.raises(ModelBusy) as refused:
            await turn_of("lucia")
        assert refused.value.reason == "customer_share"
    other = asyncio.create_task(turn_of("ana"))
    await asyncio.sleep(0.01)
    inner.gate.set()
    assert (await first).data == (await other).data == {"ok": True}


async def test_a_call_its_customer_stopped_waiting_for_keeps_their_share_until_it_really_ends():
    inner = GatedModel()
    model = QueuedModel(inner, slots=2, max_waiting=2, call_timeout=5)
    with turn_deadline(5, customer="lucia"):
        left = asyncio.create_task(ask(model))
    await asyncio.sleep(0.01)
    left.cancel()  # the customer closed the stream; llama.cpp goes on with the call
    await asyncio.sleep(0.01)
    with turn_deadline(5, customer="lucia"), pytest.raises(ModelBusy):
        await ask(model)
    inner.gate.set()
    await asyncio.sleep(0.01)
    with turn_deadline(5, customer="lucia"):
        assert (await ask(model)).data == {"ok": True}


async def test_a_turns_later_calls_are_not_refused_as_a_second_turn_of_its_customer():
    inner = GatedModel()
    inner.gate.set()
    model = QueuedModel(inner, slots=1, max_waiting=2, call_timeout=5)
    with turn_deadline(5, customer="lucia"):
        assert (await ask(model)).data == (await ask(model)).data == {"ok": True}
