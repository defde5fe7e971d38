"""The text-to-SQL guard: one read-only SELECT over allow-listed core tables, scoped to one customer.

Pure: SQL text in, a verdict out. What runs is the SQL regenerated from the parse tree, with every
customer-owned table replaced by a subquery filtered to a bound parameter, never the model's text.
"""

from dataclasses import dataclass

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

MAX_SQL_CHARS = 4000
SCHEMA = "core"
CUSTOMER_PARAM = "customer"
_MARKER = "quipu_scope_customer"

OWNED = frozenset(
    {
        "customers",
        "products",
        "transactions",
        "billing",
        "service_bills",
        "app_sessions",
        "customer_service_summary",
        "complaints",
    }
)
REFERENCE = frozenset({"fx_rates", "service_billers"})
HIDDEN: frozenset[str] = frozenset()

ALLOWED_FUNCTIONS = frozenset(
    {
        # aggregates
        "Count",
        "Sum",
        "Avg",
        "Min",
        "Max",
        "Stddev",
        "StddevPop",
        "StddevSamp",
        "Variance",
        "VariancePop",
        "GroupConcat",
        "LogicalAnd",
        "LogicalOr",
        "PercentileCont",
        "PercentileDisc",
        "Median",
        # window functions
        "RowNumber",
        "Rank",
        "DenseRank",
        "PercentRank",
        "CumeDist",
        "Ntile",
        "Lag",
        "Lead",
        "FirstValue",
        "LastValue",
        "NthValue",
        # date and time
        "CurrentDate",
        "CurrentTimestamp",
        "CurrentTime",
        "Date",
        "DateTrunc",
        "TimestampTrunc",
        "Extract",
        "TimeToStr",
        "DateAdd",
        "DateSub",
        "DateDiff",
        "Interval",
        "ToChar",
        "MakeDate",
        "StrToDate",
        "StrToTime",
        # strings
        "Lower",
        "Upper",
        "Length",
        "Substring",
        "Trim",
        "Concat",
        "ConcatWs",
        "Replace",
        "Left",
        "Right",
        "StrPosition",
        "SplitPart",
        "Initcap",
        "Lpad",
        "Rpad",
        "Reverse",
        "RegexpLike",
        "RegexpReplace",
        # math
        "Abs",
        "Round",
        "Floor",
        "Ceil",
        "Pow",
        "Sqrt",
        "Ln",
        "Log",
        "Exp",
        "Sign",
        "Mod",
        "SafeDivide",
        # conditionals and casts
        "Coalesce",
        "Nullif",
        "Greatest",
        "Least",
        "If",
        "Cast",
        "TryCast",
        "Exists",
        "Any",
        "All",
        "Case",
    }
)
ALLOWED_NAMED_FUNCTIONS = frozenset(
    {
        "age",
        "date_part",
        "to_char",
        "split_part",
        "initcap",
        "btrim",
        "ltrim",
        "rtrim",
        "make_date",
        "trunc",
        "to_date",
        "justify_interval",
    }
)
FORBIDDEN_NODES = (
    exp.Insert,
    exp.Update,
    exp.Delete,
    exp.Merge,
    exp.Create,
    exp.Drop,
    exp.Alter,
    exp.Command,
    exp.Into,
    exp.Lock,
    exp.Copy,
    exp.Set,
    exp.Transaction,
    exp.Commit,
    exp.Rollback,
    exp.Grant,
    exp.TruncateTable,
    exp.Placeholder,
    exp.Parameter,
    exp.SessionParameter,
    exp.Use,
    exp.Values,
)
ALLOWED_TABLE_ARGS = {"this", "db", "alias"}
ALLOWED_TYPES = frozenset(
    {
        "TEXT",
        "VARCHAR",
        "CHAR",
        "INT",
        "BIGINT",
        "SMALLINT",
        "DECIMAL",
        "FLOAT",
        "DOUBLE",
        "DATE",
        "TIMESTAMP",
        "TIMESTAMPTZ",
        "TIME",
        "INTERVAL",
        "BOOLEAN",
    }
)


@dataclass(frozen=True)
class Guarded:
    """SQL to run with params {'customer': id}; tables it reads."""

    sql: str
    owned: frozenset[str]
    reference: frozenset[str]


@dataclass(frozen=True)
class Refused:
    reason: str
    detail: str


class _Refusal(Exception):
    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def guard(sql: str) -> Guarded | Refused:
    try:
        return _guard(sql)
    except _Refusal as refusal:
        return Refused(refusal.reason, refusal.detail)


def _guard(sql: str) -> Guarded:
    text = (sql or "").strip()
    if not text:
        raise _Refusal("empty", "send one SELECT statement")
    if len(text) > MAX_SQL_CHARS:
        raise _Refusal("too_long", f"the query has {len(text)} characters; at most {MAX_SQL_CHARS}")
    if _MARKER in text.lower():
        raise _Refusal("reserved_name", f"{_MARKER} is reserved")
    tree = _parse_one(text)
    _refuse_forbidden_nodes(tree)
    _refuse_unknown_functions(tree)
    ctes = _cte_names(tree)
    owned, reference = _scope_tables(tree, ctes)
    if not owned and not reference:
        raise _Refusal("no_table", "the query must read at least one core table")
    return Guarded(_render(tree), frozenset(owned), frozenset(reference))


