"""The facts actions are decided on, and their effects in ops (card overlay, cases, preferences, outbox),
each keyed by the action id so it happens at most once, and read back before anyone is told."""

import uuid
from datetime import timedelta
from decimal import Decimal

import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.metrics import HANDOFFS
from quipu.adapters.postgres.connection import one_row
from quipu.adapters.postgres.outbox_store import PgOutbox, insert_message
from quipu.application.actions import ESCALATION_REQUEST, ActionRow, PermanentError, TransientError
from quipu.domain.actions import CardFacts, ChargeFacts, Facts, risk_signals
from quipu.domain.contact import mask_email
from quipu.domain.dataset import AS_OF
from quipu.domain.emails import balances_email, case_receipt_email, payment_status_email
from quipu.domain.evidence import DUPLICATE_WINDOW_SECONDS
from quipu.domain.priority import case_priority

CARD = """
SELECT p.product_id, p.product_type, p.product_number_last4, p.product_status, coalesce(p.days_past_due, 0),
       p.current_balance,
       (SELECT a.action FROM ops.card_actions a WHERE a.product_id = p.product_id AND a.customer_id = p.customer_id
        ORDER BY a.requested_at DESC LIMIT 1)
FROM core.products p WHERE p.customer_id = %s AND p.product_id = %s
"""
CHARGE = """
SELECT t.transaction_id, t.transaction_status, t.transaction_date, t.merchant_name, t.amount, t.currency,
       t.transaction_country, t.is_fraud, t.fraud_score, c.country,
       EXISTS (SELECT 1 FROM core.transactions o WHERE o.customer_id = t.customer_id
               AND o.transaction_id <> t.transaction_id AND o.merchant_name = t.merchant_name
               AND o.amount = t.amount AND o.currency = t.currency
               AND o.transaction_status IN ('Approved', 'Pending') AND t.transaction_status IN ('Approved', 'Pending')
               AND abs(extract(epoch FROM o.transaction_date - t.transaction_date)) <= %s)
FROM core.transactions t JOIN core.customers c ON c.customer_id = t.customer_id
WHERE t.customer_id = %s AND t.transaction_id = %s
"""
OVERLAY = {"freeze": "Blocked", "cancel": "Cancelled"}


async def email_on_file(conn, customer_id: str) -> str | None:
    row = await (
        await conn.execute("SELECT email FROM core.customers WHERE customer_id = %s", (customer_id,))
    ).fetchone()
    return row[0] if row else None


def card_from(row) -> CardFacts:
    product_id, kind, last4, status, dpd, balance, last_action = row
    effective = OVERLAY.get(last_action, status)
    return CardFacts(product_id, kind, last4, status, effective, last_action == "freeze", dpd, balance)


class PgActionFacts:
    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def card(self, customer_id: str, product_id: str) -> CardFacts | None:
        async with self.pool.connection() as conn:
            row = await (await conn.execute(CARD, (customer_id, product_id))).fetchone()
        return card_from(row) if row else None

    async def cards(self, customer_id: str) -> list[dict]:
        async with self.pool.connection() as conn:
            ids = await (
                await conn.execute(
                    "SELECT product_id FROM core.products WHERE customer_id = %s AND product_type = ANY(%s) "
                    "ORDER BY product_id",
                    (customer_id, ["Tarjeta Crédito", "Tarjeta Débito"]),
                )
            ).fetchall()
            cards = [card_from(await (await conn.execute(CARD, (customer_id, i[0]))).fetchone()) for i in ids]
        return [
            {
                "product_id": c.product_id,
                "product_type": c.product_type,
                "last4": c.last4,
                "balance": str(c.balance) if c.balance is not None else None,
                "status": c.effective_status,
            }
            for c in cards
        ]

    async def facts(self, customer_id: str, action: str, params: dict) -> tuple[Facts, dict]:
        if action in ("block_card", "cancel_card"):
            card = await self.card(customer_id, params["product_id"])
            return Facts(card=card), ({"last4": card.last4, "product_type": card.product_type} if card else {})
        if action == "open_payment_inquiry":
            return await self._charge(customer_id, params["transaction_id"])
        if action == "send_summary_email":
            async with self.pool.connection() as conn:
                email = await email_on_file(conn, customer_id)
            return Facts(email=email), {"email": email} if email else {}
        return Facts(), {}

    async def _charge(self, customer_id: str, transaction_id: str) -> tuple[Facts, dict]:
        async with self.pool.connection() as conn:
            row = await (await conn.execute(CHARGE, (DUPLICATE_WINDOW_SECONDS, customer_id, transaction_id))).fetchone()
        if row is None:
            return Facts(), {}
        charge = ChargeFacts(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8])
        signals = sorted(risk_signals(charge, duplicate=row[10], home_country=row[9]))
        view = {
            "merchant": charge.merchant,
            "amount": str(charge.amount),
            "currency": charge.currency,
            "date": charge.at.date().isoformat(),
            "status": charge.status,
            "country": charge.country,
            "signals": signals,
        }
        return Facts(charge=charge), view


