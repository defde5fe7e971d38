"""The text-to-SQL guard, pinned by a table of accepted and refused queries."""

import re

import pytest

from quipu.bank_data.format import CORE_TABLES
from quipu.domain.sql_columns import CoreColumns
from quipu.domain.sql_scope import HIDDEN, OWNED, REFERENCE, Guarded, Refused
from quipu.domain.sql_scope import guard as guard_with
from sql_reparse import assert_renders_what_it_checked

COLUMNS = CoreColumns(
    {table: frozenset(CORE_TABLES[table]) for table in sorted(OWNED | REFERENCE)}
)  # as core_columns()


def guard(sql: str):
    return guard_with(sql, COLUMNS)


ACCEPTED = [
    "SELECT count(*) FROM transactions",
    "SELECT * FROM core.transactions",
    "select amount from TRANSACTIONS",
    "SELECT amount FROM Core.Transactions",
    "SELECT t.amount FROM transactions t",
    "SELECT t.amount FROM transactions AS t",
    "SELECT core.transactions.amount FROM core.transactions",
    "SELECT transactions.amount FROM transactions",
    "SELECT sum(amount), currency FROM transactions GROUP BY currency",
    "SELECT currency, sum(amount) FROM transactions WHERE transaction_status = 'Approved' GROUP BY 1 ORDER BY 2 DESC",
    "SELECT merchant_name, count(*) FROM transactions GROUP BY merchant_name HAVING count(*) > 2",
    "SELECT * FROM transactions WHERE merchant_name ILIKE '%uber%'",
    "SELECT * FROM transactions WHERE merchant_name LIKE 'Ub_r%'",
    "SELECT * FROM transactions WHERE merchant_name NOT ILIKE '%amazon%'",
    "SELECT * FROM transactions ORDER BY transaction_date DESC LIMIT 5",
    "SELECT * FROM transactions LIMIT 10 OFFSET 5",
    "SELECT DISTINCT merchant_name FROM transactions",
    "SELECT DISTINCT ON (merchant_name) merchant_name, amount FROM transactions ORDER BY merchant_name, amount DESC",
    "SELECT date_trunc('month', transaction_date) AS m, sum(amount) FROM transactions GROUP BY 1 ORDER BY 1",
    "SELECT extract(year FROM transaction_date), count(*) FROM transactions GROUP BY 1",
    "SELECT to_char(transaction_date, 'YYYY-MM') FROM transactions",
    "SELECT date_part('dow', transaction_date) FROM transactions",
    "SELECT age(DATE '2026-06-18', registration_date) FROM customers",
    "SELECT * FROM transactions WHERE transaction_date >= DATE '2026-06-18' - INTERVAL '30 days'",
    "SELECT * FROM transactions WHERE transaction_date BETWEEN '2026-05-01' AND '2026-06-18'",
    "SELECT * FROM transactions WHERE transaction_date::date = '2026-06-16'",
    "SELECT CAST(transaction_date AS date) FROM transactions",
    "SELECT amount::numeric(12,2) FROM transactions",
    "SELECT amount::text FROM transactions",
    "SELECT round(avg(amount), 2) FROM transactions",
    "SELECT min(amount), max(amount), stddev(amount) FROM transactions",
    "SELECT abs(amount), floor(amount), ceil(amount) FROM transactions",
    "SELECT coalesce(transaction_category, 'Other') FROM transactions",
    "SELECT nullif(amount, 0) FROM transactions",
    "SELECT greatest(amount, 10), least(amount, 10) FROM transactions",
    "SELECT lower(merchant_name), upper(merchant_name), length(merchant_name) FROM transactions",
    "SELECT substring(merchant_name from 1 for 3) FROM transactions",
    "SELECT trim(merchant_name), btrim(merchant_name), ltrim(merchant_name), rtrim(merchant_name) FROM transactions",
    "SELECT replace(merchant_name, ' ', '-') FROM transactions",
    "SELECT split_part(email, '@', 2) FROM customers",
    "SELECT initcap(first_name) FROM customers",
    "SELECT first_name || ' ' || last_name FROM customers",
    "SELECT concat(first_name, ' ', last_name) FROM customers",
    "SELECT string_agg(merchant_name, ', ') FROM transactions",
    "SELECT count(DISTINCT merchant_name) FROM transactions",
    "SELECT count(*) FILTER (WHERE amount > 100) FROM transactions",
    "SELECT CASE WHEN amount > 100 THEN 'big' ELSE 'small' END FROM transactions",
    "SELECT row_number() OVER (ORDER BY amount DESC), amount FROM transactions",
    "SELECT rank() OVER (PARTITION BY currency ORDER BY amount DESC) FROM transactions",
    "SELECT dense_rank() OVER (ORDER BY amount) FROM transactions",
    "SELECT amount - lag(amount) OVER (ORDER BY transaction_date) FROM transactions",
    "SELECT lead(amount) OVER (ORDER BY transaction_date) FROM transactions",
    "SELECT sum(amount) OVER (PARTITION BY currency) FROM transactions",
    "SELECT first_value(amount) OVER (ORDER BY transaction_date) FROM transactions",
    "SELECT ntile(4) OVER (ORDER BY amount) FROM transactions",
    "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY amount) FROM transactions",
    "SELECT * FROM fx_rates ORDER BY date DESC LIMIT 1",
    "SELECT exchange_rate FROM core.fx_rates WHERE source_currency = 'USD' AND target_currency = 'MXN'",
    "SELECT * FROM service_billers",
    "SELECT b.amount, s.name FROM service_bills b JOIN service_billers s ON s.biller_id = b.biller_id",
    "SELECT p.product_type, t.amount FROM transactions t JOIN products p ON p.product_id = t.product_id",
    "SELECT p.product_type, t.amount FROM transactions t LEFT JOIN products p USING (product_id)",
    "SELECT * FROM products p RIGHT JOIN billing b ON b.product_id = p.product_id",
    "SELECT * FROM products FULL OUTER JOIN billing USING (product_id)",
    "SELECT * FROM products CROSS JOIN fx_rates LIMIT 3",
    "SELECT * FROM transactions, products WHERE transactions.product_id = products.product_id",
    "SELECT * FROM customers NATURAL JOIN customer_service_summary",
    "SELECT (SELECT count(*) FROM transactions) AS n",
    "SELECT (SELECT max(amount) FROM transactions) - (SELECT min(amount) FROM transactions)",
    "SELECT * FROM transactions WHERE amount > (SELECT avg(amount) FROM transactions)",
    (
        "SELECT * FROM transactions WHERE product_id IN (SELECT product_id FROM products WHERE product_type = "
        "'Tarjeta Crédito')"
    ),
    "SELECT * FROM transactions t WHERE EXISTS (SELECT 1 FROM products p WHERE p.product_id = t.product_id)",
    (
        "SELECT * FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM complaints c WHERE c.affected_product_id = "
        "t.product_id)"
    ),
    "SELECT * FROM (SELECT * FROM transactions) AS sub",
    "SELECT * FROM (SELECT merchant_name, sum(amount) s FROM transactions GROUP BY 1) x WHERE s > 100",
    "WITH x AS (SELECT * FROM transactions) SELECT count(*) FROM x",
    (
        "WITH monthly AS (SELECT date_trunc('month', transaction_date) m, sum(amount) s FROM transactions GROUP BY 1) "
        "SELECT * FROM monthly"
    ),
    "WITH a AS (SELECT * FROM products), b AS (SELECT * FROM a) SELECT * FROM b",
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) SELECT * FROM n, fx_rates LIMIT 1",
    "SELECT amount FROM transactions UNION SELECT current_balance FROM products",
    "SELECT amount FROM transactions UNION ALL SELECT amount FROM transactions",
    "SELECT product_id FROM products INTERSECT SELECT product_id FROM billing",
    "SELECT product_id FROM products EXCEPT SELECT product_id FROM billing",
    (
        "(SELECT amount FROM transactions ORDER BY amount DESC LIMIT 1) UNION (SELECT amount FROM transactions ORDER "
        "BY amount LIMIT 1)"
    ),
    "SELECT * FROM transactions, LATERAL (SELECT * FROM products p WHERE p.product_id = transactions.product_id) x",
    (
        "SELECT * FROM products p JOIN LATERAL (SELECT count(*) FROM transactions t WHERE t.product_id = "
        "p.product_id) c ON true"
    ),
    "SELECT * FROM complaints WHERE status IN ('Open', 'In Process', 'Escalated')",
    "SELECT * FROM app_sessions WHERE had_login",
    "SELECT * FROM customer_service_summary",
    "SELECT * FROM billing WHERE due_date < DATE '2026-06-30'",
    "SELECT * FROM transactions -- a trailing comment",
    "SELECT /* inline comment */ amount FROM transactions",
    "SELECT amount FROM transactions WHERE merchant_name = 'Éxito'",
    "SELECT amount FROM transactions WHERE merchant_name = 'it''s'",
    "SELECT amount FROM transactions WHERE merchant_name = 'DROP TABLE customers'",
    "SELECT amount FROM transactions WHERE merchant_name = '; DELETE FROM core.transactions'",
    "SELECT amount FROM transactions WHERE merchant_name = $$x$$",
    'SELECT amount AS "Monto" FROM transactions',
    'SELECT "amount" FROM "transactions"',
    'SELECT "amount" FROM "core"."transactions"',
    "SELECT * FROM transactions WHERE customer_id = 'SOMEONE-ELSE'",
    "SELECT * FROM transactions WHERE customer_id <> 'x' OR true",
    "SELECT * FROM transactions WHERE 1 = 1",
    "SELECT * FROM transactions WHERE amount > 10 AND (channel = 'App' OR channel = 'Web')",
    "SELECT * FROM transactions WHERE transaction_category IS NULL",
    "SELECT * FROM transactions WHERE fraud_score >= 70",
    "SELECT now() - transaction_date FROM transactions",
    "SELECT current_date - transaction_date::date FROM transactions",
    "SELECT mod(CAST(amount AS int), 7) FROM transactions",
    "SELECT power(2, 3), sqrt(amount) FROM transactions",
    "SELECT bool_and(is_fraud), bool_or(is_fraud) FROM transactions",
    "SELECT left(merchant_name, 3), right(merchant_name, 3) FROM transactions",
    "SELECT position('a' IN merchant_name) FROM transactions",
    "SELECT * FROM transactions ORDER BY amount NULLS LAST",
    "SELECT * FROM transactions FETCH FIRST 3 ROWS ONLY",
]

