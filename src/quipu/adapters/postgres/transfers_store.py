"""Money movement in PostgreSQL: proposals in ops.transfers, and the confirm that locks, re-checks and moves
the balances, both movements and the receipt in one transaction."""

import uuid
from collections.abc import Callable
from datetime import datetime
from decimal import Decimal

import psycopg
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.connection import one_row
from quipu.adapters.postgres.outbox_store import PgOutbox, insert_message
from quipu.domain.contact import mask_email
from quipu.domain.dataset import DATASET_NOW
from quipu.domain.transfer_text import receipt
from quipu.domain.transfers import Account, Bill, Blocked, Limits, Transfer, check, check_bill

ACCOUNT = """
SELECT p.product_id, p.customer_id, p.product_type, p.product_number_last4, p.currency, p.current_balance,
       p.product_status, p.account_number, c.customer_status
FROM core.products p JOIN core.customers c ON c.customer_id = p.customer_id
"""
BILL = """
SELECT b.bill_id, b.customer_id, b.biller_id, s.name, s.category, b.reference, b.amount, b.currency, b.due_date,
       b.status
FROM core.service_bills b JOIN core.service_billers s ON s.biller_id = b.biller_id
"""
LOCK_NAMESPACE = "quipu-transfers:"


def account(row) -> Account:
    return Account(*row)


def reference_of(transfer_id: str) -> str:
    return "K-" + uuid.UUID(str(transfer_id)).hex[:8].upper()


class UnknownTransfer(Exception):
    pass


