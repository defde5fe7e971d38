"""The action gateway on real PostgreSQL: propose, confirm by button only, execute once, read back."""

import asyncio
import io
import json
import logging
import uuid
from datetime import timedelta

import pytest
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.logs import JsonFormatter
from quipu.adapters.postgres.action_effects import PgEffects
from quipu.adapters.postgres.action_facts import PgActionFacts
from quipu.adapters.postgres.actions_store import PgActionStore
from quipu.adapters.postgres.audit import PgAudit
from quipu.adapters.postgres.cases_store import PgHandoffs
from quipu.application.actions import Gateway, NotSignedIn, TransientError, UnknownBatch
from quipu.application.caller import Caller
from quipu.domain.actions import Requested

pytestmark = pytest.mark.anyio
MARTINA, SOFIA, ANDRES, LUCIA = "DEMO-AR-FRAUD", "DEMO-AR-REVERSED", "DEMO-CO-PENDING", "DEMO-MX-DUPLICATE"


@pytest.fixture
async def pool(bank_db):
    async with AsyncConnectionPool(bank_db.app, min_size=2, max_size=8, kwargs={"autocommit": True}) as pool:
        yield pool


def make_gateway(pool, clock, effects=None) -> Gateway:
    return Gateway(
        PgActionStore(pool),
        PgActionFacts(pool),
        effects or PgEffects(pool, clock),
        PgHandoffs(pool, clock),
        PgAudit(pool),
        clock,
        retry_pause=0.001,
        poll=0.005,
    )


@pytest.fixture
def gateway(pool, clock):
    return make_gateway(pool, clock)


def who(customer_id, conversation=None, language="es", signed_in=True) -> Caller:
    return Caller(customer_id, signed_in, language, conversation_id=conversation)


async def scalar(pool, sql, *params):
    async with pool.connection() as conn:
        return (await (await conn.execute(sql, params)).fetchone())[0]


async def test_a_proposal_runs_nothing_until_the_button(gateway, pool):
    card = f"{MARTINA}-CARD"
    view = await gateway.propose(who(MARTINA), [Requested("block_card", {"product_id": card})])
    assert view.needs_confirmation is True and view.items[0].status == "awaiting_confirmation"
    assert "terminada en" in view.items[0].text
    assert await scalar(pool, "SELECT count(*) FROM ops.card_actions WHERE product_id = %s", card) == 0
    done = await gateway.confirm(MARTINA, view.batch_id)
    assert done.items[0].status == "verified" and "quedó bloqueada" in done.items[0].text
    assert await scalar(pool, "SELECT count(*) FROM ops.card_actions WHERE product_id = %s", card) == 1
    again = await gateway.confirm(MARTINA, view.batch_id)
    assert again == done


async def test_twenty_concurrent_confirms_execute_once_and_answer_the_same(gateway, pool):
    card = f"{LUCIA}-CARD"
    view = await gateway.propose(
        who(LUCIA),
        [Requested("block_card", {"product_id": card}), Requested("set_alert", {"kind": "duplicate_charge"})],
    )
    answers = await asyncio.gather(*(gateway.confirm(LUCIA, view.batch_id) for _ in range(20)))
    assert all(a == answers[0] for a in answers)
    assert [i.status for i in answers[0].items] == ["verified", "verified"]
    assert await scalar(pool, "SELECT count(*) FROM ops.card_actions WHERE product_id = %s", card) == 1
    executions = await scalar(
        pool,
        "SELECT count(*) FROM ops.decision_log WHERE tool = 'execute:block_card' AND proposed->>'batch_id' = %s",
        view.batch_id,
    )
    assert executions == 1