def reference_of(action_id: str) -> str:
    return "Q-" + uuid.UUID(action_id).hex[:8].upper()


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
        facts = row.view.get("facts", {})
        priority = case_priority(set(facts.get("signals", [])))
        due = self.clock() + timedelta(hours=priority.sla_hours)
        reference = reference_of(row.action_id)
        questions = {
            "possible_fraud": "¿El cliente tiene la tarjeta en su poder?",
            "duplicate_charge": "¿El comercio cobró dos veces el mismo servicio?",
            "foreign_transaction": "¿El cliente compró en el exterior o en un sitio extranjero?",
            "pending_charge": "¿El cargo se confirmó o se liberó?",
        }
        case_file = {
            "request": "payment_inquiry",
            "customer_id": row.customer_id,
            "language": row.language,
            "transaction": {
                "id": row.params["transaction_id"],
                **{k: facts.get(k) for k in ("merchant", "amount", "currency", "date", "status", "country")},
            },
            "verified_facts": {"signals": facts.get("signals", [])},
            "customer_note": row.params.get("note"),
            "unresolved": [questions[s] for s in facts.get("signals", []) if s in questions]
            or ["¿El cliente reconoce el cargo?"],
            "evidence": {"transaction_id": row.params["transaction_id"], "action_id": row.action_id},
            "priority": priority.priority,
            "sla_hours": priority.sla_hours,
        }
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO ops.disputes (dispute_id, customer_id, transaction_id, investigation_result, status, "
                "sla_due_at, tracking_token) VALUES (%s, %s, %s, %s, 'open', %s, %s) ON CONFLICT DO NOTHING",
                (
                    row.action_id,
                    row.customer_id,
                    row.params["transaction_id"],
                    Jsonb(case_file["verified_facts"]),
                    due,
                    reference,
                ),
            )
            await self._case(
                conn,
                row,
                priority.priority,
                due,
                list(facts.get("signals", [])) or ["payment_inquiry"],
                case_file,
                dispute=True,
            )
        return {"reference": reference, "sla_hours": priority.sla_hours, "priority": priority.priority}

    async def _request_callback(self, row: ActionRow, batch) -> dict:
        due = self.clock() + timedelta(hours=72)
        case_file = {
            "request": "callback",
            "customer_id": row.customer_id,
            "language": row.language,
            "window": row.params["window"],
            "priority": "Low",
            "sla_hours": 72,
        }
        async with self.pool.connection() as conn:
            await self._case(conn, row, "Low", due, ["callback_requested"], case_file, dispute=False)
        return {"reference": reference_of(row.action_id), "sla_hours": 72}

    async def _case(
        self, conn, row: ActionRow, priority: str, due, reasons: list[str], case_file: dict, dispute: bool
    ) -> None:
        await conn.execute(
            "INSERT INTO ops.handoff_cases (case_id, customer_id, conversation_id, dispute_id, priority, sla_due_at, "
            "reason_codes, case_file) VALUES (%s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (case_id) DO NOTHING",
            (
                row.action_id,
                row.customer_id,
                row.conversation_id,
                row.action_id if dispute else None,
                priority,
                due,
                reasons,
                Jsonb(case_file),
            ),
        )

    async def _set_alert(self, row: ActionRow, batch) -> dict:
        async with self.pool.connection() as conn:
            await conn.execute(
                "INSERT INTO ops.preferences (customer_id, key, value, updated_at) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (customer_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at",
                (
                    row.customer_id,
                    f"alert.{row.params['kind']}",
                    Jsonb({"enabled": row.params.get("enabled", True)}),
                    self.clock(),
                ),
            )
        return {}

    async def _send_summary_email(self, row: ActionRow, batch) -> dict:
        inquiry = next((r for r in batch if r.action == "open_payment_inquiry" and r.status == "verified"), None)
        async with self.pool.connection() as conn:
            email = await email_on_file(conn, row.customer_id)  # the address on file now, not the card's
            if not email:
                raise PermanentError("no_contact_on_file")
            subject, body = await summary_email(conn, row, inquiry)
            await insert_message(
                conn,
                self.outbox.route,
                customer_id=row.customer_id,
                action_id=row.action_id,
                destination=mask_email(email),
                delivered_to=email,
                template=row.params["topic"],
                language=row.language,
                subject=subject,
                body=body,
            )
        if await self.outbox.dispatch(action_id=row.action_id) == "failed":
            raise PermanentError("send_failed")
        return {"email": mask_email(email)}

    async def recorded(self, row: ActionRow) -> dict:
        """What `apply` returned, rebuilt from the stored effect (after a crash between effect and answer)."""
        if row.action in ("block_card", "cancel_card"):
            return {"card_action": "freeze" if row.action == "block_card" else "cancel"}
        if row.action == "open_payment_inquiry":
            priority = case_priority(set(row.view.get("facts", {}).get("signals", [])))
            return {
                "reference": reference_of(row.action_id),
                "sla_hours": priority.sla_hours,
                "priority": priority.priority,
            }
        if row.action == "request_callback":
            return {"reference": reference_of(row.action_id), "sla_hours": 72}
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
                found = await (
                    await conn.execute(
                        "SELECT value FROM ops.preferences WHERE customer_id = %s AND key = %s",
                        (row.customer_id, f"alert.{row.params['kind']}"),
                    )
                ).fetchone()
                return found is not None and found[0] == {"enabled": row.params.get("enabled", True)}
            if row.action == "send_summary_email":
                found = await (
                    await conn.execute("SELECT status FROM ops.outbox WHERE action_id = %s", (row.action_id,))
                ).fetchone()
                return found == ("accepted",)
        return False


