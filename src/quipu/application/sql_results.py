"""What run_sql returns: a refusal before anything ran (the guard, the switch, the customer's share), or what
ran: the rows, or why the database did not answer. Cells are JSON scalars, numbers as the runner wrote them."""

from typing import Literal

from quipu.application.results import Result

Cell = str | int | float | bool | None


class SqlRefusal(Result):
    """Refusals come back as data the model can act on: the reason, and what to do next."""

    error: str
    blocked: Literal[True] = True
    detail: str
    hint: str


class SqlAnswer(Result):
    """The query the walls ran, and its rows; or, when the database stopped it, `error` and `detail`."""

    evidence_lookup: str  # the core tables the query read
    executed_sql: str
    columns: list[str] | None = None
    rows: list[list[Cell]] | None = None
    row_count: int | None = None
    truncated: bool | None = None  # rows or characters were left out
    error: str | None = None  # timeout, query_failed
    blocked: bool | None = None
    detail: str | None = None


class SchemaCatalog(Result):
    """What describe_schema returns: the tables run_sql may read, as the catalog's comments describe them."""

    evidence_lookup: str = "pg_catalog comments of core"
    catalog: str
