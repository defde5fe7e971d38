"""The text-to-SQL guard: one read-only SELECT over allow-listed core tables, scoped to one customer.

Pure: SQL text and core's column sets in, a verdict out. Every name must be a real column of the table,
CTE or subquery it names (PostgreSQL reads `t.f` and `(x).f` as the call `f(t)` when `f` is not a column).
What runs is the SQL regenerated from the parse tree, with every customer-owned table replaced by a
subquery filtered to a bound parameter, never the model's text; and every identifier in it is quoted, so a
name is rendered as the one name the guard checked, never as SQL (an alias `"c UNION ALL SELECT …"` once
came back unquoted and ran as a second SELECT).
"""

from dataclasses import dataclass

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError
from sqlglot.optimizer.normalize_identifiers import normalize_identifiers
from sqlglot.optimizer.scope import Scope, traverse_scope

from quipu.domain.sql_allow_list import (
    ALLOWED_FUNCTIONS,
    ALLOWED_NAMED_FUNCTIONS,
    ALLOWED_TABLE_ARGS,
    ALLOWED_TYPES,
    FORBIDDEN_NODES,
    HIDDEN,
    OWNED,
    REFERENCE,
)
from quipu.domain.sql_columns import CoreColumns, UnknownColumn, check_columns

__all__ = ["HIDDEN", "OWNED", "REFERENCE", "CoreColumns", "Guarded", "Refused", "guard"]

MAX_SQL_CHARS = 4000
MAX_ROWS_FETCHED = 101  # the runner returns 100 and says truncated when there was one more
SCHEMA = "core"
CUSTOMER_PARAM = "customer"
_MARKER = "quipu_scope_customer"


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


def guard(sql: str, columns: CoreColumns) -> Guarded | Refused:
    try:
        return _guard(sql, columns)
    except _Refusal as refusal:
        return Refused(refusal.reason, refusal.detail)


def _guard(sql: str, columns: CoreColumns) -> Guarded:
    text = (sql or "").strip()
    if not text:
        raise _Refusal("empty", "send one SELECT statement")
    if len(text) > MAX_SQL_CHARS:
        raise _Refusal("too_long", f"the query has {len(text)} characters; at most {MAX_SQL_CHARS}")
    tree = normalize_identifiers(_parse_one(text), dialect="postgres")
    _refuse_forbidden_nodes(tree)
    _refuse_unknown_functions(tree)
    _unqualify_columns(tree)
    scopes = _scopes(tree)
    tables = _real_tables(tree, scopes)
    if not tables:
        raise _Refusal("no_table", "the query must read at least one core table")
    _refuse_unknown_columns(tree, scopes, columns)
    owned, reference = _scope_tables(tables)
    _cap_rows(tree)
    return Guarded(_render(tree, len([t for t in tables if t[1] in OWNED])), frozenset(owned), frozenset(reference))


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
        if isinstance(node, exp.Dot) and isinstance(node.expression, exp.Func):
            raise _Refusal("function_not_allowed", "schema-qualified functions are not allowed")
        if isinstance(node, exp.Dot):  # (x).f and a.b.c.d: a field or a function call, never a plain column
            raise _Refusal("attribute_notation", f"{node.sql('postgres')[:60]}: use plain table.column names")


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


def _scopes(tree: exp.Expression) -> list[Scope]:
    try:
        return traverse_scope(tree)
    except SqlglotError as error:
        raise _Refusal("unsupported_syntax", f"the query's structure is not supported: {str(error)[:120]}") from None


def _real_tables(tree: exp.Expression, scopes: list[Scope]) -> list[tuple[exp.Table, str]]:
    """Every table that is not a CTE visible at its own query level, checked against the allow-list."""
    _refuse_shadowing_ctes(tree)
    found, seen = [], set()
    for scope in scopes:
        for table in scope.tables:
            seen.add(id(table))
            name = _table_name(table)
            if not table.args.get("db") and name in scope.cte_sources:
                continue
            found.append((table, _allowed_table(table, name)))
    if any(id(t) not in seen for t in tree.find_all(exp.Table)):
        raise _Refusal("unsupported_syntax", "a table is read where the guard cannot place it")
    return found


def _refuse_shadowing_ctes(tree: exp.Expression) -> None:
    """A CTE name is one name in the whole query: never a real table, another CTE or any alias.

    Where a CTE and an alias share a name, sqlglot and PostgreSQL may resolve `q.f` to different sources
    (`(SELECT q.pg_typeof)` under `FROM customers q` is the call `pg_typeof(q)` to PostgreSQL), so the
    guard would check a column PostgreSQL never reads.
    """
    names = [_identifier(cte.args["alias"].this) for cte in tree.find_all(exp.CTE)]
    for name in names:
        if name in OWNED | REFERENCE | HIDDEN or name.startswith("pg_"):
            raise _Refusal("cte_shadows_table", f"a CTE may not be named {name}: that is a real table")
    if len(set(names)) != len(names):
        raise _Refusal("cte_shadows_alias", "two CTEs share a name: give each its own")
    for alias in tree.find_all(exp.TableAlias):
        name = _identifier(alias.this)
        if name in names and not isinstance(alias.parent, exp.CTE) and not _names_itself(alias, name):
            raise _Refusal("cte_shadows_alias", f"{name} is both a CTE and an alias: give each its own name")