async def test_the_summary_email_waits_for_the_button_then_goes_to_the_outbox(gateway, pool):
    view = await gateway.propose(who(ANDRES), [Requested("send_summary_email", {"topic": "balances"})])
    assert view.needs_confirmation is True and view.items[0].status == "awaiting_confirmation"
    sent = "SELECT count(*) FROM ops.outbox WHERE action_id = %s::uuid"
    assert await scalar(pool, sent, view.items[0].action_id) == 0
    done = await gateway.confirm(ANDRES, view.batch_id)
    assert done.items[0].status == "verified"
    assert await scalar(pool, sent, view.items[0].action_id) == 1
    body = await scalar(
        pool,
        "SELECT body FROM ops.outbox WHERE customer_id = %s AND template = 'balances' ORDER BY message_id DESC LIMIT 1",
        ANDRES,
    )
    assert "Cuenta Ahorro" in body and "COP" in body


class SuppressedEffects(PgEffects):
    """An effect that silently does not happen: only the read-back can notice."""

    async def apply(self, row, batch):
        return {}


async def test_a_failed_read_back_is_verification_failed_and_a_person_gets_the_case(pool, clock):
    gateway = make_gateway(pool, clock, SuppressedEffects(pool, clock))
    card = f"{SOFIA}-CARD"
    view = await gateway.propose(who(SOFIA), [Requested("block_card", {"product_id": card})])
    done = await gateway.confirm(SOFIA, view.batch_id)
    item = done.items[0]
    assert item.status == "failed" and item.reason == "verification_failed"
    assert "quedó bloqueada" not in item.text and "una persona" in item.text
    assert done.escalate == ["block_card"]
    cases = await scalar(
        pool,
        "SELECT count(*) FROM ops.handoff_cases WHERE customer_id = %s AND 'verification_failed' = ANY(reason_codes)",
        SOFIA,
    )
    assert cases == 1


class FlakyEffects(PgEffects):
    def __init__(self, pool, clock, failures):
        super().__init__(pool, clock)
        self.failures = failures

    async def apply(self, row, batch):
        if self.failures > 0:
            self.failures -= 1
            raise TransientError("connection reset")
        return await super().apply(row, batch)


async def test_transient_errors_are_retried_up_to_three_attempts(pool, clock):
    gateway = make_gateway(pool, clock, FlakyEffects(pool, clock, failures=2))
    view = await gateway.propose(who(ANDRES), [Requested("set_alert", {"kind": "payment_due"})])
    done = await gateway.confirm(ANDRES, view.batch_id)
    assert done.items[0].status == "verified"
    attempts = await scalar(pool, "SELECT attempts FROM ops.actions WHERE batch_id = %s", view.batch_id)
    assert attempts == 3
    always = make_gateway(pool, clock, FlakyEffects(pool, clock, failures=99))
    view = await always.propose(who(ANDRES), [Requested("set_alert", {"kind": "duplicate_charge", "enabled": False})])
    failed = await always.confirm(ANDRES, view.batch_id)
    assert failed.items[0].reason == "temporary_error"


class BrokenEffects(PgEffects):
    async def apply(self, row, batch):
        raise RuntimeError("core rejected the update of account 4152313378901234 (ana.perez@example.com)")


async def test_a_failing_effect_logs_its_traceback_with_the_account_number_masked(pool, clock):
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logging.getLogger("quipu.actions").addHandler(handler)
    try:
        gateway = make_gateway(pool, clock, BrokenEffects(pool, clock))
        view = await gateway.propose(who(ANDRES), [Requested("set_alert", {"kind": "payment_due"})])
        done = await gateway.confirm(ANDRES, view.batch_id)
    finally:
        logging.getLogger("quipu.actions").removeHandler(handler)
    assert done.items[0].status == "failed"
    (line,) = [json.loads(text) for text in stream.getvalue().splitlines() if "effect set_alert failed" in text]
    assert "Traceback" in line["error"] and "in apply" in line["error"] and "****1234" in line["error"]
    assert "4152313378901234" not in json.dumps(line) and "ana.perez@example.com" not in json.dumps(line)