class PgHandoffs:
    def __init__(self, pool: AsyncConnectionPool, clock):
        self.pool = pool
        self.clock = clock

    async def open_case(
        self,
        *,
        case_id: str,
        customer_id: str,
        conversation_id: str | None,
        priority: str,
        sla_hours: int,
        reason_codes: list[str],
        case_file: dict,
    ) -> None:
        for reason in reason_codes:
            HANDOFFS.labels(reason).inc()
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO ops.handoff_cases (case_id, customer_id, conversation_id, priority, sla_due_at, "
                "reason_codes, case_file) VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (case_id) DO NOTHING",
                (
                    case_id,
                    customer_id,
                    conversation_id,
                    priority,
                    self.clock() + timedelta(hours=sla_hours),
                    reason_codes,
                    Jsonb(case_file),
                ),
            )
            if conversation_id:
                await conn.execute(
                    "UPDATE ops.conversations SET status = 'waiting' WHERE conversation_id = %s "
                    "AND customer_id = %s AND status = 'bot'",
                    (conversation_id, customer_id),
                )

    async def escalation_open(self, customer_id: str, conversation_id: str | None) -> bool:
        """A case the gateway opened for this conversation that no operator has closed yet."""
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute(
                    "SELECT EXISTS (SELECT 1 FROM ops.handoff_cases WHERE customer_id = %s "
                    "AND conversation_id IS NOT DISTINCT FROM %s AND status <> 'closed' "
                    "AND case_file->>'request' = %s)",
                    (customer_id, conversation_id, ESCALATION_REQUEST),
                )
            ).fetchone()
        return bool(one_row(row)[0])


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
        )
    if topic == "balances":
        cur = await conn.execute(
            "SELECT product_type, product_number_last4, current_balance, currency FROM core.products "
            "WHERE customer_id = %s AND product_status = 'Active' AND product_type <> 'Tarjeta Débito' "
            "ORDER BY product_type",
            (row.customer_id,),
        )
        products = [
            {"product_type": r[0], "last4": r[1], "balance": r[2], "currency": r[3]} for r in await cur.fetchall()
        ]
        return balances_email(row.language, products, AS_OF)
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
    return payment_status_email(row.language, debts, AS_OF)
