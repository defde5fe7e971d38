"""Expected facts, read from the bank's database by code: what a right reply to a conversation turn must say.

Every figure here comes from a query over `core`; nothing is typed by hand in the conversation files."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from quipu.domain.dataset import AS_OF
from quipu.evaluation.conversations import FactSpec

PRODUCT_TYPES = {
    "savings": ("Cuenta Ahorro",),
    "checking": ("Cuenta Corriente",),
    "accounts": ("Cuenta Ahorro", "Cuenta Corriente"),
    "usd_account": ("Cuenta Ahorro", "Cuenta Corriente"),
    "credit_card": ("Tarjeta Crédito",),
    "debit_card": ("Tarjeta Débito",),
    "loan": ("Préstamo Personal", "Préstamo Hipotecario"),
    "cards_and_loans": ("Tarjeta Crédito", "Préstamo Personal", "Préstamo Hipotecario"),
    None: ("Cuenta Ahorro", "Cuenta Corriente", "Tarjeta Crédito", "Préstamo Personal", "Préstamo Hipotecario"),
}
STATUS_WORDS = {
    "Pending": ("pendiente", "pendente", "pending"),
    "Reversed": ("revert", "revers", "estorn", "devuelt", "anulad", "cancelad"),
    "Open": ("abiert", "abert", "open"),
    "In Process": ("proceso", "andamento", "analisis", "analise", "process"),
    "Escalated": ("escalad",),
    "Resolved": ("resuelt", "resolvid", "resolved"),
    "Closed": ("cerrad", "fechad", "encerrad", "closed"),
    "Rejected": ("rechazad", "rejeitad", "rejected"),
}
DUPLICATE_WINDOW_SECONDS = 600


@dataclass(frozen=True)
class Expected:
    """One thing the reply must say: a figure (any of `values`, compared by value) or words (any of them)."""

    label: str
    kind: str  # figure or words
    values: tuple[str, ...]


def figure(label: str, *values) -> Expected:
    return Expected(label, "figure", tuple(str(v) for v in values))


def words(label: str, *values: str) -> Expected:
    return Expected(label, "words", tuple(values))


def merchant_words(name: str) -> Expected:
    """The merchant as the customer would recognise it: its full name, or its first word when distinctive."""
    first = name.split()[0].split(".")[0]  # "Booking.com" is shown as the name of its domain, "Booking"
    return words(f"merchant {name}", *((name, first) if len(first) >= 4 else (name,)))


def period_bounds(period: str | None) -> tuple[datetime, datetime]:
    """[start, end) of a named period; "last N days" ends with the dataset's last day (inclusive)."""
    if period is None:
        raise ValueError("this fact needs a period")
    end_of_data = datetime.combine(AS_OF + timedelta(days=1), datetime.min.time())
    if period.startswith("last_") and period.endswith("_days"):
        days = int(period.split("_")[1])
        return datetime.combine(AS_OF - timedelta(days=days - 1), datetime.min.time()), end_of_data
    if period == "this_month":
        return datetime(AS_OF.year, AS_OF.month, 1), end_of_data
    first = date(AS_OF.year, AS_OF.month, 1) - timedelta(days=1) if period == "last_month" else None
    year, month = (first.year, first.month) if first else map(int, period.split(":")[1].split("-"))
    start = datetime(year, month, 1)
    return start, datetime(year + month // 12, month % 12 + 1, 1)


PURCHASES = (
    "FROM core.transactions WHERE customer_id = %(c)s AND transaction_type = 'Purchase' "
    "AND transaction_status = 'Approved' AND transaction_date >= %(start)s AND transaction_date < %(end)s"
)


def _rows(conn, sql: str, **params) -> list[tuple]:
    return conn.execute(sql, params).fetchall()


def balances(conn, cid: str, spec: FactSpec) -> list[Expected]:
    currency = "USD" if spec.product == "usd_account" else None
    rows = _rows(
        conn,
        "SELECT product_type, product_number_last4, current_balance, currency FROM core.products "
        "WHERE customer_id = %(c)s AND product_status = 'Active' AND product_type = ANY(%(t)s) "
        "AND (%(cur)s::text IS NULL OR currency = %(cur)s) ORDER BY product_id",
        c=cid, t=list(PRODUCT_TYPES[spec.product]), cur=currency,
    )  # fmt: skip
    return [figure(f"balance of {kind} {last4}", amount) for kind, last4, amount, _ in rows]


def _billing(conn, cid: str, spec: FactSpec, column: str) -> list[Expected]:
    types = PRODUCT_TYPES[spec.product or "cards_and_loans"]
    rows = _rows(
        conn,
        f"SELECT p.product_type, p.product_number_last4, b.{column}, p.current_balance FROM core.billing b "
        "JOIN core.products p USING (product_id) WHERE b.customer_id = %(c)s AND p.product_status = 'Active' "
        "AND p.product_type = ANY(%(t)s) AND p.current_balance > 0 ORDER BY p.product_id",
        c=cid, t=list(types),
    )  # fmt: skip
    return [figure(f"{column} of {kind} {last4}", value) for kind, last4, value, _ in rows if value is not None]


def debt(conn, cid: str, spec: FactSpec) -> list[Expected]:
    rows = _rows(
        conn,
        "SELECT product_type, product_number_last4, current_balance FROM core.products WHERE customer_id = %(c)s "
        "AND product_status = 'Active' AND product_type = ANY(%(t)s) AND current_balance > 0 ORDER BY product_id",
        c=cid, t=list(PRODUCT_TYPES[spec.product or "cards_and_loans"]),
    )  # fmt: skip
    return [figure(f"debt of {kind} {last4}", balance) for kind, last4, balance in rows]


def duplicate_pair(conn, cid: str, spec: FactSpec) -> list[Expected]:
    row = conn.execute(
        "SELECT a.merchant_name, a.amount, b.transaction_date, "
        "extract(epoch FROM b.transaction_date - a.transaction_date)::int FROM core.transactions a "
        "JOIN core.transactions b ON b.customer_id = a.customer_id AND b.merchant_name = a.merchant_name "
        "AND b.amount = a.amount AND b.currency = a.currency AND b.transaction_date > a.transaction_date "
        "AND b.transaction_date <= a.transaction_date + make_interval(secs => %(w)s) "
        "WHERE a.customer_id = %(c)s AND a.transaction_status IN ('Approved', 'Pending') "
        "AND b.transaction_status IN ('Approved', 'Pending') ORDER BY b.transaction_date DESC LIMIT 1",
        {"c": cid, "w": DUPLICATE_WINDOW_SECONDS},
    ).fetchone()
    if row is None:
        raise LookupError(f"{cid} has no duplicate pair")
    merchant, amount, at, seconds = row
    return [merchant_words(merchant), figure("amount of each charge", amount), figure("seconds apart", seconds)]


def charge(conn, cid: str, spec: FactSpec) -> list[Expected]:
    row = conn.execute(
        "SELECT merchant_name, amount, transaction_status FROM core.transactions WHERE customer_id = %(c)s "
        "AND merchant_name ILIKE %(m)s ORDER BY transaction_date DESC LIMIT 1",
        {"c": cid, "m": f"%{spec.merchant}%"},
    ).fetchone()
    if row is None:
        raise LookupError(f"{cid} has no charge at {spec.merchant}")
    merchant, amount, status = row
    found = [merchant_words(merchant), figure(f"amount of the {merchant} charge", amount)]
    return found + ([words(f"status {status}", *STATUS_WORDS[status])] if spec.status else [])


def _merchant_per_currency(
    conn, cid: str, period: str | None, select: str, label: Callable[[str], str]
) -> list[Expected]:
    """One merchant and its amount in each currency (amounts never compared across them): its name and figure."""
    start, end = period_bounds(period)
    rows = _rows(conn, f"SELECT DISTINCT ON (currency) merchant_name, {select}", c=cid, start=start, end=end)
    return [e for merchant, amount in rows for e in (merchant_words(merchant), figure(label(merchant), amount))]


def largest_purchase(conn, cid: str, spec: FactSpec) -> list[Expected]:
    """The largest approved purchase of the period in each currency."""
    select = f"amount {PURCHASES} ORDER BY currency, amount DESC, transaction_date DESC"
    return _merchant_per_currency(conn, cid, spec.period, select, lambda _: "largest purchase")


def _totals(conn, cid: str, period: str | None, extra: str = "", **params) -> list[tuple[str, Decimal]]:
    start, end = period_bounds(period)
    return _rows(
        conn, f"SELECT currency, sum(amount) {PURCHASES} {extra} GROUP BY currency ORDER BY currency",
        c=cid, start=start, end=end, **params,
    )  # fmt: skip


def spending_total(conn, cid: str, spec: FactSpec) -> list[Expected]:
    return [figure(f"spent in {spec.period} ({cur})", total) for cur, total in _totals(conn, cid, spec.period)]


def spending_category(conn, cid: str, spec: FactSpec) -> list[Expected]:
    found = _totals(conn, cid, spec.period, "AND transaction_category = %(cat)s", cat=spec.category)
    return [figure(f"{spec.category} in {spec.period} ({cur})", total) for cur, total in found]


def spending_merchant(conn, cid: str, spec: FactSpec) -> list[Expected]:
    found = _totals(conn, cid, spec.period, "AND merchant_name ILIKE %(m)s", m=f"%{spec.merchant}%")
    return [figure(f"{spec.merchant} in {spec.period} ({cur})", total) for cur, total in found]


def top_merchant(conn, cid: str, spec: FactSpec) -> list[Expected]:
    """The merchant with the most spent in the period, in each currency."""
    select = (
        f"sum(amount) {PURCHASES} GROUP BY currency, merchant_name ORDER BY currency, sum(amount) DESC, merchant_name"
    )
    return _merchant_per_currency(conn, cid, spec.period, select, lambda merchant: f"spent at {merchant}")


def movements(conn, cid: str, spec: FactSpec) -> list[Expected]:
    start, end = period_bounds(spec.period)
    order = "amount DESC" if spec.order == "largest" else "transaction_date DESC"
    rows = _rows(
        conn,
        "SELECT merchant_name, amount FROM core.transactions WHERE customer_id = %(c)s "
        "AND transaction_date >= %(start)s AND transaction_date < %(end)s "
        "AND (%(m)s::text IS NULL OR merchant_name ILIKE %(m)s) "
        "AND (%(cat)s::text IS NULL OR transaction_category = %(cat)s) AND (%(lo)s::numeric IS NULL OR amount >= "
        "%(lo)s) "
        "AND (NOT %(buys)s OR (transaction_type = 'Purchase' AND transaction_status = 'Approved')) "
        f"ORDER BY {order}, transaction_id LIMIT %(top)s",
        c=cid, start=start, end=end, m=f"%{spec.merchant}%" if spec.merchant else None, cat=spec.category,
        lo=spec.min_amount, buys=spec.purchases, top=spec.top,
    )  # fmt: skip
    return [figure(f"movement at {merchant}", amount) for merchant, amount in rows]


def compare_periods(conn, cid: str, spec: FactSpec) -> list[Expected]:
    return [
        figure(f"spent in {period} ({cur})", total)
        for period in spec.periods or ()
        for cur, total in _totals(conn, cid, period)
    ]


def exchange_rate(conn, cid: str, spec: FactSpec) -> list[Expected]:
    row = conn.execute(
        "SELECT exchange_rate FROM core.fx_rates WHERE source_currency = %s AND target_currency = %s "
        "AND date <= %s ORDER BY date DESC LIMIT 1",
        (spec.source, spec.target, AS_OF),
    ).fetchone()
    if row is None:
        raise LookupError(f"no {spec.source}/{spec.target} rate")
    rate = row[0]
    roundings = {rate.quantize(Decimal(1).scaleb(-places)) for places in range(2, 7)}
    return [figure(f"{spec.source}/{spec.target} rate", *sorted(roundings | {rate}))]


def complaints(conn, cid: str, spec: FactSpec) -> list[Expected]:
    rows = _rows(
        conn, "SELECT status FROM core.complaints WHERE customer_id = %(c)s ORDER BY creation_date DESC", c=cid
    )
    open_now = sum(1 for (status,) in rows if status in ("Open", "In Process", "Escalated"))
    found = [figure("open complaints", open_now)] if open_now else []
    return found + ([words(f"latest status {rows[0][0]}", *STATUS_WORDS[rows[0][0]])] if rows else [])


def bills(conn, cid: str, spec: FactSpec) -> list[Expected]:
    rows = _rows(
        conn, "SELECT amount FROM core.service_bills WHERE customer_id = %(c)s AND status = 'pending' "
        "ORDER BY due_date", c=cid,
    )  # fmt: skip
    return [figure("pending bill", amount) for (amount,) in rows]


def ending(conn, cid: str, spec: FactSpec) -> list[Expected]:
    rows = _rows(
        conn,
        "SELECT product_number_last4 FROM core.products WHERE customer_id = %(c)s AND product_status = 'Active' "
        "AND product_type = ANY(%(t)s) ORDER BY product_id",
        c=cid, t=list(PRODUCT_TYPES[spec.product]),
    )  # fmt: skip
    return [figure(f"ending {last4}", last4) for (last4,) in rows]


RESOLVERS: dict[str, Callable] = {
    "balances": balances,
    "debt": debt,
    "due_date": lambda conn, cid, spec: _billing(conn, cid, spec, "due_date"),
    "minimum_payment": lambda conn, cid, spec: _billing(conn, cid, spec, "minimum_payment"),
    "duplicate_pair": duplicate_pair,
    "charge": charge,
    "largest_purchase": largest_purchase,
    "spending_total": spending_total,
    "spending_category": spending_category,
    "spending_merchant": spending_merchant,
    "top_merchant": top_merchant,
    "movements": movements,
    "compare_periods": compare_periods,
    "exchange_rate": exchange_rate,
    "complaints": complaints,
    "bills": bills,
    "ending": ending,
}


def resolve(conn, customer_id: str, specs: list[FactSpec]) -> list[Expected]:
    """Every expected fact of a turn, for this customer, from the database."""
    return [e for spec in specs for e in RESOLVERS[spec.fact](conn, customer_id, spec)]