def _parse_one(text: str) -> exp.Expression:
    try:
        statements = [s for s in sqlglot.parse(text, read="postgres") if s is not None]
    except SqlglotError as error:
        raise _Refusal("parse_error", f"the SQL does not parse: {str(error).splitlines()[0][:200]}") from None
    if len(statements) != 1:
        raise _Refusal("not_one_statement", f"send exactly one statement (got {len(statements)})")
    tree = statements[0]
    if not isinstance(tree, exp.Select | exp.SetOperation):
        raise _Refusal("not_select", f"only SELECT is allowed (got {tree.key.upper()})")
    return tree


def _refuse_forbidden_nodes(tree: exp.Expression) -> None:
    for node in tree.walk():
        if isinstance(node, FORBIDDEN_NODES):
            raise _Refusal("forbidden", f"{node.key.upper()} is not allowed in a read-only query")


def function_name(node: exp.Func) -> str:
    return node.name.lower() if isinstance(node, exp.Anonymous) else type(node).__name__


def _refuse_unknown_functions(tree: exp.Expression) -> None:
    for node in tree.find_all(exp.Func):
        if isinstance(node, exp.Connector):  # AND / OR are operators, not functions
            continue
        if isinstance(node, exp.Anonymous):
            if node.name.lower() not in ALLOWED_NAMED_FUNCTIONS:
                raise _Refusal("function_not_allowed", f"function {node.name} is not allowed")
        elif type(node).__name__ not in ALLOWED_FUNCTIONS:
            raise _Refusal("function_not_allowed", f"function {node.sql('postgres')[:60]} is not allowed")
    for data_type in tree.find_all(exp.DataType):
        if getattr(data_type.this, "value", str(data_type.this)) not in ALLOWED_TYPES:
            raise _Refusal("type_not_allowed", f"casting to {data_type.sql('postgres')} is not allowed")
    for dot in tree.find_all(exp.Dot):
        if isinstance(dot.expression, exp.Func):
            raise _Refusal("function_not_allowed", "schema-qualified functions are not allowed")


def _cte_names(tree: exp.Expression) -> set[str]:
    names = set()
    for cte in tree.find_all(exp.CTE):
        name = _identifier(cte.args["alias"].this)
        if name in OWNED | REFERENCE | HIDDEN or name.startswith("pg_"):
            raise _Refusal("cte_shadows_table", f"a CTE may not be named {name}: that is a real table")
        names.add(name)
    return names


def _identifier(node: exp.Identifier | exp.Expression | None) -> str:
    """A name as PostgreSQL resolves it: unquoted names fold to lower case."""
    if not isinstance(node, exp.Identifier):
        return node.name if node is not None else ""
    return node.this if node.quoted else node.this.lower()


def _scope_tables(tree: exp.Expression, ctes: set[str]) -> tuple[set[str], set[str]]:
    owned, reference = set(), set()
    for table in list(tree.find_all(exp.Table)):
        name = _identifier(table.this) if isinstance(table.this, exp.Identifier) else None
        if name is None:
            raise _Refusal("table_not_allowed", "only core tables can be read (no table functions)")
        extra = {k for k, v in table.args.items() if v and k not in ALLOWED_TABLE_ARGS}
        alias = table.args.get("alias")
        if extra or (alias and alias.args.get("columns")):
            raise _Refusal("unsupported_syntax", f"unsupported syntax on table {name}")
        schema = _identifier(table.args["db"]) if table.args.get("db") else None
        if schema is None and name in ctes:
            continue
        if schema not in (None, SCHEMA):
            raise _Refusal("schema_not_allowed", f"only the {SCHEMA} schema can be read (got {schema})")
        if name in OWNED:
            table.replace(_scoped_subquery(name, alias))
            owned.add(name)
        elif name in REFERENCE:
            table.set("db", exp.to_identifier(SCHEMA))
            table.set("this", exp.to_identifier(name))
            reference.add(name)
        else:
            raise _Refusal("table_not_allowed", f"table {name} is not available")
    _unqualify_columns(tree)
    return owned, reference


def _scoped_subquery(name: str, alias: exp.TableAlias | None) -> exp.Subquery:
    alias_name = _identifier(alias.this) if alias else name
    inner = (
        exp.select("*")
        .from_(exp.table_(name, db=SCHEMA))
        .where(exp.column("customer_id").eq(exp.Placeholder(this=_MARKER)))
    )
    return exp.Subquery(this=inner, alias=exp.TableAlias(this=exp.to_identifier(alias_name)))


def _unqualify_columns(tree: exp.Expression) -> None:
    """core.t.col becomes t.col: the table is now a subquery alias, which has no schema."""
    for column in tree.find_all(exp.Column):
        schema = column.args.get("db")
        if schema is not None:
            if _identifier(schema) != SCHEMA or column.args.get("catalog"):
                raise _Refusal("schema_not_allowed", "columns may only be qualified by a core table")
            column.set("db", None)


def _render(tree: exp.Expression) -> str:
    sql = tree.sql(dialect="postgres", comments=False)
    escaped = sql.replace("%", "%%")
    return escaped.replace(f"%%({_MARKER})s", f"%({CUSTOMER_PARAM})s")
