"""The effects of actions in ops (card overlay, cases, preferences, outbox), each keyed by the action id so it
happens at most once, and read back before anyone is told. The facts they are decided on are in
`action_facts`; case files are written by `cases_store`, the one case writer."""

from datetime import timedelta
from decimal import Decimal

import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.action_facts import CARD, card_from
from quipu.adapters.postgres.cases_store import DisputeAlreadyOpen, insert_case, reference_of
from quipu.adapters.postgres.outbox_store import PgOutbox, email_on_file, insert_message
from quipu.application.action_ports import ActionRow, PermanentError, TransientError
from quipu.domain import case_files
from quipu.domain.actions import alert_preference
from quipu.domain.case_files import CaseFile
from quipu.domain.contact import mask_email
from quipu.domain.dataset import AS_OF
from quipu.domain.emails import balances_email, case_receipt_email, movements_email, payment_status_email
from quipu.domain.mail import OutgoingMail
from quipu.domain.priority import CasePriority, case_priority
from quipu.domain.vocabulary import DEBIT_CARD

MOVEMENT_DAYS = 30  # a movements summary covers the last 30 days of the records
MOVEMENTS_IN_MAIL = 40


class PgEffects:
    def __init__(self, pool: AsyncConnectionPool, clock, outbox: PgOutbox | None = None):
        self.pool = pool
        self.clock = clock
        self.outbox = outbox or PgOutbox(pool)

    async def apply(self, row: ActionRow, batch: list[ActionRow]) -> dict:
        try:
            return await getattr(self, f"_{row.action}")(row, batch)
        except psycopg.OperationalError as error:
            raise TransientError(str(error)) from error

    async def _card(self, row: ActionRow, kind: str) -> dict:
        async with self.pool.connection() as conn:
            await conn.execute(
                "INSERT INTO ops.card_actions (action_id, product_id, customer_id, action, requested_at) "
                "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (action_id) DO NOTHING",
                (row.action_id, row.params["product_id"], row.customer_id, kind, self.clock()),
            )
        return {"card_action": kind}

    async def _block_card(self, row: ActionRow, batch) -> dict:
        return await self._card(row, "freeze")

    async def _cancel_card(self, row: ActionRow, batch) -> dict:
        return await self._card(row, "cancel")

    async def _open_payment_inquiry(self, row: ActionRow, batch) -> dict:
        facts, note = row.view.get("facts", {}), row.params.get("note")
        case = case_files.inquiry(**_who(row), transaction_id=row.params["transaction_id"], facts=facts, note=note)
        try:
            stored = await self._open(case)
        except DisputeAlreadyOpen:  # another confirmation opened one on this charge a moment ago
            raise PermanentError("dispute_already_open") from None
        return {"reference": reference_of(stored.case_id), **_priority(stored.priority)}

    async def _request_callback(self, row: ActionRow, batch) -> dict:
        stored = await self._open(case_files.callback(**_who(row), window=row.params["window"]))
        return {"reference": reference_of(stored.case_id), "sla_hours": stored.priority.sla_hours}

    async def _open(self, case: CaseFile) -> CaseFile:
        """A case an action opens: stored under the action's id, so a retry opens none twice."""
        async with self.pool.connection() as conn, conn.transaction():
            return await insert_case(conn, case, self.clock())

    async def _set_alert(self, row: ActionRow, batch) -> dict:
        async with self.pool.connection() as conn:
            await conn.execute(
                "INSERT INTO ops.preferences (customer_id, key, value, updated_at) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (customer_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at",
                (row.customer_id, *_preference(row.params), self.clock()),
            )
        return {}

    async def _send_summary_email(self, row: ActionRow, batch) -> dict:
        inquiry = next((r for r in batch if r.action == "open_payment_inquiry" and r.status == "verified"), None)
        async with self.pool.connection() as conn:
            email = await email_on_file(conn, row.customer_id)  # the address on file now, not the card's
            if not email:
                raise PermanentError("no_contact_on_file")
            subject, body = await summary_email(conn, row, inquiry)
            mail = OutgoingMail.to_address_on_file(
                email,
                customer_id=row.customer_id,
                template=row.params["topic"],
                language=row.language,
                subject=subject,
                body=body,
                action_id=row.action_id,
            )
            await insert_message(conn, self.outbox.route, mail)
        if await self.outbox.dispatch(action_id=row.action_id) == "failed":
            raise PermanentError("send_failed")
        return {"email": mask_email(email)}

    async def recorded(self, row: ActionRow) -> dict:
        """What `apply` returned, rebuilt from the stored effect (after a crash between effect and answer)."""
        if row.action in ("block_card", "cancel_card"):
            return {"card_action": "freeze" if row.action == "block_card" else "cancel"}
        if row.action == "open_payment_inquiry":
            priority = case_priority(row.view.get("facts", {}).get("signals", []))
            return {"reference": reference_of(row.action_id), **_priority(priority)}
        if row.action == "request_callback":
            return {"reference": reference_of(row.action_id), "sla_hours": case_priority().sla_hours}
        if row.action == "send_summary_email":
            async with self.pool.connection() as conn:
                found = await (
                    await conn.execute("SELECT destination FROM ops.outbox WHERE action_id = %s", (row.action_id,))
                ).fetchone()
            return {"email": found[0]} if found else {}
        return {}

    async def read_back(self, row: ActionRow) -> bool:
        async with self.pool.connection() as conn:
            if row.action in ("block_card", "cancel_card"):
                found = await (await conn.execute(CARD, (row.customer_id, row.params["product_id"]))).fetchone()
                wanted = "Blocked" if row.action == "block_card" else "Cancelled"
                mine = await (
                    await conn.execute("SELECT 1 FROM ops.card_actions WHERE action_id = %s", (row.action_id,))
                ).fetchone()  # this action's own row, not some other action that left the card the same way
                ok = mine is not None and found is not None and card_from(found).effective_status == wanted
                if ok:
                    await conn.execute(
                        "UPDATE ops.card_actions SET verified_at = %s WHERE action_id = %s",
                        (self.clock(), row.action_id),
                    )
                return ok
            if row.action in ("open_payment_inquiry", "request_callback"):
                found = await (
                    await conn.execute(
                        "SELECT status FROM ops.handoff_cases WHERE case_id = %s AND customer_id = %s",
                        (row.action_id, row.customer_id),
                    )
                ).fetchone()
                return found == ("open",)
            if row.action == "set_alert":
                key, value = alert_preference(row.params)
                found = await (
                    await conn.execute(
                        "SELECT value FROM ops.preferences WHERE customer_id = %s AND key = %s", (row.customer_id, key)
                    )
                ).fetchone()
                return found is not None and found[0] == value
            if row.action == "send_summary_email":
                found = await (
                    await conn.execute("SELECT status FROM ops.outbox WHERE action_id = %s", (row.action_id,))
                ).fetchone()
                return found == ("accepted",)
        return False