async def test_an_expired_batch_runs_nothing(gateway, pool, clock):
    view = await gateway.propose(who(ANDRES), [Requested("request_callback", {"window": "morning"})])
    clock.now += timedelta(minutes=11)
    done = await gateway.confirm(ANDRES, view.batch_id)
    assert done.state == "expired" and done.items[0].status == "expired"
    assert (
        await scalar(pool, "SELECT count(*) FROM ops.handoff_cases WHERE case_id = %s::uuid", done.items[0].action_id)
        == 0
    )


async def test_a_cancelled_batch_cannot_be_confirmed(gateway, pool):
    view = await gateway.propose(who(ANDRES), [Requested("request_callback", {"window": "evening"})])
    cancelled = await gateway.cancel(ANDRES, view.batch_id)
    assert cancelled.state == "cancelled"
    assert (await gateway.confirm(ANDRES, view.batch_id)).items[0].status == "cancelled"


async def test_another_customers_batch_is_unknown_like_a_missing_one(gateway):
    view = await gateway.propose(who(ANDRES), [Requested("request_callback", {"window": "afternoon"})])
    for batch in (view.batch_id, "00000000-0000-0000-0000-000000000000"):
        with pytest.raises(UnknownBatch):
            await gateway.confirm(LUCIA, batch)
        with pytest.raises(UnknownBatch):
            await gateway.cancel(LUCIA, batch)


async def test_a_newer_proposal_supersedes_the_waiting_one(gateway):
    first = await gateway.propose(
        who(ANDRES, "c0a80101-0000-4000-8000-000000000001"), [Requested("request_callback", {"window": "morning"})]
    )
    await gateway.propose(
        who(ANDRES, "c0a80101-0000-4000-8000-000000000001"), [Requested("set_alert", {"kind": "payment_due"})]
    )
    stale = await gateway.confirm(ANDRES, first.batch_id)
    assert stale.items[0].status == "cancelled" and stale.items[0].reason == "superseded"


@pytest.mark.parametrize(
    ("action", "verdict", "reason"),
    [
        ("refund", "escalated", "needs_human_approval"),
        ("reverse_charge", "escalated", "needs_human_approval"),
        ("provisional_credit", "escalated", "needs_human_approval"),
        ("change_email", "escalated", "identity_change"),
        ("change_phone", "escalated", "identity_change"),
        ("raise_limit", "escalated", "credit_policy"),
        ("reissue_card", "escalated", "physical_card"),
        ("unblock_card", "escalated", "unfreeze_needs_review"),
        ("transfer_money", "refused", "money_movement_not_authorized"),
    ],
)
async def test_what_the_bank_never_automates_goes_to_a_person_and_runs_nothing(gateway, pool, action, verdict, reason):
    customer = f"TEST-{uuid.uuid4().hex[:10]}"
    before = await scalar(pool, "SELECT count(*) FROM ops.decision_log WHERE executed")
    view = await gateway.propose(who(customer), [Requested(action, {"amount": "1000"})])
    item = view.items[0]
    assert (item.status, item.reason) == (verdict, reason)
    assert await scalar(pool, "SELECT count(*) FROM ops.decision_log WHERE executed") == before
    if verdict == "escalated":
        assert view.escalate == [action]
        assert (
            await scalar(
                pool,
                "SELECT count(*) FROM ops.handoff_cases WHERE customer_id = %s AND %s = ANY(reason_codes)",
                customer,
                reason,
            )
            == 1
        )


