"""run_sql's rows as the customer reads them: a short list of `column: value`, numbers in their convention."""

import re
from decimal import Decimal

from quipu.application.skills.voice import Voice
from quipu.application.sql_results import SqlAnswer, SqlRefusal
from quipu.skills.data_lookup.phrases import counted, number

SHOWN_ROWS = 10
SHOWN_COLUMNS = 5
DECIMAL = re.compile(r"^-?\d+\.\d+$")
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$")


def cell(voice: Voice, value: object) -> str:
    """Numbers and days in the customer's convention; any other text is the records' own, quoted."""
    text = "—" if value is None else str(value)
    if DECIMAL.match(text):
        return number(voice, Decimal(text))
    if DAY.match(text):
        return voice.date(text)
    if value is None or isinstance(value, int | float | Decimal) or text.lstrip("-").isdigit():
        return text
    return voice.record(text)


def rows_answer(voice: Voice, result: SqlRefusal | SqlAnswer) -> str:
    if isinstance(result, SqlRefusal) or result.blocked:
        return voice.say("sql_refused")
    if result.error:  # the database stopped the query (a timeout): the records could not be read, never "none"
        return voice.say("unavailable")
    rows = result.rows or []
    if not rows:
        return voice.say("sql_none")
    columns = (result.columns or [])[:SHOWN_COLUMNS]
    lines = []
    for row in rows[:SHOWN_ROWS]:
        cells = [cell(voice, v) for v in row[: len(columns)]]
        lines.append(
            " · ".join(f"{c}: {v}" for c, v in zip(columns, cells, strict=True)) if len(columns) > 1 else cells[0]
        )
    count = result.row_count if result.row_count is not None else len(rows)
    text = voice.say(
        "sql_rows", count=count, rows_word=counted(voice, count, "row_one", "row_many"), lines=voice.lines(lines)
    )
    if result.truncated or len(rows) > SHOWN_ROWS:
        text += "\n" + voice.say("sql_truncated", shown=min(len(rows), SHOWN_ROWS))
    return text
