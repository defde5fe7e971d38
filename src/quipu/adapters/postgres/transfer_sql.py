"""The SQL both halves of transfers share: the proposal's reads and the confirm's locked re-reads."""

from dataclasses import fields
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
    """A row of ops.transfers (read with dict_row): its same-named columns, the ids as text."""
    columns = {f.name: row[f.name] for f in fields(StoredTransfer)}
    conversation = row["conversation_id"]
    as_text = {"transfer_id": str(row["transfer_id"]), "conversation_id": str(conversation) if conversation else None}
    return StoredTransfer(**columns | as_text | {"receipt": row["receipt"] or {}})


async def usd_rate(conn, currency: str) -> Decimal | None:
    if currency == "USD":
        return Decimal("1")
    row = await (await conn.execute(USD_RATE, (currency,))).fetchone()
    return row[0] if row else None


async def sent_today_usd(conn, customer_id: str, now: datetime) -> Decimal:
    return (await (await conn.execute(SENT_TODAY_USD, (customer_id, now))).fetchone())[0]
