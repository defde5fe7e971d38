"""The check that what the guard renders re-parses to the tree it checked: no Union, Table, Func or Command
node more than the query it was sent, each customer-owned table read only through its scoped subquery, and
the rendered text a fixpoint of parse-and-render."""

import re
from collections import Counter

import sqlglot
from sqlglot import exp

from quipu.domain.sql_scope import OWNED


def bind(rendered: str) -> str:
    """As the driver binds it, left to right: `%%` is one percent sign, `%(customer)s` the parameter."""
    return re.sub(r"%%|%\(customer\)s", lambda m: "%" if m.group() == "%%" else "'CUSTOMER'", rendered)


def reparse(rendered: str) -> exp.Expression:
    """What PostgreSQL will read: the driver's placeholder bound, escaped percent signs back to one."""
    statements = sqlglot.parse(bind(rendered), read="postgres")
    assert len(statements) == 1 and statements[0] is not None, rendered
    return statements[0]


GUARDED_KINDS = (exp.SetOperation, exp.Table, exp.Func, exp.Command, exp.Dot, exp.Placeholder, exp.Parameter)


def kinds(tree: exp.Expression) -> Counter:
    return Counter(kind.__name__ for node in tree.walk() for kind in GUARDED_KINDS if isinstance(node, kind))


def scoped_reads(tree: exp.Expression) -> int:
    """Customer-owned tables read through `(SELECT * FROM core.t WHERE customer_id = <the customer>)`."""
    count = 0
    for table in tree.find_all(exp.Table):
        if table.name not in OWNED:
            continue
        select = table.find_ancestor(exp.Select)
        where = select.args.get("where") if select else None
        filtered = where is not None and where.this.sql("postgres") == "\"customer_id\" = 'CUSTOMER'"
        whole = select is not None and len(select.selects) == 1 and isinstance(select.selects[0], exp.Star)
        assert filtered and whole and isinstance(select.parent, exp.Subquery), f"{table.name} read unscoped"
        count += 1
    return count


def assert_renders_what_it_checked(sent: str, rendered: str) -> None:
    """Re-parsed, the rendered SQL holds the nodes of the query sent and nothing more but the scoping."""
    before = sqlglot.parse_one(sent, read="postgres")
    after = reparse(rendered)
    owned_reads = scoped_reads(after)
    assert kinds(after) == kinds(before), f"{sent!r} rendered as {rendered!r}"
    added = Counter(type(n).__name__ for n in after.walk()) - Counter(type(n).__name__ for n in before.walk())
    assert added.get("Select", 0) == owned_reads and added.get("Subquery", 0) == owned_reads, rendered
    again = after.sql(dialect="postgres", comments=False, identify=True)
    assert again == bind(rendered), rendered