REFUSED = [
    ("", "empty"),
    ("   ", "empty"),
    ("SELECT 1", "no_table"),
    ("SELECT now()", "no_table"),
    ("SELECT 1; SELECT 2", "not_one_statement"),
    ("SELECT * FROM transactions; DELETE FROM core.transactions", "not_one_statement"),
    ("SELECT * FROM transactions; SET statement_timeout = 0", "not_one_statement"),
    ("DELETE FROM core.transactions", "not_select"),
    ("UPDATE core.products SET current_balance = 1e9", "not_select"),
    ("INSERT INTO core.transactions SELECT * FROM core.transactions", "not_select"),
    ("DROP TABLE core.transactions", "not_select"),
    ("TRUNCATE core.transactions", "not_select"),
    ("ALTER TABLE core.transactions DISABLE ROW LEVEL SECURITY", "not_select"),
    ("CREATE TABLE core.x AS SELECT * FROM core.transactions", "not_select"),
    ("GRANT SELECT ON ops.actions TO dwh_reader", "not_select"),
    ("COPY core.transactions TO '/tmp/x'", "not_select"),
    ("SET statement_timeout = 0", "not_select"),
    ("SET ROLE postgres", "not_select"),
    ("RESET ROLE", "not_select"),
    ("BEGIN", "not_select"),
    ("COMMIT", "not_select"),
    ("DO $$ BEGIN PERFORM pg_sleep(10); END $$", "not_select"),
    ("EXPLAIN ANALYZE SELECT * FROM transactions", "not_select"),
    ("VALUES (1)", "not_select"),
    ("SHOW ALL", "not_select"),
    ("DISCARD ALL", "not_select"),
    ("LISTEN x", "not_select"),
    ("CALL p()", "not_select"),
    ("WITH d AS (DELETE FROM core.transactions RETURNING *) SELECT * FROM d", "forbidden"),
    ("WITH u AS (UPDATE core.products SET current_balance = 0 RETURNING *) SELECT * FROM u", "forbidden"),
    ("WITH i AS (INSERT INTO core.transactions VALUES (1) RETURNING *) SELECT 1 FROM transactions", "forbidden"),
    ("SELECT * INTO evil FROM transactions", "forbidden"),
    ("SELECT * FROM transactions FOR UPDATE", "forbidden"),
    ("SELECT * FROM transactions FOR SHARE", "forbidden"),
    ("SELECT * FROM transactions FOR NO KEY UPDATE", "forbidden"),
    ("SELECT * FROM transactions WHERE customer_id = :customer", "forbidden"),
    ("SELECT * FROM transactions WHERE customer_id = %(customer)s", None),
    ("SELECT * FROM transactions WHERE amount = $1", "forbidden"),
    ("SELECT * FROM transactions WHERE merchant_name = 'quipu_scope_customer'", "reserved_name"),
    ("SELECT set_config('quipu.customer_id', 'OTHER', true) FROM transactions", "function_not_allowed"),
    ("SELECT set_config('default_transaction_read_only', 'off', false) FROM transactions", "function_not_allowed"),
    ("SELECT pg_catalog.set_config('a', 'b', false) FROM transactions", "function_not_allowed"),
    ("SELECT current_setting('quipu.customer_id') FROM transactions", "function_not_allowed"),
    ("SELECT pg_sleep(10) FROM transactions", "function_not_allowed"),
    ("SELECT pg_sleep_for('10 seconds') FROM transactions", "function_not_allowed"),
    ("SELECT pg_advisory_lock(1) FROM transactions", "function_not_allowed"),
    ("SELECT pg_try_advisory_xact_lock(1) FROM transactions", "function_not_allowed"),
    ("SELECT dblink('host=x', 'SELECT 1') FROM transactions", "function_not_allowed"),
    ("SELECT lo_import('/etc/passwd') FROM transactions", "function_not_allowed"),
    ("SELECT lo_export(1, '/tmp/x') FROM transactions", "function_not_allowed"),
    (
        "SELECT query_to_xml('select * from core.transactions', true, true, '') FROM transactions",
        "function_not_allowed",
    ),
    ("SELECT pg_read_file('/etc/passwd') FROM transactions", "function_not_allowed"),
    ("SELECT pg_ls_dir('.') FROM transactions", "function_not_allowed"),
    ("SELECT pg_terminate_backend(1) FROM transactions", "function_not_allowed"),
    ("SELECT pg_cancel_backend(1) FROM transactions", "function_not_allowed"),
    ("SELECT pg_reload_conf() FROM transactions", "function_not_allowed"),
    ("SELECT version() FROM transactions", "function_not_allowed"),
    ("SELECT current_user FROM transactions", "function_not_allowed"),
    ("SELECT txid_current() FROM transactions", "function_not_allowed"),
    ("SELECT nextval('ops.messages_message_id_seq') FROM transactions", "function_not_allowed"),
    ("SELECT to_tsvector(merchant_name) FROM transactions", "function_not_allowed"),
    ("SELECT json_agg(t) FROM transactions t", "function_not_allowed"),
    ("SELECT row_to_json(t) FROM transactions t", "function_not_allowed"),
    ("SELECT md5(merchant_name) FROM transactions", "function_not_allowed"),
    ("SELECT generate_series(1, 1000000000) FROM transactions", "function_not_allowed"),
    ("SELECT * FROM generate_series(1, 10)", "function_not_allowed"),
    ("SELECT * FROM transactions, generate_series(1, 100000000)", "function_not_allowed"),
    ("SELECT * FROM unnest(ARRAY[1,2])", None),
    ("SELECT a FROM transactions WHERE a = some_new_function(1)", "function_not_allowed"),
    ("SELECT 'pg_authid'::regclass FROM transactions", "type_not_allowed"),
    ("SELECT 'pg_sleep'::regproc FROM transactions", "type_not_allowed"),
    ("SELECT merchant_name::xml FROM transactions", "type_not_allowed"),
    ("SELECT * FROM ops.actions", "schema_not_allowed"),
    ("SELECT * FROM ops.decision_log", "schema_not_allowed"),
    ("SELECT * FROM core_staging.transactions", "schema_not_allowed"),
    ("SELECT * FROM public.transactions", "schema_not_allowed"),
    ("SELECT * FROM pg_catalog.pg_user", "schema_not_allowed"),
    ("SELECT * FROM information_schema.tables", "schema_not_allowed"),
    ("SELECT * FROM pg_user", "table_not_allowed"),
    ("SELECT * FROM pg_shadow", "table_not_allowed"),
    ("SELECT * FROM pg_stat_activity", "table_not_allowed"),
    ("SELECT * FROM schema_migrations", "table_not_allowed"),
    ("SELECT * FROM actions", "table_not_allowed"),
    ('SELECT * FROM "Transactions"', "table_not_allowed"),
    ('SELECT * FROM "core"."Transactions"', "table_not_allowed"),
    ('SELECT * FROM "CORE".transactions', "schema_not_allowed"),
    ("SELECT * FROM quipu.core.transactions", "unsupported_syntax"),
    ("SELECT * FROM ONLY core.transactions", "unsupported_syntax"),
    ("SELECT * FROM transactions TABLESAMPLE SYSTEM (10)", "unsupported_syntax"),
    ("SELECT * FROM transactions AS t(a, b, c)", "unsupported_syntax"),
    ("WITH transactions AS (SELECT * FROM core.transactions) SELECT * FROM transactions", "cte_shadows_table"),
    ("WITH customers AS (SELECT 1 AS customer_id) SELECT * FROM customers", "cte_shadows_table"),
    ("WITH fx_rates AS (SELECT 1) SELECT * FROM fx_rates", "cte_shadows_table"),
    ("WITH pg_user AS (SELECT 1) SELECT * FROM pg_user, transactions", "cte_shadows_table"),
    ("SELECT * FROM transactions WHERE amount IN (SELECT amount FROM ops.transfers)", "schema_not_allowed"),
    ("SELECT (SELECT count(*) FROM ops.actions) FROM transactions", "schema_not_allowed"),
    ("SELECT * FROM transactions WHERE EXISTS (SELECT 1 FROM pg_catalog.pg_roles)", "schema_not_allowed"),
    ("SELECT amount FROM transactions UNION SELECT 1 FROM ops.outbox", "schema_not_allowed"),
    ("SELECT * FROM transactions, LATERAL (SELECT * FROM ops.sessions) s", "schema_not_allowed"),
    ("SELECT ops.actions.params FROM transactions", "schema_not_allowed"),
    ("SELECT x FROM transactions WHERE y = 1 UNION SELECT usename FROM pg_user", "table_not_allowed"),
    ("SELECT * FROM transactions WHERE amount > 0 x y z", "parse_error"),
    ("SELEC * FROM transactions", "parse_error"),
    ("SELECT * FROM", "parse_error"),
    ("SELECT 'unterminated FROM transactions", "parse_error"),
    ("SELECT * FROM transactions WHERE merchant_name = 'x' " + "OR amount > 1 " * 400, "too_long"),
]


