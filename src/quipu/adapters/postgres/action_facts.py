"""The facts actions are decided on, read from core and ops: the card as the customer sees it (an overlay
block counts), the charge with its risk signals, the e-mail on file."""

from quipu.adapters.postgres.bank_records import PgBankRecords
from quipu.adapters.postgres.connection import PoolStore
from quipu.adapters.postgres.disputes_store import PgDisputes
from quipu.adapters.postgres.outbox_store import email_on_file
from quipu.application.action_ports import TransientError
from quipu.domain.actions import CardFacts, Facts
from quipu.domain.disputes import open_on
from quipu.domain.evidence import signals_of
from quipu.domain.investigation_facts import PickedCharges
from quipu.domain.vocabulary import CARD_TYPES

CARD = """
SELECT p.product_id, p.product_type, p.product_number_last4, p.product_status, coalesce(p.days_past_due, 0),
       p.current_balance,
       (SELECT a.action FROM ops.card_actions a WHERE a.product_id = p.product_id AND a.customer_id = p.customer_id
        ORDER BY a.requested_at DESC LIMIT 1)
FROM core.products p WHERE p.customer_id = %s AND p.product_id = %s
"""
OVERLAY = {"freeze": "Blocked", "cancel": "Cancelled"}


def card_from(row) -> CardFacts:
    product_id, kind, last4, status, dpd, balance, last_action = row
    effective = OVERLAY.get(last_action, status)
    return CardFacts(product_id, kind, last4, status, effective, last_action == "freeze", dpd, balance)


class PgActionFacts(PoolStore):
    async def card(self, customer_id: str, product_id: str) -> CardFacts | None:
        row = await self.fetch_one(CARD, (customer_id, product_id))
        return card_from(row) if row else None

    async def cards(self, customer_id: str) -> list[dict]:
        async with self.pool.connection() as conn:
            ids = await (
                await conn.execute(
                    "SELECT product_id, currency FROM core.products WHERE customer_id = %s AND product_type = ANY(%s) "
                    "ORDER BY product_id",
                    (customer_id, list(CARD_TYPES)),
                )
            ).fetchall()
            cards = [(card_from(await (await conn.execute(CARD, (customer_id, i))).fetchone()), cur) for i, cur in ids]
        return [
            {
                "product_id": c.product_id,
                "product_type": c.product_type,
                "last4": c.last4,
                "currency": currency,
                "balance": str(c.balance) if c.balance is not None else None,
                "status": c.effective_status,
            }
            for c, currency in cards
        ]

    async def facts(self, customer_id: str, action: str, params: dict) -> tuple[Facts, dict]:
        """The facts the policy reads, and the card's view of them (with the customer's country: how the card
        and its receipt write amounts and dates)."""
        facts, view = await self._facts(customer_id, action, params)
        place = await PgBankRecords(self.pool).home_country(customer_id)
        return facts, ({**view, "place": place} if view and place else view)

    async def _facts(self, customer_id: str, action: str, params: dict) -> tuple[Facts, dict]:
        if action in ("block_card", "cancel_card"):
            card = await self.card(customer_id, params["product_id"])
            return Facts(card=card), ({"last4": card.last4, "product_type": card.product_type} if card else {})
        if action == "open_payment_inquiry":
            return await self._charge(customer_id, params["transaction_id"])
        if action == "send_summary_email":
            async with self.pool.connection() as conn:
                email = await email_on_file(conn, customer_id)
            return Facts(email=email), {"email": email} if email else {}
        if action == "set_alert":  # its card writes an amount the customer chose in their own country's way
            return Facts(), {"alert": params["kind"]}
        return Facts(), {}

    async def _charge(self, customer_id: str, transaction_id: str) -> tuple[Facts, dict]:
        """The charge, read the way the investigation reads it: the same query, the same signals."""
        found = await PgBankRecords(self.pool).investigation_facts(
            customer_id, PickedCharges(transaction_id=transaction_id)
        )
        if not found.candidates:
            return Facts(), {}
        if found.unavailable:  # a signal that could not be checked is unknown, never "no"
            raise TransientError("unavailable: " + ", ".join(found.unavailable))
        charge = found.candidates[0]
        signals = signals_of(charge, found.neighbours or [], home_country=found.home_country)
        mine = await PgDisputes(self.pool).of_customer(customer_id, transaction_ids=[transaction_id], open_only=True)
        disputed = open_on(mine, transaction_id)
        view: dict[str, object] = {
            "merchant": charge.merchant,
            "amount": str(charge.amount),
            "currency": charge.currency,
            "date": charge.at.date().isoformat(),
            "at": charge.at.isoformat(),  # the record's local time: cards and case files say it in words
            "status": charge.status,
            "country": charge.country,
            "signals": [str(s) for s in sorted(signals)],
        }
        if disputed:  # what the refusal names: which dispute is open, and since when
            view["open_dispute"] = {"reference": disputed.reference, "opened_at": disputed.opened_at.isoformat()}
        return Facts(charge=charge, open_dispute=disputed), view
