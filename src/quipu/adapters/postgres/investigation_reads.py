"""What an investigation reads, each check's SQL written once: together in one round trip, or each alone when that
fails, so one failing check is reported unavailable and the others still answer. The action gateway reads one
charge the same way, so its duplicate check is the investigation's own "charges within N seconds" query."""

import logging
from datetime import date, datetime
from decimal import Decimal

import psycopg
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.connection import one_row
from quipu.domain.evidence import DUPLICATE_WINDOW_SECONDS, RATE_LOOKBACK_DAYS, SESSION_MARGIN, AppSession, Charge
from quipu.domain.investigation_facts import InvestigationFacts, PickedCharges

log = logging.getLogger("quipu.investigation")


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
 'amount', {t}.amount::text, 'currency', {t}.currency, 'status', {t}.transaction_status,
 'country', {t}.transaction_country, 'city', {t}.transaction_city, 'channel', {t}.channel,
 'is_fraud', {t}.is_fraud, 'fraud_score', {t}.fraud_score::text)"""
# The charges an investigation (or an action on one charge) looks at: one by id, or the newest matching purchases.
PICKED = """
WITH picked AS (
    SELECT * FROM core.transactions
    WHERE customer_id = %(c)s
      AND CASE WHEN %(tid)s::text IS NOT NULL THEN transaction_id = %(tid)s
          ELSE transaction_type = 'Purchase' AND transaction_date >= %(since)s
               AND (%(m)s::text IS NULL OR merchant_name ILIKE '%%' || %(m)s || '%%')
               AND (%(lo)s::numeric IS NULL OR amount >= %(lo)s) AND (%(hi)s::numeric IS NULL OR amount <= %(hi)s)
          END
    ORDER BY transaction_date DESC, transaction_id LIMIT %(limit)s
), checked AS (SELECT * FROM picked ORDER BY transaction_date DESC, transaction_id LIMIT %(checked)s)"""
# Each check's input, written once. Together they are one round trip; when that fails, each runs alone so a failing
# check is reported unavailable and the others still answer. "duplicate" is the one "charges within N seconds" query.
CHECKS = {
    "candidates": f"""(SELECT json_agg({CHARGE_JSON.format(t="p")} ORDER BY p.transaction_date DESC, p.transaction_id)
   FROM picked p)""",
    "customer_country": "(SELECT country FROM core.customers WHERE customer_id = %(c)s)",
    "duplicate": f"""(SELECT json_agg({CHARGE_JSON.format(t="n")}) FROM (
      SELECT DISTINCT ON (t.transaction_id) t.* FROM checked k JOIN core.transactions t
      ON t.customer_id = %(c)s AND t.transaction_date BETWEEN k.transaction_date - make_interval(secs => %(window)s)
                                                    AND k.transaction_date + make_interval(secs => %(window)s)) n)""",
    "own_app_session": """(SELECT json_agg(json_build_object('started_at', s.started_at, 'ended_at', s.ended_at,
      'platform', s.platform, 'city', s.ip_city, 'country', s.ip_country, 'had_login', s.had_login))
   FROM core.app_sessions s WHERE s.customer_id = %(c)s AND EXISTS (
      SELECT 1 FROM checked k WHERE s.started_at <= k.transaction_date + make_interval(mins => %(margin)s)
        AND coalesce(s.ended_at, s.started_at) >= k.transaction_date - make_interval(mins => %(margin)s)))""",
    "usd_rate": """(SELECT json_agg(json_build_object('currency', k.currency, 'day', k.transaction_date::date,
      'rate', r.exchange_rate::text, 'on', r.date))
   FROM (SELECT DISTINCT currency, transaction_date::date AS transaction_date FROM checked
         WHERE currency <> 'USD') k
   CROSS JOIN LATERAL (SELECT exchange_rate, date FROM core.fx_rates WHERE source_currency = k.currency
        AND target_currency = 'USD' AND date <= k.transaction_date AND date > k.transaction_date - %(back)s
        ORDER BY date DESC LIMIT 1) r)""",
}


def checks_statement(names: list[str]) -> str:
    return PICKED + "\nSELECT " + ",\n  ".join(CHECKS[name] for name in names)


def _facts_from(found: dict, unavailable: list[str]) -> InvestigationFacts:
    """JSON columns arrive parsed; a check in `unavailable` stays None (unknown), never empty."""

    def read(name, convert):
        return None if name in unavailable else convert(found.get(name) or [])

    return InvestigationFacts(
        candidates=[_charge_from_json(c) for c in found.get("candidates") or []],
        home_country=found.get("customer_country"),
        neighbours=read("duplicate", lambda rows: [_charge_from_json(c) for c in rows]),
        sessions=read("own_app_session", lambda rows: [_session_from_json(x) for x in rows]),
        usd_rates=read(
            "usd_rate",
            lambda rows: {
                (r["currency"], date.fromisoformat(r["day"])): (Decimal(r["rate"]), date.fromisoformat(r["on"]))
                for r in rows
            },
        ),
        unavailable=unavailable,
    )


async def gather_facts(pool: AsyncConnectionPool, customer_id: str, picked: PickedCharges) -> InvestigationFacts:
    """Every check's input for the picked charges, in one round trip; when that fails, each check on its own,
    and one that still fails is listed unavailable. The candidates themselves must answer."""
    params = {
        "c": customer_id,
        "tid": picked.transaction_id,
        "since": picked.since,
        "m": picked.merchant,
        "lo": picked.min_amount,
        "hi": picked.max_amount,
        "limit": picked.limit,
        "checked": picked.checked,
        "window": DUPLICATE_WINDOW_SECONDS,
        "margin": int(SESSION_MARGIN.total_seconds() // 60),
        "back": RATE_LOOKBACK_DAYS,
    }
    names = list(CHECKS)
    try:
        return _facts_from(dict(zip(names, await _check(pool, names, params), strict=True)), [])
    except psycopg.Error as error:
        log.warning("combined investigation lookup failed; checking one by one", exc_info=error)
    found, unavailable = {}, []
    for name in names:
        try:
            (found[name],) = await _check(pool, [name], params)
        except psycopg.Error as error:
            if name == "candidates":
                raise
            log.warning("lookup %s failed", name, exc_info=error)
            unavailable.append(name)
    return _facts_from(found, unavailable)


async def _check(pool: AsyncConnectionPool, names: list[str], params: dict) -> tuple:
    async with pool.connection() as conn:
        return one_row(await (await conn.execute(checks_statement(names), params)).fetchone())
