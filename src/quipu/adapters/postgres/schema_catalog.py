"""The catalog the model reads before writing SQL, generated from the tables' and columns' comments."""

from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.connection import connect
from quipu.bank_data.format import CORE_TABLES
from quipu.domain.sql_columns import CoreColumns
from quipu.domain.sql_scope import OWNED, REFERENCE

GUIDANCE = """\
Rules for run_sql:
- Write one PostgreSQL SELECT. Never filter by customer: every table of yours is already only your rows.
- Dates: use PostgreSQL functions (date_trunc, extract, to_char, age, intervals); strftime, date_format
  and julianday do not exist. The data ends on 2026-06-18: count "last N days" back from that day
  (DATE '2026-06-18' - INTERVAL 'N days'), never from now().
- Name columns plainly (column, or alias.column) and alias computed outputs you refer to later; a name
  that is not a column of the table, CTE or subquery it names is refused, and so is (expression).name.
- Match names with ILIKE '%text%'. Amounts are always positive. Spending means Approved purchases
  (transaction_type = 'Purchase' AND transaction_status = 'Approved'), grouped by currency: never add
  different currencies. For "today's rate" take the latest fx_rates row.
- Complaint description and resolution are templates, not the customer's words.
- At most 100 rows come back; aggregate when you can.
"""

COLUMNS = """
SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), col_description(c.oid, a.attnum),
       obj_description(c.oid, 'pg_class')
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE n.nspname = 'core' AND c.relkind = 'r' AND c.relname = ANY(%s)
ORDER BY c.relname, a.attnum
"""


async def describe_core(pool: AsyncConnectionPool) -> str:
    async with pool.connection() as conn:
        rows = await (await conn.execute(COLUMNS, (sorted(OWNED | REFERENCE),))).fetchall()
    tables: dict[str, list[str]] = {}
    comments: dict[str, str] = {}
    for table, column, kind, column_comment, table_comment in rows:
        comments[table] = table_comment or ""
        line = f"  - {column} ({kind})" + (f": {column_comment}" if column_comment else "")
        tables.setdefault(table, []).append(line)
    parts = [GUIDANCE]
    for table in sorted(tables):
        whose = "your rows only" if table in OWNED else "reference data, the same for everyone"
        parts.append(f"core.{table} ({whose}): {comments[table]}\n" + "\n".join(tables[table]))
    return "\n\n".join(parts)


REAL_COLUMNS = """
SELECT c.relname, array_agg(a.attname::text)
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE n.nspname = 'core' AND c.relkind = 'r' AND c.relname = ANY(%s)
GROUP BY c.relname
"""


def core_columns() -> CoreColumns:
    """The guard's column sets from the committed description of core the loader copies by (a subset of the
    real columns: a test checks that none is missing from the database, so none can be a function)."""
    return CoreColumns({table: frozenset(CORE_TABLES[table]) for table in sorted(OWNED | REFERENCE)})


def read_core_columns(url: str) -> CoreColumns:
    """The guard's column sets as the database has them: what the service runs with."""
    with connect(url) as conn:
        rows = conn.execute(REAL_COLUMNS, (sorted(OWNED | REFERENCE),)).fetchall()
    return CoreColumns({table: frozenset(columns) for table, columns in rows})
