"""The SQL both halves of transfers share: the proposal's reads and the confirm's locked re-reads."""

from datetime import datetime
from decimal import Decimal

from quipu.application.transfer_ports import StoredTransfer
from quipu.domain.transfers import Account, Bill

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
USD_RATE = (
    "SELECT exchange_rate FROM core.fx_rates WHERE source_currency = %s AND target_currency = 'USD' "
    "ORDER BY date DESC LIMIT 1"
)
SENT_TODAY_USD = (
    "SELECT coalesce(sum(amount_usd), 0) FROM ops.transfers WHERE customer_id = %s AND kind = 'third_party' "
    "AND status = 'executed' AND executed_at >= date_trunc('day', %s::timestamptz)"
)


def account(row) -> Account:
    return Account(*row)


def bill(row) -> Bill:
    return Bill(*row)


def stored(row: dict) -> StoredTransfer:
    """A row of ops.transfers (read with dict_row)."""
    return StoredTransfer(
        transfer_id=str(row["transfer_id"]),
        customer_id=row["customer_id"],
        conversation_id=str(row["conversation_id"]) if row["conversation_id"] else None,
        kind=row["kind"],
        origin_product_id=row["origin_product_id"],
        destination_product_id=row["destination_product_id"],
        amount=row["amount"],
        currency=row["currency"],
        summary=row["summary"],
        language=row["language"],
        status=row["status"],
        expires_at=row["expires_at"],
        status_reason=row["status_reason"],
        origin_balance_after=row["origin_balance_after"],
        receipt=row["receipt"] or {},
    )


async def usd_rate(conn, currency: str) -> Decimal | None:
    if currency == "USD":
        return Decimal("1")
    row = await (await conn.execute(USD_RATE, (currency,))).fetchone()
    return row[0] if row else None


async def sent_today_usd(conn, customer_id: str, now: datetime) -> Decimal:
    return (await (await conn.execute(SENT_TODAY_USD, (customer_id, now))).fetchone())[0]
