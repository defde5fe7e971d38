"""The console points at the charges a case is about, a follow-up keeps its case's priority, and a customer's
open cases are one line of the queue: over HTTP, on real PostgreSQL."""

from datetime import datetime, timedelta

import pytest
from test_console import handed_off, operator

from quipu.adapters.postgres.connection import connect
from story_model import StoryModel
from support import sign_in


@pytest.fixture
def story_api(make_client):
    return make_client(model=StoryModel())


def line_of(queue, thread):
    """The queue line a thread is on: its own, or its customer's when it rides on it."""
    for line in queue:
        if line["thread_id"] == thread or thread in {g.get("thread_id") for g in line["grouped"]}:
            return line
    return None


def conversation_id_of(demo_db, customer, thread):
    with connect(demo_db.admin) as conn:
        return str(
            conn.execute(
                "SELECT conversation_id FROM ops.conversations WHERE customer_id = %s AND thread_id = %s",
                (customer, thread),
            ).fetchone()[0]
        )


def test_the_inquiry_buttons_point_at_the_charges_the_case_is_about_with_their_time(story_api, demo_db):
    handed_off(story_api, "fraud-buttons")
    staff = operator(story_api)
    conversation = conversation_id_of(demo_db, "DEMO-AR-FRAUD", "fraud-buttons")
    thread = story_api.get(f"/api/console/conversations/{conversation}", headers=staff).json()
    targets = [c["charge"] for c in thread["facts"]["charges"] if c["investigated"]]
    with connect(demo_db.admin) as conn:
        electromax = {
            r[0]
            for r in conn.execute(
                "SELECT transaction_id FROM core.transactions WHERE customer_id = 'DEMO-AR-FRAUD' "
                "AND merchant_name ILIKE 'ElectroMax%%'"
            ).fetchall()
        }
    assert len(targets) == 3 and {c["transaction_id"] for c in targets} == electromax, targets
    assert not {"DEMO-AR-FRAUD-B02", "DEMO-AR-FRAUD-B04", "DEMO-AR-FRAUD-B05"} & {c["transaction_id"] for c in targets}
    times = {datetime.fromisoformat(c["date"]) for c in targets}
    assert len(times) == 3, "three charges of one merchant on one day read as three lines, each with its time"
    assert thread["locale"] == "es-AR" and thread["decimal_comma"] is True  # shown as Martina reads amounts


def test_a_follow_up_after_a_fraud_case_was_given_back_keeps_high_priority(story_api, demo_db):
    handed_off(story_api, "fraud-follow-up")
    staff = operator(story_api)
    conversation = conversation_id_of(demo_db, "DEMO-AR-FRAUD", "fraud-follow-up")
    story_api.post(f"/api/console/conversations/{conversation}/take", headers=staff)
    story_api.post(f"/api/console/conversations/{conversation}/release", headers=staff)
    again = story_api.post(
        "/api/chat",
        headers=sign_in(story_api, "DEMO-AR-FRAUD"),
        json={"message": "quiero hablar con una persona", "thread_id": "fraud-follow-up"},
    ).json()
    assert again["handoff"]["reason"] == "customer_asked"
    thread = story_api.get(f"/api/console/conversations/{conversation}", headers=staff).json()
    newest = thread["cases"][0]
    assert newest["priority"] == "High" and newest["case_file"]["follows"], newest
    assert newest["sla_seconds_left"] <= timedelta(hours=4).total_seconds()


def test_a_customers_open_cases_are_one_line_of_the_queue_with_their_conversations_grouped(story_api):
    for thread in ("fraud-group-1", "fraud-group-2"):
        handed_off(story_api, thread)
    queue = story_api.get("/api/console/queue", headers=operator(story_api)).json()
    martina = [line for line in queue if line["customer_id"] == "DEMO-AR-FRAUD" and line["status"] != "bot"]
    assert len(martina) == 1, [(line["thread_id"], line["status"]) for line in martina]
    grouped = {g["conversation_id"] for g in martina[0]["grouped"]}
    assert len(grouped) >= 1 and martina[0]["conversation_id"] not in grouped
    assert martina[0]["priority"] == "High"
