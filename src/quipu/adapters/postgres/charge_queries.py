"""The SQL of charges and of the investigation's one round trip, and how its rows and JSON become domain values."""

from datetime import datetime
from decimal import Decimal

from quipu.domain.evidence import AppSession, Charge

CHARGE_COLUMNS = (
    "transaction_id, transaction_date, merchant_name, amount, currency, transaction_status, transaction_country, "
    "transaction_city, channel, is_fraud, fraud_score"
)


def charge_of(row) -> Charge:
    return Charge(*row)


def charge_from_json(c: dict) -> Charge:
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


def session_from_json(x: dict) -> AppSession:
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
