"""The confirm's unit of work on real PostgreSQL: all of it lands on commit or none of it does, and a deadlock
is tried again without moving the money twice."""

from decimal import Decimal

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.audit import PgAudit
from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.transfer_unit_of_work import PgTransferUnitOfWork
from quipu.adapters.postgres.transfers_store import PgTransfers
from quipu.application.caller import Caller
from quipu.application.transfers import Transfers
from quipu.application.unit_of_work import Contention
from quipu.domain.mail import OutgoingMail

pytestmark = pytest.mark.anyio
VALERIA = "DEMO-MX-KHIPU"


@pytest.fixture
async def pool(bank_db):
    async with AsyncConnectionPool(bank_db.app, min_size=1, max_size=4, kwargs={"autocommit": True}) as pool:
        yield pool


async def one(pool, sql, *params):
    async with pool.connection() as conn:
        return (await (await conn.execute(sql, params)).fetchone())[0]


async def proposed(transfers: Transfers, amount: str = "4") -> str:
    found = await transfers.propose_transfer(
        Caller(VALERIA, True, "es", said=f"pasa {amount} de ahorro a corriente"),
        kind="own_accounts",
        amount=amount,
        from_type="Cuenta Ahorro",
        to_type="Cuenta Corriente",
    )
    assert found.status == "proposed", found
    return found.confirmation.transfer_id


class FailingMail(PgTransferUnitOfWork):
    """Fails at the last step before the commit, after both balances were posted."""

    async def queue_mail(self, mail: OutgoingMail) -> None:
        raise RuntimeError("the outbox is unreachable")


class DeadlockOnce(PgTransferUnitOfWork):
    """The database picks this transaction as a deadlock's victim, `deadlocks` times."""

    deadlocks = 1

    async def lock_customer(self, customer_id: str) -> None:
        if DeadlockOnce.deadlocks:
            DeadlockOnce.deadlocks -= 1
            raise psycopg.errors.DeadlockDetected("deadlock detected")
        await super().lock_customer(customer_id)


class StoreWith(PgTransfers):
    def __init__(self, pool, clock, unit_of_work):
        super().__init__(pool, clock)
        self.kind = unit_of_work

    def unit_of_work(self):
        return self.kind(self.pool, self.outbox.route)


async def test_a_unit_of_work_left_without_commit_undoes_its_writes_and_returns_an_autocommit_connection(pool, clock):
    transfers = Transfers(PgTransfers(pool, clock), PgAudit(pool), clock)
    transfer_id = await proposed(transfers)
    async with PgTransfers(pool, clock).unit_of_work() as uow:
        await uow.close(transfer_id, "cancelled", "cancelled_by_customer")
    assert await one(pool, "SELECT status FROM ops.transfers WHERE transfer_id = %s", transfer_id) == "proposed"
    async with pool.connection() as conn:
        assert conn.autocommit


async def test_a_failure_after_posting_moves_no_money_and_the_next_press_moves_it_once(pool, clock):
    balance = "SELECT current_balance FROM core.products WHERE product_id = %s"
    before = await one(pool, balance, f"{VALERIA}-ACC1")
    failing = Transfers(StoreWith(pool, clock, FailingMail), PgAudit(pool), clock)
    transfer_id = await proposed(failing)
    with pytest.raises(RuntimeError):
        await failing.confirm(VALERIA, transfer_id, stepped_up=True)
    assert await one(pool, balance, f"{VALERIA}-ACC1") == before
    assert await one(pool, "SELECT status FROM ops.transfers WHERE transfer_id = %s", transfer_id) == "proposed"
    done = await Transfers(PgTransfers(pool, clock), PgAudit(pool), clock).confirm(
        VALERIA, transfer_id, stepped_up=True
    )
    assert done.status == "executed" and await one(pool, balance, f"{VALERIA}-ACC1") == before - Decimal("4")


async def test_a_deadlock_is_tried_again_moving_the_money_once_and_three_give_up_moving_nothing(pool, clock):
    balance = "SELECT current_balance FROM core.products WHERE product_id = %s"
    transfers = Transfers(StoreWith(pool, clock, DeadlockOnce), PgAudit(pool), clock)
    transfer_id = await proposed(transfers, "6")
    before = await one(pool, balance, f"{VALERIA}-ACC1")
    DeadlockOnce.deadlocks = 1
    assert (await transfers.confirm(VALERIA, transfer_id, stepped_up=True)).status == "executed"
    assert DeadlockOnce.deadlocks == 0 and await one(pool, balance, f"{VALERIA}-ACC1") == before - Decimal("6")
    stuck = await proposed(transfers, "6")
    DeadlockOnce.deadlocks = 3  # every attempt: the confirm gives up, and nothing moved
    with pytest.raises(Contention):
        await transfers.confirm(VALERIA, stuck, stepped_up=True)
    assert DeadlockOnce.deadlocks == 0 and await one(pool, balance, f"{VALERIA}-ACC1") == before - Decimal("6")


async def test_a_connection_that_dies_inside_a_unit_of_work_never_comes_back_from_the_pool_half_open(
    pool, clock, bank_db
):
    with pytest.raises(psycopg.OperationalError):
        async with PgTransfers(pool, clock).unit_of_work() as uow:
            await uow.lock_customer(VALERIA)
            pid = (await (await uow.conn.execute("SELECT pg_backend_pid()")).fetchone())[0]
            with connect(bank_db.admin) as admin:  # the application may not signal backends (migration 040)
                admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
            await uow.conn.execute("SELECT 1")
    for _ in range(4):  # every connection the pool hands out now autocommits and answers
        async with pool.connection() as conn:
            assert conn.autocommit and (await (await conn.execute("SELECT 1")).fetchone()) == (1,)