def _names_itself(alias: exp.TableAlias, name: str) -> bool:
    """`FROM q AS q`: the CTE under its own name."""
    table = alias.parent
    return isinstance(table, exp.Table) and not table.args.get("db") and _identifier(table.this) == name


def _table_name(table: exp.Table) -> str:
    if not isinstance(table.this, exp.Identifier):
        raise _Refusal("table_not_allowed", "only core tables can be read (no table functions)")
    return _identifier(table.this)


def _allowed_table(table: exp.Table, name: str) -> str:
    extra = {k for k, v in table.args.items() if v and k not in ALLOWED_TABLE_ARGS}
    alias = table.args.get("alias")
    if extra or (alias and alias.args.get("columns")):
        raise _Refusal("unsupported_syntax", f"unsupported syntax on table {name}")
    schema = _identifier(table.args["db"]) if table.args.get("db") else None
    if schema not in (None, SCHEMA):
        raise _Refusal("schema_not_allowed", f"only the {SCHEMA} schema can be read (got {schema})")
    if name not in OWNED | REFERENCE:
        raise _Refusal("table_not_allowed", f"table {name} is not available")
    return name


def _identifier(node: exp.Identifier | exp.Expression | None) -> str:
    """A name as PostgreSQL resolves it: unquoted names fold to lower case."""
    if not isinstance(node, exp.Identifier):
        return node.name if node is not None else ""
    name: str = node.this
    return name if node.quoted else name.lower()


def _refuse_unknown_columns(tree: exp.Expression, scopes: list[Scope], columns: CoreColumns) -> None:
    try:
        check_columns(tree, scopes, columns)
    except UnknownColumn as unknown:
        raise _Refusal("unknown_column", f"{unknown}; use the columns describe_schema lists") from None


def _scope_tables(tables: list[tuple[exp.Table, str]]) -> tuple[set[str], set[str]]:
    owned, reference = set(), set()
    for table, name in tables:
        if name in OWNED:
            table.replace(_scoped_subquery(name, table.args.get("alias")))
            owned.add(name)
        else:
            table.set("db", _quoted(SCHEMA))
            table.set("this", _quoted(name))
            reference.add(name)
    return owned, reference


def _scoped_subquery(name: str, alias: exp.TableAlias | None) -> exp.Subquery:
    alias_name = _identifier(alias.this) if alias else name
    table = exp.Table(this=_quoted(name), db=_quoted(SCHEMA))
    owner = exp.EQ(this=exp.Column(this=_quoted("customer_id")), expression=exp.Placeholder(this=_MARKER))
    inner = exp.Select(expressions=[exp.Star()], where=exp.Where(this=owner))
    inner.set("from_" if "from_" in exp.Select.arg_types else "from", exp.From(this=table))
    return exp.Subquery(this=inner, alias=exp.TableAlias(this=_quoted(alias_name)))


def _quoted(name: str) -> exp.Identifier:
    """A name the guard writes, as PostgreSQL resolved it (already folded): quoted, so it stays one name."""
    return exp.Identifier(this=name, quoted=True)


def _cap_rows(tree: exp.Expression) -> None:
    """No answer fetches more than the runner keeps: the outer LIMIT is at most MAX_ROWS_FETCHED."""
    limit = tree.args.get("limit")
    value = limit.expression if isinstance(limit, exp.Limit) else None
    if isinstance(value, exp.Literal) and value.is_int and int(value.name) <= MAX_ROWS_FETCHED:
        return
    if isinstance(tree, exp.Select | exp.SetOperation) and not tree.args.get("fetch"):
        tree.set("limit", exp.Limit(expression=exp.Literal.number(MAX_ROWS_FETCHED)))


def _render(tree: exp.Expression, placeholders: int) -> str:
    """The marker may appear only where the guard put it: looked for in what runs, not in what was sent.

    Every identifier is quoted (`identify=True`): names were folded as PostgreSQL folds them when parsed,
    so quoting changes no meaning, and no name can end its quotes and become SQL.
    """
    sql = tree.sql(dialect="postgres", comments=False, identify=True)
    if sql.lower().count(_MARKER) != placeholders:
        raise _Refusal("reserved_name", f"{_MARKER} is reserved")
    escaped = sql.replace("%", "%%")
    return escaped.replace(f"%%({_MARKER})s", f"%({CUSTOMER_PARAM})s")


def _unqualify_columns(tree: exp.Expression) -> None:
    """core.t.col becomes t.col: the table becomes a subquery alias, which has no schema."""
    for column in tree.find_all(exp.Column):
        schema = column.args.get("db")
        if schema is not None:
            if _identifier(schema) != SCHEMA or column.args.get("catalog"):
                raise _Refusal("schema_not_allowed", "columns may only be qualified by a core table")
            column.set("db", None)
