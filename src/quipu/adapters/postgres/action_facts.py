"""The facts actions are decided on, read from core and ops: the card as the customer sees it (an overlay
block counts), the charge with its risk signals, the e-mail on file."""

from psycopg_pool import AsyncConnectionPool

from quipu.domain.actions import CardFacts, ChargeFacts, Facts, risk_signals
from quipu.domain.evidence import DUPLICATE_WINDOW_SECONDS

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
