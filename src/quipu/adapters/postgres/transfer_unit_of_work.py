"""The confirm's unit of work in PostgreSQL: every read locks what it returns; the writes land together on
`commit()` (see `unit_of_work`). SQL only."""

import uuid
from datetime import datetime
from decimal import Decimal

from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres import transfer_sql as sql
from quipu.adapters.postgres.connection import one_row
from quipu.adapters.postgres.outbox_store import email_on_file, insert_message
from quipu.adapters.postgres.unit_of_work import PgUnitOfWork
from quipu.application.transfer_ports import StoredTransfer, UnknownTransfer
from quipu.domain.mail import MailRoute, OutgoingMail
from quipu.domain.transfers import Account, Bill

LOCK_NAMESPACE = "quipu-transfers:"
MOVEMENT = (
    "INSERT INTO core.transactions (transaction_id, customer_id, product_id, transaction_date, transaction_type, "
    "transaction_category, amount, currency, channel, merchant_name, transaction_status, response_code, "
    "is_fraud, is_synthetic_fixture) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, 'App', %s, 'Approved', '00', "
    "false, true)"
)


def movement_id(transfer_id: str, side: str) -> str:
    """The movement's id in core.transactions, from the transfer's: posting twice would collide."""
    return f"KHP-{uuid.UUID(transfer_id).hex[:20]}-{side}"


class PgTransferUnitOfWork(PgUnitOfWork):
    def __init__(self, pool: AsyncConnectionPool, route: MailRoute):
        super().__init__(pool)
        self.route = route

    async def lock_customer(self, customer_id: str) -> None:
        await self.conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (LOCK_NAMESPACE + customer_id,))

    async def proposal(self, customer_id: str, transfer_id: str) -> StoredTransfer:
        cur = self.conn.cursor(row_factory=dict_row)
        await cur.execute(
            "SELECT * FROM ops.transfers WHERE transfer_id = %s AND customer_id = %s FOR UPDATE",
            (transfer_id, customer_id),
        )
        row = await cur.fetchone()
        if row is None:
            raise UnknownTransfer
        return sql.stored(row)

    async def accounts(self, product_ids: list[str]) -> dict[str, Account]:
        query = sql.ACCOUNT + "WHERE p.product_id = ANY(%s) ORDER BY p.product_id FOR UPDATE OF p"
        rows = await (await self.conn.execute(query, (sorted(set(product_ids)),))).fetchall()
        return {r[0]: sql.account(r) for r in rows}

    async def bill(self, bill_id: str) -> Bill | None:
        row = await (await self.conn.execute(sql.BILL + "WHERE b.bill_id = %s FOR UPDATE OF b", (bill_id,))).fetchone()
        return sql.bill(row) if row else None

    async def usd_rate(self, currency: str) -> Decimal | None:
        return await sql.usd_rate(self.conn, currency)

    async def sent_today_usd(self, customer_id: str, now: datetime) -> Decimal:
        return await sql.sent_today_usd(self.conn, customer_id, now)

    async def note_usd(self, transfer_id: str, amount_usd: Decimal) -> None:
        await self.conn.execute(
            "UPDATE ops.transfers SET amount_usd = %s WHERE transfer_id = %s", (amount_usd, transfer_id)
        )

    async def add(self, product_id: str, delta: Decimal) -> Decimal:
        cur = await self.conn.execute(
            "UPDATE core.products SET current_balance = current_balance + %s WHERE product_id = %s "
            "RETURNING current_balance",
            (delta, product_id),
        )
        return one_row(await cur.fetchone())[0]

    async def movement(
        self,
        t: StoredTransfer,
        side: str,
        product: Account,
        kind: str,
        merchant: str | None,
        category: str | None,
        at: datetime,
    ) -> None:
        values = (movement_id(t.transfer_id, side), product.customer_id, product.product_id, at, kind)
        await self.conn.execute(MOVEMENT, (*values, category, t.amount, t.currency, merchant))

    async def mark_paid(self, bill_id: str, when: datetime) -> None:
        await self.conn.execute(
            "UPDATE core.service_bills SET status = 'paid', paid_at = %s WHERE bill_id = %s", (when, bill_id)
        )

    async def close(self, transfer_id: str, status: str, reason: str) -> None:
        await self.conn.execute(
            "UPDATE ops.transfers SET status = %s, status_reason = %s WHERE transfer_id = %s",
            (status, reason, transfer_id),
        )

    async def executed(self, transfer_id: str, when: datetime, balance_after: Decimal, receipt: dict) -> StoredTransfer:
        cur = self.conn.cursor(row_factory=dict_row)
        await cur.execute(
            "UPDATE ops.transfers SET status = 'executed', executed_at = %s, origin_balance_after = %s, receipt = %s "
            "WHERE transfer_id = %s RETURNING *",
            (when, balance_after, Jsonb(receipt), transfer_id),
        )
        return sql.stored(one_row(await cur.fetchone()))

    async def email_of(self, customer_id: str) -> str | None:
        return await email_on_file(self.conn, customer_id)

    async def queue_mail(self, mail: OutgoingMail) -> None:
        await insert_message(self.conn, self.route, mail)
