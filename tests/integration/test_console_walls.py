"""Who may close a case, and operator sessions that end on the server, on real PostgreSQL."""

from datetime import timedelta

import pytest
from test_console import conversation_of, handed_off, operator, second_operator

from quipu.adapters.postgres.connection import connect
from quipu.adapters.security.tokens import Tokens
from quipu.domain.identity import OPERATOR_AUDIENCE
from story_model import StoryModel
from support import TEST_SECRET


@pytest.fixture
def story_api(make_client):
    return make_client(model=StoryModel())


def case_status(demo_db, conversation: str) -> list[str]:
    with connect(demo_db.admin) as conn:
        rows = conn.execute("SELECT status FROM ops.handoff_cases WHERE conversation_id = %s", (conversation,))
        return [r[0] for r in rows]


def test_an_operator_cannot_give_back_and_close_a_waiting_fraud_case_nobody_holds(story_api, demo_db):
    """The review: any operator could give back (and so close) a waiting case, fraud cases included."""
    handed_off(story_api, "fraud-unheld")
    olga = operator(story_api)
    conversation = conversation_of(story_api, olga, "fraud-unheld")["conversation_id"]
    refused = story_api.post(f"/api/console/conversations/{conversation}/release", headers=olga)
    assert refused.status_code == 409 and refused.json()["error"] == "hold_the_case_first", refused.text
    assert conversation_of(story_api, olga, "fraud-unheld")["status"] == "waiting"
    assert "closed" not in case_status(demo_db, conversation)


def test_only_the_holder_or_a_supervisor_gives_a_case_back(story_api, demo_db):
    handed_off(story_api, "fraud-holder")
    olga = operator(story_api)
    _, omar = second_operator(demo_db, story_api)
    conversation = conversation_of(story_api, olga, "fraud-holder")["conversation_id"]
    assert story_api.post(f"/api/console/conversations/{conversation}/take", headers=olga).status_code == 200
    refused = story_api.post(f"/api/console/conversations/{conversation}/release", headers=omar)
    assert refused.status_code == 409 and refused.json()["error"] == "held_by_another"
    assert story_api.post(f"/api/console/conversations/{conversation}/release", headers=olga).status_code == 200
    handed_off(story_api, "fraud-supervised")
    supervisor = operator(story_api, "supervisora", "consola-supervisora-2026")
    waiting = conversation_of(story_api, supervisor, "fraud-supervised")["conversation_id"]
    assert story_api.post(f"/api/console/conversations/{waiting}/release", headers=supervisor).status_code == 200
    assert case_status(demo_db, waiting) and set(case_status(demo_db, waiting)) == {"closed"}


def test_an_operator_signs_out_on_the_server_and_the_token_stops_working_everywhere(story_api):
    first, second = operator(story_api), operator(story_api)
    assert story_api.get("/api/operators/me", headers=first).status_code == 200
    assert story_api.post("/api/operators/logout", headers=first).json() == {"signed_out": True}
    ended = story_api.get("/api/operators/me", headers=first)
    assert ended.status_code == 401 and ended.json()["error"] == "invalid_token"
    assert story_api.get("/api/console/queue", headers=first).status_code == 401
    assert story_api.get("/api/operators/me", headers=second).status_code == 200  # only that session ended


def test_an_operator_token_that_names_no_session_is_refused(story_api, clock):
    """A validly signed token of the old shape (no session) no longer reaches the console."""
    me = story_api.get("/api/operators/me", headers=operator(story_api)).json()
    unsessioned, _ = Tokens(TEST_SECRET, timedelta(minutes=15)).issue(me["operator_id"], OPERATOR_AUDIENCE, now=clock())
    refused = story_api.get("/api/operators/me", headers={"Authorization": f"Bearer {unsessioned}"})
    assert refused.status_code == 401