class PgTransfers:
    def __init__(
        self,
        pool: AsyncConnectionPool,
        clock: Callable[[], datetime],
        limits: Limits = Limits(),
        outbox: PgOutbox | None = None,
    ):
        self.pool = pool
        self.clock = clock
        self.limits = limits
        self.outbox = outbox or PgOutbox(pool)

    async def country(self, customer_id: str) -> str | None:
        """The customer's country: amounts are read and written in its convention."""
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute("SELECT country FROM core.customers WHERE customer_id = %s", (customer_id,))
            ).fetchone()
        return row[0] if row else None

    async def accounts(self, customer_id: str) -> list[Account]:
        async with self.pool.connection() as conn:
            rows = await (
                await conn.execute(ACCOUNT + "WHERE p.customer_id = %s ORDER BY p.product_id", (customer_id,))
            ).fetchall()
        return [account(r) for r in rows]

    async def by_account_number(self, number: str) -> Account | None:
        async with self.pool.connection() as conn:
            row = await (await conn.execute(ACCOUNT + "WHERE p.account_number = %s", (number,))).fetchone()
        return account(row) if row else None

    async def oldest_account(self, customer_id: str, currency: str) -> Account | None:
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute(
                    ACCOUNT + "WHERE p.customer_id = %s AND p.currency = %s AND p.product_status = 'Active' "
                    "AND p.product_type IN ('Cuenta Ahorro', 'Cuenta Corriente') ORDER BY p.opening_date, p.product_id "
                    "LIMIT 1",
                    (customer_id, currency),
                )
            ).fetchone()
        return account(row) if row else None

    async def recipient_name(self, customer_id: str) -> tuple[str | None, str | None]:
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute(
                    "SELECT first_name, last_name FROM core.customers WHERE customer_id = %s", (customer_id,)
                )
            ).fetchone()
        return row or (None, None)

    async def bills(self, customer_id: str) -> list[Bill]:
        async with self.pool.connection() as conn:
            rows = await (
                await conn.execute(
                    BILL + "WHERE b.customer_id = %s AND b.status = 'pending' ORDER BY b.due_date, b.bill_id",
                    (customer_id,),
                )
            ).fetchall()
        return [Bill(*r) for r in rows]

    async def usd_rate(self, currency: str, conn=None) -> Decimal | None:
        if currency == "USD":
            return Decimal("1")
        sql = (
            "SELECT exchange_rate FROM core.fx_rates WHERE source_currency = %s AND target_currency = 'USD' "
            "ORDER BY date DESC LIMIT 1"
        )
        if conn is not None:
            row = await (await conn.execute(sql, (currency,))).fetchone()
        else:
            async with self.pool.connection() as own:
                row = await (await own.execute(sql, (currency,))).fetchone()
        return row[0] if row else None

    async def sent_today_usd(self, customer_id: str, now: datetime, conn=None) -> Decimal:
        sql = (
            "SELECT coalesce(sum(amount_usd), 0) FROM ops.transfers WHERE customer_id = %s AND kind = 'third_party' "
            "AND status = 'executed' AND executed_at >= date_trunc('day', %s::timestamptz)"
        )
        if conn is not None:
            return (await (await conn.execute(sql, (customer_id, now))).fetchone())[0]
        async with self.pool.connection() as own:
            return one_row(await (await own.execute(sql, (customer_id, now))).fetchone())[0]

    async def propose(
        self,
        *,
        customer_id: str,
        conversation_id: str | None,
        kind: str,
        origin: str,
        destination: str,
        destination_customer: str | None,
        amount: Decimal,
        currency: str,
        amount_usd: Decimal | None,
        summary: dict,
        language: str,
        expires_at: datetime,
    ) -> str:
        transfer_id = str(uuid.uuid4())
        async with self.pool.connection() as conn:
            await conn.execute(
                "INSERT INTO ops.transfers (transfer_id, customer_id, conversation_id, kind, origin_product_id, "
                "destination_product_id, destination_customer_id, amount, currency, amount_usd, summary, language, "
                "created_at, expires_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    transfer_id,
                    customer_id,
                    conversation_id,
                    kind,
                    origin,
                    destination,
                    destination_customer,
                    amount,
                    currency,
                    amount_usd,
                    Jsonb(summary),
                    language,
                    self.clock(),
                    expires_at,
                ),
            )
        return transfer_id

    async def cancel(self, customer_id: str, transfer_id: str) -> dict:
        async with self.pool.connection() as conn, conn.transaction():
            row = await self._locked_transfer(conn, customer_id, transfer_id)
            if row["status"] == "proposed":
                await self._close(conn, transfer_id, "cancelled", "cancelled_by_customer")
                row = await self._locked_transfer(conn, customer_id, transfer_id)
        return outcome(row)

    async def confirm(self, customer_id: str, transfer_id: str, *, after_commit=None) -> dict:
        """Locks the proposal and the rows it touches (in a fixed order), re-checks every rule and posts."""
        result = await self._confirm_once(customer_id, transfer_id)
        if result["status"] == "executed":
            await self.outbox.dispatch(action_id=transfer_id)  # after commit, holding no connection
        if after_commit:
            after_commit(result)
        return result

    async def _confirm_once(self, customer_id: str, transfer_id: str) -> dict:
        for attempt in range(3):
            try:
                async with self.pool.connection() as conn, conn.transaction():
                    return await self._confirm(conn, customer_id, transfer_id)
            except (psycopg.errors.DeadlockDetected, psycopg.errors.SerializationFailure):
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _confirm(self, conn, customer_id: str, transfer_id: str) -> dict:
        await conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (LOCK_NAMESPACE + customer_id,))
        row = await self._locked_transfer(conn, customer_id, transfer_id)
        if row["status"] != "proposed":
            return outcome(row)
        now = self.clock()
        if row["expires_at"] <= now:
            await self._close(conn, transfer_id, "expired", "expired")
            return outcome({**row, "status": "expired", "status_reason": "expired"})
        if row["kind"] == "pay_service":
            blocked, post = await self._pay_bill(conn, row)
        else:
            blocked, post = await self._move(conn, row, now)
        if blocked:
            await self._close(conn, transfer_id, "blocked", blocked.reason)
            await self._audit(conn, row, "blocked", blocked.reason)
            return outcome({**row, "status": "blocked", "status_reason": blocked.reason})
        balance_after = await post()
        executed = await self._executed(conn, row, now, balance_after)
        await self._audit(conn, row, "allowed", None, executed=True)
        return outcome(executed)

    async def _locked_transfer(self, conn, customer_id: str, transfer_id: str) -> dict:
        cur = conn.cursor(row_factory=dict_row)
        await cur.execute(
            "SELECT * FROM ops.transfers WHERE transfer_id = %s AND customer_id = %s FOR UPDATE",
            (transfer_id, customer_id),
        )
        row = await cur.fetchone()
        if row is None:
            raise UnknownTransfer
        return row

    async def _lock_accounts(self, conn, ids: list[str]) -> dict[str, Account]:
        rows = await (
            await conn.execute(
                ACCOUNT + "WHERE p.product_id = ANY(%s) ORDER BY p.product_id FOR UPDATE OF p", (sorted(set(ids)),)
            )
        ).fetchall()
        return {r[0]: account(r) for r in rows}

    async def _move(self, conn, row: dict, now: datetime):
        locked = await self._lock_accounts(conn, [row["origin_product_id"], row["destination_product_id"]])
        origin, destination = locked.get(row["origin_product_id"]), locked.get(row["destination_product_id"])
        transfer = Transfer(row["kind"], row["amount"], origin, destination, row["customer_id"])
        rate = await self.usd_rate(row["currency"], conn) if row["kind"] == "third_party" else None
        sent = await self.sent_today_usd(row["customer_id"], now, conn) if row["kind"] == "third_party" else Decimal(0)
        blocked = check(transfer, usd_rate=rate, sent_today_usd=sent, limits=self.limits)

        async def post() -> Decimal:
            assert origin is not None and destination is not None  # post runs only when check() passed
            amount = row["amount"]
            credit = amount if destination.product_type in ("Cuenta Ahorro", "Cuenta Corriente") else -amount
            after = await self._add(conn, origin.product_id, -amount)
            await self._add(conn, destination.product_id, credit)
            inbound = "Deposit" if credit > 0 else "Payment"
            await self._movement(conn, row, "O", origin, "Transfer", None)
            await self._movement(conn, row, "D", destination, inbound, None)
            return after

        if rate is not None:
            await conn.execute(
                "UPDATE ops.transfers SET amount_usd = %s WHERE transfer_id = %s",
                ((row["amount"] * rate).quantize(Decimal("0.01")), row["transfer_id"]),
            )
        return blocked, post

    async def _pay_bill(self, conn, row: dict):
        locked = await self._lock_accounts(conn, [row["origin_product_id"]])
        origin = locked.get(row["origin_product_id"])
        found = await (
            await conn.execute(BILL + "WHERE b.bill_id = %s FOR UPDATE OF b", (row["destination_product_id"],))
        ).fetchone()
        bill = Bill(*found) if found else None
        blocked = check_bill(row["amount"], origin, bill, row["customer_id"])

        async def post() -> Decimal:
            assert origin is not None and bill is not None  # post runs only when check_bill() passed
            after = await self._add(conn, origin.product_id, -row["amount"])
            await conn.execute(
                "UPDATE core.service_bills SET status = 'paid', paid_at = %s WHERE bill_id = %s",
                (self.clock(), bill.bill_id),
            )
            await self._movement(conn, row, "O", origin, "Payment", bill.biller_name, category="Services")
            return after

        return blocked, post

    async def _add(self, conn, product_id: str, delta: Decimal) -> Decimal:
        cur = await conn.execute(
            "UPDATE core.products SET current_balance = current_balance + %s WHERE product_id = %s "
            "RETURNING current_balance",
            (delta, product_id),
        )
        return (await cur.fetchone())[0]

    async def _movement(
        self, conn, row: dict, side: str, product: Account, kind: str, merchant: str | None, category: str | None = None
    ) -> None:
        await conn.execute(
            "INSERT INTO core.transactions (transaction_id, customer_id, product_id, transaction_date, transaction_type, "
            "transaction_category, amount, currency, channel, merchant_name, transaction_status, response_code, "
            "is_fraud, is_synthetic_fixture) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, 'App', %s, 'Approved', '00', "
            "false, true)",
            (
                f"KHP-{uuid.UUID(str(row['transfer_id'])).hex[:20]}-{side}",
                product.customer_id,
                product.product_id,
                DATASET_NOW,
                kind,
                category,
                row["amount"],
                row["currency"],
                merchant,
            ),
        )

    async def _executed(self, conn, row: dict, now: datetime, balance_after: Decimal) -> dict:
        reference = reference_of(row["transfer_id"])
        when = now.strftime("%Y-%m-%d %H:%M")
        subject, body = receipt(
            row["summary"], reference=reference, when=when, balance=balance_after, language=row["language"]
        )
        document = {"reference": reference, "executed_at": now.isoformat(), "subject": subject, "text": body}
        cur = conn.cursor(row_factory=dict_row)
        await cur.execute(
            "UPDATE ops.transfers SET status = 'executed', executed_at = %s, origin_balance_after = %s, receipt = %s "
            "WHERE transfer_id = %s RETURNING *",
            (now, balance_after, Jsonb(document), row["transfer_id"]),
        )
        executed = await cur.fetchone()
        email = (
            await (
                await conn.execute("SELECT email FROM core.customers WHERE customer_id = %s", (row["customer_id"],))
            ).fetchone()
            or (None,)
        )[0]
        if email:
            await insert_message(
                conn,
                self.outbox.route,
                customer_id=row["customer_id"],
                action_id=str(row["transfer_id"]),
                destination=mask_email(email),
                delivered_to=email,
                template="transfer_receipt",
                language=row["language"],
                subject=subject,
                body=body,
            )
        return executed

    async def _close(self, conn, transfer_id: str, status: str, reason: str) -> None:
        await conn.execute(
            "UPDATE ops.transfers SET status = %s, status_reason = %s WHERE transfer_id = %s",
            (status, reason, transfer_id),
        )

    async def _audit(self, conn, row: dict, decision: str, reason: str | None, executed: bool = False) -> None:
        await conn.execute(
            "INSERT INTO ops.decision_log (conversation_id, customer_id, tool, proposed, policy_decision, policy_reason, "
            "executed, verified) VALUES (%s, %s, 'confirm_transfer', %s, %s, %s, %s, %s)",
            (
                row["conversation_id"],
                row["customer_id"],
                Jsonb({"transfer_id": str(row["transfer_id"])}),
                decision,
                reason,
                executed,
                executed,
            ),
        )


def outcome(row: dict) -> dict:
    """What the customer's confirm returns; the same stored receipt however often it is asked."""
    result = {
        "transfer_id": str(row["transfer_id"]),
        "status": row["status"],
        "kind": row["kind"],
        "amount": str(row["amount"]),
        "currency": row["currency"],
        "language": row["language"],
    }
    if row["status"] == "executed":
        result["receipt"] = row["receipt"]  # {reference, executed_at, subject, text}: the text is code's sentences
        result["new_balance"] = str(row["origin_balance_after"])
    elif row["status"] in ("blocked", "expired", "cancelled"):
        reason = row.get("status_reason")
        result["reason"] = reason
        if row["status"] == "blocked" and reason:
            result["response_code"] = Blocked(reason).response_code
    return result
