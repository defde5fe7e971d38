"""The console and the dashboard show every code as a word in Spanish and Portuguese, never the code itself."""

import pytest

from quipu.domain.action_codes import REASONS
from quipu.domain.signals import Signal
from quipu.domain.texts.console import CONSOLE

HANDOFF_REASONS = ("customer_asked", "assistant_error", "model_requested", "action_escalated", "verification_failed")
CASE_REQUESTS = ("payment_inquiry", "callback_requested")


@pytest.mark.parametrize("code", [*REASONS, *HANDOFF_REASONS, *CASE_REQUESTS, *(s.value for s in Signal)])
def test_every_reason_a_case_or_an_action_carries_has_a_word(code):
    word = CONSOLE.get(f"reason_{code}")
    assert word and word["es"] and word["pt"], code
    assert "_" not in word["es"] + word["pt"]
