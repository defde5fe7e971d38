"""A quick sample of the guard's rendering property (10,000 queries in tests/integration/test_sql_rendering.py;
skipped where hypothesis is not installed, as on a virtualenv with only the package and pytest)."""

import pytest

pytest.importorskip("hypothesis")

from hypothesis import given, settings  # noqa: E402

from hostile_sql import queries  # noqa: E402
from quipu.bank_data.format import CORE_TABLES  # noqa: E402
from quipu.domain.sql_columns import CoreColumns  # noqa: E402
from quipu.domain.sql_scope import OWNED, REFERENCE, Guarded, guard  # noqa: E402
from sql_reparse import assert_renders_what_it_checked  # noqa: E402

COLUMNS = CoreColumns({table: frozenset(CORE_TABLES[table]) for table in sorted(OWNED | REFERENCE)})


@settings(max_examples=40, deadline=None, database=None)
@given(sql=queries())
def test_what_the_guard_renders_reparses_to_what_it_checked_on_hostile_names(sql):
    """A quick sample of the 10,000-query property in tests/integration/test_sql_rendering.py."""
    verdict = guard(sql, COLUMNS)
    if isinstance(verdict, Guarded):
        assert_renders_what_it_checked(sql, verdict.sql)
