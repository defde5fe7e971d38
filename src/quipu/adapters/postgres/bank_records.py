"""Reads of the bank's records for one customer. Every query filters by the customer inside its SQL."""

from datetime import date, datetime
from decimal import Decimal

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.connection import one_row
from quipu.domain.accounts import Product
from quipu.domain.evidence import (
    DUPLICATE_WINDOW_SECONDS,
    RATE_LOOKBACK_DAYS,
    SESSION_MARGIN,
    AppSession,
    Charge,
)
from quipu.domain.investigation_facts import InvestigationFacts
from quipu.domain.spending import Purchase

CHARGE_COLUMNS = (
    "transaction_id, transaction_date, merchant_name, amount, currency, transaction_status, transaction_country, "
    "transaction_city, channel, is_fraud, fraud_score"
)


def _charge(row) -> Charge:
    return Charge(*row)


def _charge_from_json(c: dict) -> Charge:
    return Charge(
        c["id"],
        datetime.fromisoformat(c["at"]),
        c["merchant"],
        Decimal(c["amount"]),
        c["currency"],
        c["status"],
        c["country"],
        c["city"],
        c["channel"],
        c["is_fraud"],
        Decimal(c["fraud_score"]) if c["fraud_score"] is not None else None,
    )


def _session_from_json(x: dict) -> AppSession:
    return AppSession(
        datetime.fromisoformat(x["started_at"]),
        datetime.fromisoformat(x["ended_at"]) if x["ended_at"] else None,
        x["platform"],
        x["city"],
        x["country"],
        x["had_login"],
    )


CHARGE_JSON = """json_build_object('id', {t}.transaction_id, 'at', {t}.transaction_date, 'merchant', {t}.merchant_name,
 'amount', {t}.amount::text, 'currency', {t}.currency, 'status', {t}.transaction_status, 'country', {t}.transaction_country,
 'city', {t}.transaction_city, 'channel', {t}.channel, 'is_fraud', {t}.is_fraud, 'fraud_score', {t}.fraud_score::text)"""
INVESTIGATION_FACTS = f"""
WITH picked AS (
    SELECT * FROM core.transactions
    WHERE customer_id = %(c)s
      AND CASE WHEN %(tid)s::text IS NOT NULL THEN transaction_id = %(tid)s
          ELSE transaction_type = 'Purchase' AND transaction_date >= %(since)s
               AND (%(m)s::text IS NULL OR merchant_name ILIKE '%%' || %(m)s || '%%')
               AND (%(lo)s::numeric IS NULL OR amount >= %(lo)s) AND (%(hi)s::numeric IS NULL OR amount <= %(hi)s)
          END
    ORDER BY transaction_date DESC, transaction_id LIMIT %(limit)s
), checked AS (SELECT * FROM picked ORDER BY transaction_date DESC, transaction_id LIMIT 3)
SELECT
  (SELECT country FROM core.customers WHERE customer_id = %(c)s),
  (SELECT json_agg({CHARGE_JSON.format(t="p")} ORDER BY p.transaction_date DESC, p.transaction_id) FROM picked p),
  (SELECT json_agg({CHARGE_JSON.format(t="n")}) FROM (
      SELECT DISTINCT ON (t.transaction_id) t.* FROM checked k JOIN core.transactions t
      ON t.customer_id = %(c)s AND t.transaction_date BETWEEN k.transaction_date - make_interval(secs => %(window)s)
                                                    AND k.transaction_date + make_interval(secs => %(window)s)) n),
  (SELECT json_agg(json_build_object('started_at', s.started_at, 'ended_at', s.ended_at, 'platform', s.platform,
                                     'city', s.ip_city, 'country', s.ip_country, 'had_login', s.had_login))
   FROM core.app_sessions s WHERE s.customer_id = %(c)s AND EXISTS (
      SELECT 1 FROM checked k WHERE s.started_at <= k.transaction_date + make_interval(mins => %(margin)s)
        AND coalesce(s.ended_at, s.started_at) >= k.transaction_date - make_interval(mins => %(margin)s))),
  (SELECT json_agg(json_build_object('currency', k.currency, 'day', k.transaction_date::date, 'rate', r.exchange_rate::text,
                                     'on', r.date))
   FROM (SELECT DISTINCT currency, transaction_date::date AS transaction_date FROM checked
         WHERE currency <> 'USD') k
   CROSS JOIN LATERAL (SELECT exchange_rate, date FROM core.fx_rates WHERE source_currency = k.currency
        AND target_currency = 'USD' AND date <= k.transaction_date AND date > k.transaction_date - %(back)s
        ORDER BY date DESC LIMIT 1) r)
"""


