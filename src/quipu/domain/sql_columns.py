"""Every name a query reads must be a real column of the table, CTE or subquery it names.

PostgreSQL reads `t.f` as the call `f(t)` when `f` is not a column of `t`, so a name that is not a real
column is a function call the allow-list never saw. Columns are resolved over sqlglot's scopes, per
query level, against core's real column sets; an output is only named when PostgreSQL names it the same
way (an alias, or a plain column), so nothing sqlglot calls a column can be a function to PostgreSQL.
"""

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass

from sqlglot import exp
from sqlglot.optimizer.scope import Scope


@dataclass(frozen=True)
class CoreColumns:
    """The real column set of every allow-listed core table, from a committed description of core."""

    tables: Mapping[str, Collection[str]]

    def of(self, table: str) -> frozenset[str]:
        return frozenset(self.tables.get(table, ()))


class UnknownColumn(Exception):
    pass


def check_columns(tree: exp.Expression, scopes: list[Scope], core: CoreColumns) -> None:
    """Raise UnknownColumn for the first name that is not a real column of what it names."""
    resolver = _Resolver(scopes, core)
    checked: set[int] = set()
    for scope in scopes:
        for column in _own_columns(scope):
            resolver.check(scope, column)
            checked.add(id(column))
    for column in tree.find_all(exp.Column):
        if id(column) not in checked and not isinstance(column.this, exp.Star) and not _order_by_output(column):
            raise UnknownColumn(f"{column.sql('postgres')[:60]} is not a column of any table the query reads")
    whole_row = next(iter(tree.find_all(exp.TableColumn)), None)
    if whole_row is not None:
        raise UnknownColumn(f"{whole_row.name} is a whole row, not a column: name its columns")


def _visible_levels(scope: Scope) -> Iterator[Scope]:
    """The query levels whose FROM items a name written at this scope reaches, nearest first, as
    PostgreSQL resolves it: a subquery in FROM (not LATERAL) and a CTE's body never see the FROM items of
    the query they sit in, only the levels around that query. (sqlglot looks there too, so
    `(SELECT b.pg_typeof FROM (SELECT b.pg_typeof FROM fx_rates) b) FROM customers b` once passed as a
    column while PostgreSQL called `pg_typeof` on the customers row.)"""
    level: Scope | None = scope
    hidden = False
    while level is not None:
        if not hidden:
            yield level
        hidden = level.is_derived_table or level.is_cte
        level = level.parent


def _own_columns(scope: Scope) -> list[exp.Column]:
    """The columns written at this query level (a subquery's columns are checked in the subquery's own
    scope, which looks outwards for correlated names)."""
    children = [*scope.subquery_scopes, *scope.derived_table_scopes, *scope.udtf_scopes]
    inner = {id(c) for child in children for c in child.external_columns}
    return [c for c in scope.columns if id(c) not in inner]


def _order_by_output(column: exp.Column) -> bool:
    """ORDER BY (and DISTINCT ON, by the same rules) may name an output column of its own SELECT."""
    clause = column.find_ancestor(exp.Order, exp.Distinct, exp.Select, exp.Window, exp.WithinGroup)
    if not isinstance(clause, exp.Order | exp.Distinct) or not isinstance(clause.parent, exp.Select):
        return False
    return not column.table and column.name in _projection_names(clause.parent)


def _projection_names(select: exp.Query) -> set[str]:
    return {name for p in select.selects if (name := _output_name(p))}


def _output_name(projection: exp.Expr) -> str:
    """The name PostgreSQL gives an output, when sqlglot agrees: an alias or a plain column."""
    if isinstance(projection, exp.Alias):
        return projection.alias
    if isinstance(projection, exp.Column) and not isinstance(projection.this, exp.Star):
        return projection.name
    return ""


class _Resolver:
    def __init__(self, scopes: list[Scope], core: CoreColumns):
        self.core = core
        self.by_expression = {id(s.expression): s for s in scopes}
        self.cache: dict[int, frozenset[str]] = {}

    def check(self, scope: Scope, column: exp.Column) -> None:
        if column.table:
            source = self._source(scope, column.table)
            if source is None or column.name not in self.columns_of(source):
                raise UnknownColumn(f"{column.table}.{column.name} is not a column of {column.table}")
            return
        for level in _visible_levels(scope):
            if any(column.name in self.columns_of(s) for _, s in level.selected_sources.values()):
                return
        if (
            column.find_ancestor(exp.Group)
            and isinstance(scope.expression, exp.Query)
            and column.name in _projection_names(scope.expression)
        ):
            return  # GROUP BY may name an output column too
        raise UnknownColumn(f"{column.name} is not a column of any table the query reads")

    @staticmethod
    def _source(scope: Scope, name: str) -> object:
        return next((level.sources[name] for level in _visible_levels(scope) if name in level.sources), None)

    def columns_of(self, source: object) -> frozenset[str]:
        if isinstance(source, exp.Table):
            return self.core.of(source.name) if not source.args.get("catalog") else frozenset()
        if not isinstance(source, Scope):
            return frozenset()
        key = id(source.expression)
        if key not in self.cache:
            self.cache[key] = frozenset()  # a source that reaches itself (recursion) names nothing more
            self.cache[key] = self._outputs(source)
        return self.cache[key]

    def _outputs(self, scope: Scope) -> frozenset[str]:
        node = scope.expression
        named = _alias_columns(node)
        if named is not None:
            return named
        if isinstance(node, exp.Lateral | exp.Subquery):
            inner = self.by_expression.get(id(node.this.unnest()))
            return self.columns_of(inner) if inner else frozenset()
        if isinstance(node, exp.SetOperation):
            left = node.left.unnest()
            while isinstance(left, exp.SetOperation):
                left = left.left.unnest()
            inner = self.by_expression.get(id(left))
            return self.columns_of(inner) if inner else frozenset()
        if isinstance(node, exp.Select):
            return self._select_outputs(scope, node)
        return frozenset()

    def _select_outputs(self, scope: Scope, select: exp.Select) -> frozenset[str]:
        names: set[str] = set()
        for projection in select.selects:
            if isinstance(projection, exp.Star):
                for _, source in scope.selected_sources.values():
                    names |= self.columns_of(source)
            elif isinstance(projection, exp.Column) and isinstance(projection.this, exp.Star):
                names |= self.columns_of(scope.sources.get(projection.table))
            elif name := _output_name(projection):
                names.add(name)
        return frozenset(names)


def _alias_columns(node: exp.Expr) -> frozenset[str] | None:
    """Column names given by an alias list: WITH n(i) AS (...), or a derived table's alias."""
    while isinstance(node.parent, exp.SetOperation):
        node = node.parent
    holder = node.parent if not isinstance(node, exp.Lateral | exp.Subquery) else node
    alias = holder.args.get("alias") if holder is not None else None
    if isinstance(alias, exp.TableAlias) and alias.columns:
        return frozenset(c.name for c in alias.columns)
    return None
