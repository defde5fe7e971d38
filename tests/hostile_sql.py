"""Queries with hostile names, aliases, literals and comments (hypothesis strategies), for the property
that what the guard renders is what it checked (`sql_reparse.py`)."""

from hypothesis import strategies as st

TABLE_COLUMNS = {
    "transactions": ["transaction_id", "merchant_name", "amount", "currency", "transaction_city"],
    "customers": ["customer_id", "first_name", "city", "email"],
    "products": ["product_id", "product_type", "current_balance"],
    "complaints": ["complaint_id", "status"],
    "fx_rates": ["source_currency", "target_currency", "exchange_rate"],
    "service_billers": ["biller_id", "biller_name"],
}
# Text an attacker would put in a name: the end of a quote, a second statement, comments, the placeholder.
PAYLOADS = [
    "c UNION ALL SELECT count(*)::text FROM core.customers --",
    'x" UNION SELECT usename FROM pg_user --',
    "t; SELECT pg_terminate_backend(1)",
    "a */ UNION SELECT 1 /*",
    "q) UNION (SELECT 1",
    "%(customer)s",
    "quipu_scope",
    "T",
    "Customers",
    "pg_catalog.pg_authid",
    "x\nUNION SELECT 1",
    "ñandú á",
    "$$ UNION SELECT 1 $$",
    "' OR '1'='1",
    "a\\' UNION SELECT 1 --",
    "\\",
]
_NAME_CHARS = st.characters(codec="utf-8", exclude_characters="\x00", exclude_categories=("Cs",))
SAFE_WORD = st.from_regex(r"\A[a-z][a-z0-9_]{0,6}\Z")


def quote_identifier(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def quote_literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


@st.composite
def hostile_names(draw) -> str:
    return draw(st.one_of(st.sampled_from(PAYLOADS), st.text(_NAME_CHARS, min_size=1, max_size=24)))


@st.composite
def aliases(draw) -> str:
    """Written as an attacker would: quoted with any text inside, or a bare word."""
    if draw(st.booleans()):
        return quote_identifier(draw(hostile_names()))
    return draw(SAFE_WORD)


@st.composite
def literals(draw) -> str:
    """Standard strings (backslash is a character), escape strings, dollar quotes."""
    text = draw(hostile_names())
    form = draw(st.sampled_from(["standard", "escape", "dollar"]))
    if form == "escape":
        return "E'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"
    if form == "dollar" and "$" not in text:
        return f"$q${text}$q$"
    return quote_literal(text)


@st.composite
def comments(draw) -> str:
    body = draw(st.one_of(st.sampled_from(PAYLOADS), st.text(_NAME_CHARS, max_size=20)))
    if draw(st.booleans()):
        return " /* " + body.replace("*/", "* /").replace("/*", "/ *") + " */ "
    return " -- " + body.replace("\n", " ").replace("\r", " ") + "\n"


@st.composite
def gaps(draw) -> str:
    return draw(comments()) if draw(st.integers(0, 3)) == 0 else " "


@st.composite
def table_refs(draw, table: str) -> str:
    return draw(st.sampled_from([table, f"core.{table}", quote_identifier(table), f'"core".{quote_identifier(table)}']))


@st.composite
def selects(draw) -> str:
    table = draw(st.sampled_from(sorted(TABLE_COLUMNS)))
    column = draw(st.sampled_from(TABLE_COLUMNS[table]))
    alias = draw(aliases())
    g = draw(gaps())
    literal = draw(literals())
    shape = draw(st.sampled_from(["plain", "where", "subquery", "cte", "scalar", "exists", "join", "cast"]))
    ref = draw(table_refs(table))
    return {
        "plain": f"SELECT{g}{alias}.{column} FROM {ref} AS{g}{alias}",
        "where": f"SELECT {column} FROM {ref} {alias} WHERE{g}{column}::text <> {literal}",
        "subquery": f"SELECT {alias}.{column} FROM (SELECT {column} FROM {ref}){g}AS {alias}",
        "cte": f"WITH {alias} AS (SELECT {column} FROM {ref}) SELECT {column}{g}FROM {alias}",
        "scalar": f"SELECT (SELECT count(*) FROM {ref} AS {alias}){g}AS n FROM {ref}",
        "exists": f"SELECT 1 FROM {ref} WHERE EXISTS (SELECT 1 FROM {ref} {alias} WHERE {alias}.{column} IS NULL)",
        "join": f"SELECT {alias}.{column} FROM {ref} AS {alias} JOIN fx_rates r{g}ON r.source_currency = {literal}",
        "cast": f"SELECT {column}::text AS {alias} FROM {ref} WHERE {column}::text LIKE {literal}",
    }[shape]


@st.composite
def queries(draw) -> str:
    first = draw(selects())
    if draw(st.integers(0, 4)) == 0:
        second = draw(selects())
        return f"{first} UNION ALL ({second})" if second.startswith("WITH") else f"{first} UNION ALL {second}"
    return first
