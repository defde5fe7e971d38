"""Transfers in PostgreSQL: the reads a proposal is made of, the proposal in ops.transfers, and the unit of
work the confirm runs in. SQL only; the sequence is the use case's."""

import uuid
from collections.abc import Callable
from datetime import datetime
from decimal import Decimal

from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres import transfer_sql as sql
from quipu.adapters.postgres.connection import PoolStore
from quipu.adapters.postgres.outbox_store import PgOutbox
from quipu.adapters.postgres.transfer_unit_of_work import PgTransferUnitOfWork
from quipu.application.transfer_ports import Proposal
from quipu.domain.transfers import Account, Bill

PROPOSE = (
    "INSERT INTO ops.transfers (transfer_id, customer_id, conversation_id, kind, origin_product_id, "
    "destination_product_id, destination_customer_id, amount, currency, amount_usd, summary, language, "
    "created_at, expires_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)


class PgTransfers(PoolStore):
    def __init__(self, pool: AsyncConnectionPool, clock: Callable[[], datetime], outbox: PgOutbox | None = None):
        super().__init__(pool)
        self.clock = clock
        self.outbox = outbox or PgOutbox(pool)

    def unit_of_work(self) -> PgTransferUnitOfWork:
        return PgTransferUnitOfWork(self.pool, self.outbox.route)

    async def send_mail(self, action_id: str) -> None:
        await self.outbox.dispatch(action_id=action_id)

    async def country(self, customer_id: str) -> str | None:
        """The customer's country: amounts are read and written in its convention."""
        row = await self.fetch_one("SELECT country FROM core.customers WHERE customer_id = %s", (customer_id,))
        return row[0] if row else None

    async def accounts(self, customer_id: str) -> list[Account]:
        async with self.pool.connection() as conn:
            rows = await (
                await conn.execute(sql.ACCOUNT + "WHERE p.customer_id = %s ORDER BY p.product_id", (customer_id,))
            ).fetchall()
        return [sql.account(r) for r in rows]

    async def by_account_number(self, number: str) -> Account | None:
        row = await self.fetch_one(sql.ACCOUNT + "WHERE p.account_number = %s", (number,))
        return sql.account(row) if row else None

    async def oldest_account(self, customer_id: str, currency: str) -> Account | None:
        row = await self.fetch_one(
            sql.ACCOUNT + "WHERE p.customer_id = %s AND p.currency = %s AND p.product_status = 'Active' "
            "AND p.product_type IN ('Cuenta Ahorro', 'Cuenta Corriente') ORDER BY p.opening_date, p.product_id LIMIT 1",
            (customer_id, currency),
        )
        return sql.account(row) if row else None

    async def recipient_name(self, customer_id: str) -> tuple[str | None, str | None]:
        row = await self.fetch_one(
            "SELECT first_name, last_name FROM core.customers WHERE customer_id = %s", (customer_id,)
        )
        return (row[0], row[1]) if row else (None, None)

    async def bills(self, customer_id: str) -> list[Bill]:
        async with self.pool.connection() as conn:
            rows = await (
                await conn.execute(
                    sql.BILL + "WHERE b.customer_id = %s AND b.status = 'pending' ORDER BY b.due_date, b.bill_id",
                    (customer_id,),
                )
            ).fetchall()
        return [sql.bill(r) for r in rows]

    async def usd_rate(self, currency: str) -> Decimal | None:
        async with self.pool.connection() as conn:
            return await sql.usd_rate(conn, currency)

    async def minimum_payment(self, product_id: str) -> Decimal | None:
        row = await self.fetch_one("SELECT minimum_payment FROM core.billing WHERE product_id = %s", (product_id,))
        return row[0] if row else None

    async def sent_today_usd(self, customer_id: str, now: datetime) -> Decimal:
        async with self.pool.connection() as conn:
            return await sql.sent_today_usd(conn, customer_id, now)

    async def propose(self, p: Proposal) -> str:
        transfer_id = str(uuid.uuid4())
        proposal = (transfer_id, p.customer_id, p.conversation_id, p.kind, p.origin, p.destination)
        money = (p.destination_customer, p.amount, p.currency, p.amount_usd, Jsonb(p.summary), p.language)
        async with self.pool.connection() as conn:
            await conn.execute(PROPOSE, (*proposal, *money, self.clock(), p.expires_at))
        return transfer_id