def _who(row: ActionRow) -> dict:
    return {
        "case_id": row.action_id,
        "customer_id": row.customer_id,
        "conversation_id": row.conversation_id,
        "language": row.language,
    }


def _priority(priority: CasePriority) -> dict:
    return {"sla_hours": priority.sla_hours, "priority": priority.priority}


async def summary_email(conn, row: ActionRow, inquiry: ActionRow | None) -> tuple[str, str]:
    """Reads the figures the topic needs; the domain writes the text."""
    topic = row.params["topic"]
    if topic == "case_receipt":
        facts = inquiry.view.get("facts", {}) if inquiry else {}
        return case_receipt_email(
            row.language,
            reference=inquiry.result.get("reference", "—") if inquiry else "—",
            sla_hours=(inquiry.result.get("sla_hours", 72) if inquiry else 72),
            merchant=facts.get("merchant"),
            amount=Decimal(facts.get("amount", "0")),
            currency=facts.get("currency", ""),
            place=facts.get("place"),
        )
    if topic == "movements":
        start = AS_OF - timedelta(days=MOVEMENT_DAYS - 1)
        cur = await conn.execute(
            "SELECT transaction_date::date, merchant_name, amount, currency, transaction_type FROM core.transactions "
            "WHERE customer_id = %s AND transaction_date >= %s ORDER BY transaction_date DESC LIMIT %s",
            (row.customer_id, start, MOVEMENTS_IN_MAIL),
        )
        moves = [
            {"date": r[0], "merchant": r[1], "amount": r[2], "currency": r[3], "type": r[4]}
            for r in await cur.fetchall()
        ]
        return movements_email(row.language, moves, start, AS_OF, row.view.get("facts", {}).get("place"))
    if topic == "balances":
        cur = await conn.execute(
            "SELECT product_type, product_number_last4, current_balance, currency FROM core.products "
            "WHERE customer_id = %s AND product_status = 'Active' AND product_type <> %s "
            "ORDER BY product_type",
            (row.customer_id, DEBIT_CARD),
        )
        products = [
            {"product_type": r[0], "last4": r[1], "balance": r[2], "currency": r[3]} for r in await cur.fetchall()
        ]
        return balances_email(row.language, products, AS_OF, row.view.get("facts", {}).get("place"))
    cur = await conn.execute(
        "SELECT p.product_type, p.product_number_last4, p.currency, b.minimum_payment, b.due_date, b.past_due_amount "
        "FROM core.products p JOIN core.billing b ON b.product_id = p.product_id WHERE p.customer_id = %s "
        "ORDER BY b.due_date",
        (row.customer_id,),
    )
    debts = [
        {
            "product_type": r[0],
            "last4": r[1],
            "currency": r[2],
            "minimum_payment": r[3],
            "due_date": r[4],
            "past_due_amount": r[5],
        }
        for r in await cur.fetchall()
    ]
    return payment_status_email(row.language, debts, AS_OF, row.view.get("facts", {}).get("place"))


def _preference(params: dict) -> tuple[str, Jsonb]:
    key, value = alert_preference(params)
    return key, Jsonb(value)
