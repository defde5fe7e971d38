"""Cases, disputes and actions stored under the old signal names read with the one vocabulary after migrating."""

import uuid

import psycopg
from psycopg.types.json import Jsonb

from quipu.adapters.postgres.migrations import available
from quipu.domain.priority import case_priority

RENAMING = next(m for m in available() if m.name == "one_signal_vocabulary")


def test_old_signal_names_in_stored_rows_read_as_the_one_vocabulary(admin):
    case, action = str(uuid.uuid4()), str(uuid.uuid4())
    old = ["duplicate_charge", "foreign_transaction", "pending_charge"]
    with admin.transaction() as tx:
        admin.execute(
            "INSERT INTO ops.disputes (dispute_id, customer_id, transaction_id, investigation_result, sla_due_at, "
            "tracking_token) VALUES (%s, 'C', 'T', %s, now(), %s)",
            (case, Jsonb({"signals": old}), "Q-" + case[:8]),
        )
        admin.execute(
            "INSERT INTO ops.handoff_cases (case_id, customer_id, dispute_id, priority, sla_due_at, reason_codes, "
            "case_file) VALUES (%s, 'C', %s, 'Medium', now(), %s, %s)",
            (case, case, old, Jsonb({"verified_facts": {"signals": old}})),
        )
        admin.execute(
            "INSERT INTO ops.actions (action_id, batch_id, position, customer_id, action, view, decision, status, "
            "idempotency_key, expires_at) VALUES (%s, %s, 0, 'C', 'open_payment_inquiry', %s, 'needs_confirmation', "
            "'verified', %s, now())",
            (action, action, Jsonb({"facts": {"merchant": "Uber", "signals": old[:1]}}), action),
        )
        admin.execute(RENAMING.sql)
        new = ["duplicate", "foreign_purchase", "pending"]
        reasons, signals = admin.execute(
            "SELECT reason_codes, case_file #> '{verified_facts,signals}' FROM ops.handoff_cases WHERE case_id = %s",
            (case,),
        ).fetchone()
        assert sorted(reasons) == sorted(signals) == new
        disputed = admin.execute(
            "SELECT investigation_result -> 'signals' FROM ops.disputes WHERE dispute_id = %s", (case,)
        ).fetchone()[0]
        assert sorted(disputed) == new
        view = admin.execute("SELECT view FROM ops.actions WHERE action_id = %s", (action,)).fetchone()[0]
        assert view == {"facts": {"merchant": "Uber", "signals": ["duplicate"]}}
        assert case_priority(view["facts"]["signals"]).priority == "Medium"
        raise psycopg.Rollback(tx)