@pytest.mark.parametrize("sql", ACCEPTED)
def test_accepted_queries_are_scoped_to_the_customer(sql):
    verdict = guard(sql)
    assert isinstance(verdict, Guarded), verdict
    code = re.sub(r"'(?:[^']|'')*'", "''", verdict.sql)  # string literals are data, not table reads
    assert code.count('"core".') >= 1, verdict.sql
    for table in OWNED:
        read = code.count(f'"core"."{table}"')
        scoped = code.count(f'(SELECT * FROM "core"."{table}" WHERE "customer_id" = %(customer)s)')
        assert read == scoped, f"{table} read outside a scoped subquery: {verdict.sql}"
    assert not re.search(r'(?<![\w.])"?(?:ops|pg_catalog|information_schema)"?\.', code)


@pytest.mark.parametrize(("sql", "reason"), REFUSED)
def test_refused_queries_say_why(sql, reason):
    verdict = guard(sql)
    assert isinstance(verdict, Refused), f"accepted: {getattr(verdict, 'sql', verdict)}"
    if reason:
        assert verdict.reason == reason, verdict
    assert verdict.detail


def test_there_are_at_least_150_cases():
    assert len(ACCEPTED) + len(REFUSED) >= 150


def test_the_customer_filter_sits_in_a_subquery_never_the_outer_where():
    sql = guard("SELECT * FROM transactions WHERE amount > 1 OR 1 = 1").sql
    assert sql.startswith('SELECT * FROM (SELECT * FROM "core"."transactions" WHERE "customer_id" = %(customer)s)')
    assert sql.endswith('WHERE "amount" > 1 OR 1 = 1 LIMIT 101')