class PgBankRecords:
    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

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
            f"SELECT {CHARGE_COLUMNS} FROM core.transactions WHERE customer_id = %(c)s AND transaction_date >= %(since)s "
            "AND transaction_type = 'Purchase' "
            "AND (%(m)s::text IS NULL OR merchant_name ILIKE '%%' || %(m)s || '%%') "
            "AND (%(lo)s::numeric IS NULL OR amount >= %(lo)s) AND (%(hi)s::numeric IS NULL OR amount <= %(hi)s) "
            "ORDER BY transaction_date DESC, transaction_id LIMIT %(limit)s",
            {"c": customer_id, "since": since, "m": merchant, "lo": min_amount, "hi": max_amount, "limit": limit},
        )
        return [_charge(r) for r in rows]

    async def investigation_facts(
        self,
        customer_id: str,
        *,
        since: datetime | None,
        merchant: str | None,
        min_amount: Decimal | None,
        max_amount: Decimal | None,
        transaction_id: str | None,
        limit: int,
    ) -> InvestigationFacts:
        """Candidates, neighbours within the duplicate window, overlapping sessions, the customer's
        country and reference USD rates: every check's input in one round trip."""
        params = {
            "c": customer_id,
            "since": since,
            "m": merchant,
            "lo": min_amount,
            "hi": max_amount,
            "tid": transaction_id,
            "limit": limit,
            "window": DUPLICATE_WINDOW_SECONDS,
            "margin": int(SESSION_MARGIN.total_seconds() // 60),
            "back": RATE_LOOKBACK_DAYS,
        }
        async with self.pool.connection() as conn:
            row = await (await conn.execute(INVESTIGATION_FACTS, params)).fetchone()
        home, picked, near, sessions, rates = one_row(row)  # json columns arrive parsed
        return InvestigationFacts(
            candidates=[_charge_from_json(c) for c in picked or []],
            home_country=home,
            neighbours=[_charge_from_json(c) for c in near or []],
            sessions=[_session_from_json(x) for x in sessions or []],
            usd_rates={
                (r["currency"], date.fromisoformat(r["day"])): (Decimal(r["rate"]), date.fromisoformat(r["on"]))
                for r in rates or []
            },
        )

    async def home_country(self, customer_id: str) -> str | None:
        rows = await self._rows("SELECT country FROM core.customers WHERE customer_id = %s", (customer_id,))
        return rows[0][0] if rows else None

    async def charge(self, customer_id: str, transaction_id: str) -> Charge | None:
        rows = await self._rows(
            f"SELECT {CHARGE_COLUMNS} FROM core.transactions WHERE customer_id = %s AND transaction_id = %s",
            (customer_id, transaction_id),
        )
        return _charge(rows[0]) if rows else None

    async def charges_near(self, customer_id: str, charges: list[Charge], seconds: int) -> list[Charge]:
        """Every charge of the customer within `seconds` of any of the given ones."""
        if not charges:
            return []
        rows = await self._rows(
            f"SELECT DISTINCT ON (t.transaction_id) {', '.join('t.' + c.strip() for c in CHARGE_COLUMNS.split(','))} "
            "FROM unnest(%(at)s::timestamp[]) AS a(at) JOIN core.transactions t ON t.customer_id = %(c)s "
            "AND t.transaction_date BETWEEN a.at - make_interval(secs => %(s)s) AND a.at + make_interval(secs => %(s)s)",
            {"c": customer_id, "at": [c.at for c in charges], "s": seconds},
        )
        return [_charge(r) for r in rows]

    async def usd_rates(self, currency: str, days: list[date], lookback_days: int) -> dict[date, tuple[Decimal, date]]:
        """For each day, the latest rate currency→USD on or before it within the lookback."""
        if currency == "USD":
            return {d: (Decimal("1"), d) for d in days}
        rows = await self._rows(
            "SELECT d.day, r.exchange_rate, r.date FROM unnest(%(days)s::date[]) AS d(day) "
            "CROSS JOIN LATERAL (SELECT exchange_rate, date FROM core.fx_rates WHERE source_currency = %(cur)s "
            "AND target_currency = 'USD' AND date <= d.day AND date > d.day - %(back)s ORDER BY date DESC LIMIT 1) r",
            {"days": days, "cur": currency, "back": lookback_days},
        )
        return {day: (rate, on) for day, rate, on in rows}

    async def sessions_around(self, customer_id: str, moments: list[datetime], margin_minutes: int) -> list[AppSession]:
        if not moments:
            return []
        rows = await self._rows(
            "SELECT DISTINCT s.started_at, s.ended_at, s.platform, s.ip_city, s.ip_country, s.had_login "
            "FROM unnest(%(at)s::timestamp[]) AS a(at) JOIN core.app_sessions s ON s.customer_id = %(c)s "
            "AND s.started_at <= a.at + make_interval(mins => %(m)s) "
            "AND coalesce(s.ended_at, s.started_at) >= a.at - make_interval(mins => %(m)s) ORDER BY s.started_at",
            {"c": customer_id, "at": moments, "m": margin_minutes},
        )
        return [AppSession(*r) for r in rows]

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
            "t.merchant_name AS merchant, t.transaction_category AS category, t.channel, t.transaction_status AS status, "
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
