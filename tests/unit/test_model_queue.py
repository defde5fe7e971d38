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