def test_comments_are_stripped_from_what_runs():
    assert "--" not in guard("SELECT amount FROM transactions -- ; DROP TABLE x").sql
    assert "/*" not in guard("SELECT /* hi */ amount FROM transactions").sql


def test_percent_signs_are_escaped_for_the_driver():
    assert "'%%uber%%'" in guard("SELECT * FROM transactions WHERE merchant_name ILIKE '%uber%'").sql


def test_alias_is_kept_and_reference_tables_are_pinned_to_core():
    sql = guard(
        "SELECT t.amount, r.exchange_rate FROM transactions t JOIN fx_rates r ON r.date = t.transaction_date::date"
    ).sql
    assert 'AS "t"' in sql and 'JOIN "core"."fx_rates" AS "r"' in sql


def test_every_core_table_is_allow_listed_or_explicitly_hidden():
    assert set(CORE_TABLES) == OWNED | REFERENCE | HIDDEN
    assert not (OWNED & REFERENCE) and not (HIDDEN & (OWNED | REFERENCE))


# PostgreSQL reads `t.f` and `(x).f` as the call f(t) / f(x) when f is not a column: every such name must be
# refused, whatever table, CTE or subquery it hangs from; CTE names count only at their own query level.
ATTRIBUTE_AND_SCOPE = [
    ("SELECT c.row_to_json FROM customers c", "unknown_column"),
    ("SELECT customers.row_to_json FROM customers", "unknown_column"),
    ("SELECT core.customers.row_to_json FROM core.customers", "unknown_column"),
    ('SELECT c."row_to_json" FROM customers c', "unknown_column"),
    ("SELECT C.ROW_TO_JSON FROM customers c", "unknown_column"),
    ("SELECT t.json_agg FROM transactions t", "unknown_column"),
    ("SELECT t.to_jsonb FROM transactions t", "unknown_column"),
    ("SELECT t.hstore FROM transactions t", "unknown_column"),
    ("SELECT t.text FROM transactions t", "unknown_column"),
    ("SELECT p.current_setting FROM products p", "unknown_column"),
    ("SELECT p.pg_sleep FROM products p", "unknown_column"),
    ("SELECT r.txid_current FROM fx_rates r", "unknown_column"),
    ("SELECT fx_rates.pg_backend_pid FROM fx_rates", "unknown_column"),
    ("SELECT * FROM transactions t WHERE t.row_to_json IS NOT NULL", "unknown_column"),
    ("SELECT * FROM transactions t ORDER BY t.row_to_json", "unknown_column"),
    ("SELECT count(*) FROM transactions t GROUP BY t.row_to_json", "unknown_column"),
    ("SELECT max(t.row_to_json) FROM transactions t", "unknown_column"),
    ("SELECT * FROM transactions t JOIN products p ON p.row_to_json = t.row_to_json", "unknown_column"),
    (
        "SELECT * FROM transactions t WHERE EXISTS (SELECT 1 FROM products p WHERE p.product_id = t.row_to_json)",
        "unknown_column",
    ),
    ("SELECT (SELECT t.json_agg FROM products p LIMIT 1) FROM transactions t", "unknown_column"),
    ("SELECT x.row_to_json FROM (SELECT * FROM customers) x", "unknown_column"),
    ("SELECT x.current_setting FROM (SELECT first_name AS s FROM customers) x", "unknown_column"),
    ("WITH q AS (SELECT * FROM customers) SELECT q.row_to_json FROM q", "unknown_column"),
    (
        "WITH q AS (SELECT 'quipu.customer_id' AS s FROM fx_rates LIMIT 1) SELECT q.current_setting FROM q",
        "unknown_column",
    ),
    (
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) SELECT n.ts_stat FROM n, fx_rates",
        "unknown_column",
    ),
    ("SELECT x.row_to_json FROM transactions t, LATERAL (SELECT t.amount) x", "unknown_column"),
    (
        "SELECT u.row_to_json FROM (SELECT amount FROM transactions UNION SELECT amount FROM billing) u",
        "unknown_column",
    ),
    ("SELECT c FROM customers c", "unknown_column"),
    ("SELECT customers FROM customers", "unknown_column"),
    ("SELECT count(c) FROM customers c", "unknown_column"),
    ("SELECT user FROM transactions", "unknown_column"),
    ("SELECT current_role FROM transactions", "unknown_column"),
    ("SELECT nothing_here FROM transactions", "unknown_column"),
    ("SELECT t.amount FROM transactions", "unknown_column"),
    ("SELECT x.amount FROM transactions t", "unknown_column"),
    ("SELECT q.count FROM (SELECT count(*) FROM transactions) q", "unknown_column"),
    (
        "WITH q AS (SELECT 'quipu.customer_id' AS s FROM fx_rates LIMIT 1) SELECT (q.s).current_setting FROM q",
        "attribute_notation",
    ),
    ("WITH q AS (SELECT 'SELECT 1' AS s FROM fx_rates LIMIT 1) SELECT (q.s).ts_stat FROM q", "attribute_notation"),
    ("SELECT (c.first_name).upper FROM customers c", "attribute_notation"),
    ("SELECT (c).row_to_json FROM customers c", "attribute_notation"),
    ("SELECT (t.amount).abs FROM transactions t", "attribute_notation"),
    ("SELECT ('quipu.customer_id').current_setting FROM fx_rates", "attribute_notation"),
    ("SELECT (SELECT 'x').md5 FROM fx_rates", "attribute_notation"),
    ("SELECT a.b.c.d FROM transactions", None),
    ("SELECT z.q.current_setting FROM (SELECT 'x' AS q FROM fx_rates) AS z", "schema_not_allowed"),
    ("SELECT pg_catalog.row_to_json(c) FROM customers c", "function_not_allowed"),
    ("SELECT * FROM (WITH evil AS (SELECT 1 AS x FROM fx_rates) SELECT * FROM evil) a, evil", "table_not_allowed"),
    (
        "SELECT (SELECT count(*) FROM (WITH secret AS (SELECT 1 AS x) SELECT x FROM secret) s), * FROM secret",
        "table_not_allowed",
    ),
    (
        "WITH a AS (SELECT 1 AS x FROM fx_rates) SELECT * FROM (WITH b AS (SELECT * FROM a) SELECT * FROM b) s, b",
        "table_not_allowed",
    ),
    ("SELECT * FROM (WITH pg_authid AS (SELECT 1 AS x) SELECT * FROM pg_authid) a", "cte_shadows_table"),
    (
        "SELECT * FROM fx_rates WHERE EXISTS (WITH customers AS (SELECT 1 AS x) SELECT x FROM customers)",
        "cte_shadows_table",
    ),
    # a CTE named like an alias: sqlglot and PostgreSQL resolve `q` to different sources
    (
        "WITH q AS (SELECT amount AS pg_typeof FROM transactions) SELECT (SELECT q.pg_typeof LIMIT 1) FROM customers q",
        "cte_shadows_alias",
    ),
    ("WITH q AS (SELECT amount FROM transactions) SELECT q.row_to_json FROM transactions q", "cte_shadows_alias"),
    ("WITH q AS (SELECT amount FROM transactions) SELECT * FROM (SELECT * FROM q) q", "cte_shadows_alias"),
    ("WITH a AS (SELECT 1 AS x FROM fx_rates), b AS (SELECT 2 AS x FROM fx_rates) SELECT * FROM a b", None),
    (
        "SELECT * FROM (WITH a AS (SELECT 1 AS x) SELECT * FROM a) s, (WITH a AS (SELECT 2 AS x) SELECT * FROM a) t",
        None,
    ),
    # a subquery in FROM never sees its siblings: a name there is not the derived table's own output
    ("SELECT (SELECT b.pg_typeof FROM (SELECT b.pg_typeof FROM fx_rates) AS b) FROM customers b", "unknown_column"),
    ("SELECT (SELECT b.row_to_json FROM (SELECT b.row_to_json FROM fx_rates) b) FROM customers b", "unknown_column"),
    ("SELECT a.name FROM (SELECT a.name FROM service_billers) AS a", "unknown_column"),
    ("SELECT a.biller_name FROM (SELECT biller_name FROM service_billers) AS a", "unknown_column"),
    ("WITH a AS (SELECT t.to_json AS x FROM fx_rates) SELECT a.x FROM a, transactions t", "unknown_column"),
    ("SELECT amount AS quipu_scope_customer FROM transactions", "reserved_name"),
    ('SELECT amount AS "QUIPU_SCOPE_CUSTOMER" FROM transactions', "reserved_name"),
    ("SELECT '%(quipu_scope_customer)s' FROM transactions", "reserved_name"),
    ("SELECT * FROM transactions WHERE merchant_name = E'quipu_scope_customer'", "reserved_name"),
]
ATTRIBUTE_AND_SCOPE_ACCEPTED = [
    "SELECT t.amount, t.currency FROM transactions t",
    "SELECT x.s FROM (SELECT merchant_name AS s FROM transactions) x",
    "WITH q AS (SELECT merchant_name AS s FROM transactions) SELECT q.s FROM q",
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) SELECT n.i FROM n, fx_rates",
    "SELECT x.amount FROM transactions t, LATERAL (SELECT t.amount) x",
    "SELECT u.amount FROM (SELECT amount FROM transactions UNION SELECT minimum_payment FROM billing) u",
    "SELECT * FROM (WITH a AS (SELECT amount FROM transactions) SELECT * FROM a) s",
    "SELECT count(*) AS n FROM transactions ORDER BY n",
    "SELECT currency, count(*) AS n FROM transactions GROUP BY currency ORDER BY n DESC",
    "SELECT q.count FROM (SELECT count(*) AS count FROM transactions) q",
    "SELECT U&'\\0071uipu' FROM transactions",
    "WITH q AS (SELECT amount FROM transactions) SELECT q.amount FROM q AS q",
    "SELECT (SELECT max(x.amount) FROM (SELECT amount FROM transactions) x) FROM customers c",
    "SELECT (SELECT x.n FROM (SELECT c.city AS n) x) FROM customers c",
    'SELECT "T".amount FROM transactions AS "T"',
]


