"""The classes the first-sight rounds found, proven on members of our own (`classes/conversations.yaml`): whole
conversations through the chat, read by the learned reader with no model call, every turn right."""

from pathlib import Path

import pytest

from quipu.evaluation.conversations import ALL
from quipu.evaluation.conversations_eval import ConversationRun, evaluate
from quipu.settings import Settings
from stack import TEST_HOME
from support import TEST_SECRET

CLASSES = Path(__file__).resolve().parent / "classes"


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_every_class_holds_on_members_of_our_own(bank_db, tmp_path):
    settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET)
    report, results, _ = evaluate(ConversationRun(ALL, directory=CLASSES), settings, urls=bank_db, out=tmp_path)
    wrong = [f"{r.conversation.id}#{r.index + 1}: {r.verdict.failures}" for r in results if not r.verdict.correct]
    assert wrong == []
    assert all(r.observed.model_calls == 0 for r in results)  # code read every turn; the oracle answered none
    assert report["unsafe"]["replies"] == 0 and report["cards_not_asked"]["turns"] == 0
