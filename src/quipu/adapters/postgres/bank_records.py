"""Reads of the bank's records for one customer. Every query filters by the customer inside its SQL."""

from datetime import date, datetime
from decimal import Decimal

from psycopg.rows import dict_row

from quipu.adapters.postgres.connection import PoolStore
from quipu.adapters.postgres.investigation_reads import gather_facts
from quipu.domain.accounts import Product
from quipu.domain.evidence import Charge
from quipu.domain.investigation_facts import InvestigationFacts, PickedCharges
from quipu.domain.spending import Purchase

CHARGE_COLUMNS = (
    "transaction_id, transaction_date, merchant_name, amount, currency, transaction_status, transaction_country, "
    "transaction_city, channel, is_fraud, fraud_score"
)


def _charge(row) -> Charge:
    return Charge(*row)


class PgBankRecords(PoolStore):
    async def _rows(self, sql: str, params: dict | tuple, *, as_dict: bool = False) -> list:
        async with self.pool.connection() as conn:
            cur = conn.cursor(row_factory=dict_row) if as_dict else conn.cursor()
            await cur.execute(sql, params)
            return await cur.fetchall()

    async def customer(self, customer_id: str) -> dict | None:
        rows = await self._rows(
            "SELECT customer_id, first_name, last_name, city, country, segment, preferred_language, customer_status, "
            "registration_date FROM core.customers WHERE customer_id = %s",
            (customer_id,),
            as_dict=True,
        )
        return rows[0] if rows else None

    async def products(self, customer_id: str, product_types: tuple[str, ...] | None = None) -> list[Product]:
        rows = await self._rows(
            "SELECT product_id, product_type, product_number_last4, currency, current_balance, credit_limit, "
            "product_status FROM core.products WHERE customer_id = %(c)s "
            "AND (%(types)s::text[] IS NULL OR product_type = ANY(%(types)s)) ORDER BY product_type, product_id",
            {"c": customer_id, "types": list(product_types) if product_types else None},
        )
        return [Product(*r) for r in rows]

    async def debts(self, customer_id: str, product_types: tuple[str, ...]) -> list[dict]:
        return await self._rows(
            "SELECT p.product_type, p.product_number_last4 AS last4, p.currency, p.current_balance AS debt, "
            "p.interest_rate, p.days_past_due, p.product_status AS status, b.statement_date, b.due_date, "
            "b.statement_balance, b.minimum_payment, b.past_due_amount, b.remaining_installments, b.as_of "
            "FROM core.products p LEFT JOIN core.billing b ON b.product_id = p.product_id AND b.customer_id = %(c)s "
            "WHERE p.customer_id = %(c)s AND p.product_type = ANY(%(types)s) AND p.product_status <> 'Closed' "
            "ORDER BY p.product_type, p.product_id",
            {"c": customer_id, "types": list(product_types)},
            as_dict=True,
        )

    async def product_counts(self, customer_id: str) -> list[tuple[str, int, int]]:
        return await self._rows(
            "SELECT product_type, count(*), count(*) FILTER (WHERE product_status = 'Active') FROM core.products "
            "WHERE customer_id = %s GROUP BY product_type ORDER BY product_type",
            (customer_id,),
        )

    async def candidate_charges(
        self,
        customer_id: str,
        *,
        since: datetime | None,
        merchant: str | None,
        min_amount: Decimal | None,
        max_amount: Decimal | None,
        limit: int,
    ) -> list[Charge]:
        rows = await self._rows(
            f"SELECT {CHARGE_COLUMNS} FROM core.transactions WHERE customer_id = %(c)s AND transaction_date >= "
            f"%(since)s "
            "AND transaction_type = 'Purchase' "
            "AND (%(m)s::text IS NULL OR merchant_name ILIKE '%%' || %(m)s || '%%') "
            "AND (%(lo)s::numeric IS NULL OR amount >= %(lo)s) AND (%(hi)s::numeric IS NULL OR amount <= %(hi)s) "
            "ORDER BY transaction_date DESC, transaction_id LIMIT %(limit)s",
            {"c": customer_id, "since": since, "m": merchant, "lo": min_amount, "hi": max_amount, "limit": limit},
        )
        return [_charge(r) for r in rows]

    async def investigation_facts(self, customer_id: str, picked: PickedCharges) -> InvestigationFacts:
        """Every check's input for the picked charges (see `investigation_reads`)."""
        return await gather_facts(self.pool, customer_id, picked)

    async def home_country(self, customer_id: str) -> str | None:
        rows = await self._rows("SELECT country FROM core.customers WHERE customer_id = %s", (customer_id,))
        return rows[0][0] if rows else None

    async def charge(self, customer_id: str, transaction_id: str) -> Charge | None:
        rows = await self._rows(
            f"SELECT {CHARGE_COLUMNS} FROM core.transactions WHERE customer_id = %s AND transaction_id = %s",
            (customer_id, transaction_id),
        )
        return _charge(rows[0]) if rows else None

    async def purchases(
        self, customer_id: str, since: datetime, statuses: tuple[str, ...] = ("Approved",)
    ) -> list[Purchase]:
        rows = await self._rows(
            "SELECT t.transaction_id, t.transaction_date, t.merchant_name, t.amount, t.currency, "
            "t.transaction_category, t.transaction_country, p.product_type, t.transaction_status "
            "FROM core.transactions t LEFT JOIN core.products p ON p.product_id = t.product_id "
            "AND p.customer_id = %(c)s WHERE t.customer_id = %(c)s AND t.transaction_type = 'Purchase' "
            "AND t.transaction_status = ANY(%(st)s) AND t.transaction_date >= %(since)s",
            {"c": customer_id, "since": since, "st": list(statuses)},
        )
        return [Purchase(*r) for r in rows]

    async def movements(self, customer_id: str, filters: dict, order: str, limit: int) -> list[dict]:
        order_by = "t.amount DESC, t.transaction_date DESC" if order == "largest" else "t.transaction_date DESC"
        return await self._rows(
            "SELECT t.transaction_date AS date, t.transaction_type AS type, t.amount, t.currency, "
            "t.merchant_name AS merchant, t.transaction_category AS category, t.channel, t.transaction_status AS "
            "status, "
            "t.transaction_country AS country, t.transaction_city AS city, p.product_type, "
            "p.product_number_last4 AS last4 FROM core.transactions t LEFT JOIN core.products p "
            "ON p.product_id = t.product_id AND p.customer_id = %(c)s WHERE t.customer_id = %(c)s "
            "AND t.transaction_date >= %(since)s "
            "AND (%(until)s::timestamp IS NULL OR t.transaction_date < %(until)s) "
            "AND (%(ptype)s::text IS NULL OR p.product_type = %(ptype)s) "
            "AND (%(last4)s::text IS NULL OR p.product_number_last4 = %(last4)s) "
            "AND (%(ttype)s::text IS NULL OR t.transaction_type = %(ttype)s) "
            "AND (%(status)s::text IS NULL OR t.transaction_status = %(status)s) "
            "AND (%(category)s::text IS NULL OR t.transaction_category = %(category)s) "
            "AND (%(merchant)s::text IS NULL OR t.merchant_name ILIKE '%%' || %(merchant)s || '%%') "
            "AND (%(lo)s::numeric IS NULL OR t.amount >= %(lo)s) AND (%(hi)s::numeric IS NULL OR t.amount <= %(hi)s) "
            f"ORDER BY {order_by}, t.transaction_id LIMIT %(limit)s",
            {"c": customer_id, "limit": limit, "until": None, **filters},
            as_dict=True,
        )

    async def complaints(self, customer_id: str) -> list[dict]:
        return await self._rows(
            "SELECT case_type, category, subcategory, reception_channel AS channel, priority, status, claimed_amount, "
            "currency, creation_date, first_response_date, resolution_date, closing_date FROM core.complaints "
            "WHERE customer_id = %s ORDER BY creation_date DESC",
            (customer_id,),
            as_dict=True,
        )

    async def exchange_rate(self, source: str, target: str, on: date) -> dict | None:
        rows = await self._rows(
            "SELECT date, exchange_rate, buy_rate, sell_rate FROM core.fx_rates WHERE source_currency = %s "
            "AND target_currency = %s AND date <= %s ORDER BY date DESC LIMIT 1",
            (source, target, on),
            as_dict=True,
        )
        return rows[0] if rows else None

    async def purchases_between(self, customer_id: str, start: date, end: date) -> list[Purchase]:
        """Approved purchases from the first day through the last, both included (the data_lookup skill)."""
        rows = await self._rows(
            "SELECT t.transaction_id, t.transaction_date, t.merchant_name, t.amount, t.currency, "
            "t.transaction_category, t.transaction_country, p.product_type, t.transaction_status "
            "FROM core.transactions t LEFT JOIN core.products p ON p.product_id = t.product_id "
            "AND p.customer_id = %(c)s WHERE t.customer_id = %(c)s AND t.transaction_type = 'Purchase' "
            "AND t.transaction_status = 'Approved' AND t.transaction_date >= %(start)s "
            "AND t.transaction_date < %(end)s::date + 1",
            {"c": customer_id, "start": start, "end": end},
        )
        return [Purchase(*r) for r in rows]