@pytest.mark.parametrize(("sql", "reason"), ATTRIBUTE_AND_SCOPE)
def test_attribute_notation_and_out_of_scope_names_are_refused(sql, reason):
    verdict = guard(sql)
    assert isinstance(verdict, Refused), f"accepted: {getattr(verdict, 'sql', verdict)}"
    if reason:
        assert verdict.reason == reason, verdict
    assert verdict.detail


@pytest.mark.parametrize("sql", ATTRIBUTE_AND_SCOPE_ACCEPTED)
def test_real_columns_of_ctes_subqueries_and_laterals_still_pass(sql):
    assert isinstance(guard(sql), Guarded), guard(sql)


def test_the_attribute_notation_and_scope_family_has_at_least_40_cases():
    assert len(ATTRIBUTE_AND_SCOPE) >= 40


def test_no_answer_fetches_more_than_101_rows():
    assert guard("SELECT * FROM transactions LIMIT 100000").sql.endswith("LIMIT 101")
    assert guard("SELECT * FROM transactions LIMIT 5").sql.endswith("LIMIT 5")
    assert guard("SELECT amount FROM transactions UNION SELECT minimum_payment FROM billing").sql.endswith("LIMIT 101")


ALIAS_ATTACK = 'SELECT customer_id FROM customers AS "c UNION ALL SELECT count(*)::text FROM core.customers --"'