async def test_inquiry_policy_on_the_demo_charges(gateway, pool):
    reversed_ = await gateway.propose(
        who(SOFIA), [Requested("open_payment_inquiry", {"transaction_id": f"{SOFIA}-C1"})]
    )
    assert reversed_.items[0].reason == "already_reversed"
    pending = await gateway.propose(
        who(ANDRES), [Requested("open_payment_inquiry", {"transaction_id": f"{ANDRES}-C1"})]
    )
    assert pending.items[0].reason == "still_pending"
    duplicate = await gateway.propose(
        who(LUCIA, language="es"),
        [
            Requested("open_payment_inquiry", {"transaction_id": f"{LUCIA}-C2"}),
            Requested("send_summary_email", {"topic": "case_receipt"}),
        ],
    )
    done = await gateway.confirm(LUCIA, duplicate.batch_id)
    assert [i.status for i in done.items] == ["verified", "verified"]
    priority = await scalar(
        pool, "SELECT priority FROM ops.handoff_cases WHERE case_id = %s::uuid", done.items[0].action_id
    )
    assert priority == "Medium"
    receipt = await scalar(pool, "SELECT body FROM ops.outbox WHERE action_id = %s::uuid", done.items[1].action_id)
    assert "Uber Trip" in receipt and "Q-" in receipt


async def test_case_receipt_without_an_inquiry_is_refused(gateway):
    view = await gateway.propose(who(ANDRES), [Requested("send_summary_email", {"topic": "case_receipt"})])
    assert view.items[0].reason == "no_case_to_confirm"


async def test_cancelling_a_card_with_debt_goes_to_a_person(gateway):
    view = await gateway.propose(who(ANDRES), [Requested("cancel_card", {"product_id": f"{ANDRES}-CARD"})])
    assert (view.items[0].status, view.items[0].reason) == ("escalated", "outstanding_balance")


async def test_only_three_actions_per_batch_and_invalid_params_are_refused(gateway):
    view = await gateway.propose(
        who(ANDRES),
        [Requested("set_alert", {"kind": "nope"})] + [Requested("request_callback", {"window": "morning"})] * 4,
    )
    reasons = [i.reason for i in view.items]
    assert reasons[0] == "invalid_params" and reasons[3:] == ["too_many_actions", "too_many_actions"]


async def test_another_customers_card_is_not_found(gateway):
    view = await gateway.propose(who(ANDRES), [Requested("block_card", {"product_id": f"{LUCIA}-CARD"})])
    assert view.items[0].reason == "not_found"


async def test_a_customer_who_only_typed_an_id_cannot_propose(gateway):
    with pytest.raises(NotSignedIn):
        await gateway.propose(who(ANDRES, signed_in=False), [Requested("set_alert", {"kind": "payment_due"})])


async def test_an_alert_of_purchases_above_an_amount_is_written_and_read_back_with_its_amount(gateway, pool):
    params = {"kind": "purchases", "above": "200000", "currency": "COP"}
    view = await gateway.propose(who(ANDRES), [Requested("set_alert", params)])
    assert view.items[0].status == "awaiting_confirmation"
    assert "200.000,00 COP" in view.items[0].text  # the customer's own country's way of writing it
    done = await gateway.confirm(ANDRES, view.batch_id)
    assert done.items[0].status == "verified"
    stored = await scalar(
        pool, "SELECT value FROM ops.preferences WHERE customer_id = %s AND key = 'alert.purchases'", ANDRES
    )
    assert stored == {"enabled": True, "above": "200000", "currency": "COP"}


@pytest.mark.parametrize(
    "params",
    [
        {"kind": "purchases", "above": "50"},  # an amount with no currency
        {"kind": "payment_due", "above": "50", "currency": "COP"},  # only the purchases' alert takes one
        {"kind": "purchases", "above": "-5", "currency": "COP"},
        {"kind": "purchases", "above": "1e12", "currency": "COP"},
        {"kind": "purchases", "above": "50", "currency": "EUR"},
        {"kind": "purchases", "above": "NaN", "currency": "COP"},
        {"kind": "purchases", "above": "mucho", "currency": "COP"},
    ],
)
async def test_an_alert_with_an_amount_it_cannot_take_is_refused(gateway, params):
    view = await gateway.propose(who(ANDRES), [Requested("set_alert", params)])
    assert view.items[0].reason == "invalid_params"