def test_a_quoted_alias_is_rendered_as_one_name_never_as_sql():
    """The review's attack: the alias came back unquoted and ran a second SELECT over every customer."""
    rendered = guard(ALIAS_ATTACK).sql
    assert rendered.endswith('AS "c UNION ALL SELECT count(*)::text FROM core.customers --" LIMIT 101')
    assert_renders_what_it_checked(ALIAS_ATTACK, rendered)


@pytest.mark.parametrize(
    "sql",
    [
        'SELECT "a""b".amount FROM transactions "a""b"',
        'SELECT amount AS "x""; SELECT 1 --" FROM transactions',
        'SELECT amount FROM transactions AS "t"" UNION SELECT usename FROM pg_user --"',
        'WITH "q) UNION (SELECT 1" AS (SELECT amount FROM transactions) SELECT amount FROM "q) UNION (SELECT 1"',
        "SELECT amount FROM transactions WHERE merchant_name = E'a\\' UNION SELECT 1 --'",
        "SELECT amount FROM transactions WHERE merchant_name = $q$a' UNION SELECT 1 --$q$",
    ],
)
def test_every_name_and_literal_the_guard_writes_stays_one_token(sql):
    verdict = guard(sql)
    assert isinstance(verdict, Guarded), verdict
    assert_renders_what_it_checked(sql, verdict.sql)


def test_an_uppercase_quoted_alias_keeps_its_case_in_what_runs():
    assert 'AS "T"' in guard('SELECT "T".amount FROM transactions AS "T"').sql
