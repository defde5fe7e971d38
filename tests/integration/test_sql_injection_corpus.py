"""sqlmap's public payload corpus pushed through POST /api/dev/sql as one signed-in customer:
no 500, no other customer's row, no write, no setting left changed on the pooled connections."""

import re
import xml.etree.ElementTree as ET
from importlib.util import find_spec
from pathlib import Path

import pytest

from quipu.adapters.postgres.connection import connect
from support import sign_in

LUCIA = "DEMO-MX-DUPLICATE"
PLACEHOLDERS = {
    "[RANDNUM]": "4242",
    "[RANDNUM1]": "4243",
    "[RANDNUM2]": "4244",
    "[RANDNUM3]": "4245",
    "[RANDNUM4]": "4246",
    "[RANDNUM5]": "4247",
    "[RANDSTR]": "qzq",
    "[RANDSTR1]": "qzr",
    "[RANDSTR2]": "qzs",
    "[SLEEPTIME]": "1",
    "[INFERENCE]": "1=1",
    "[DELIMITER_START]": "qvq",
    "[DELIMITER_STOP]": "qxq",
    "[GENERIC_SQL_COMMENT]": "-- x",
    "[ORIGVALUE]": "x",
    "[QUERY]": "SELECT customer_id FROM core.customers",
    "[CHAR]": "NULL",
    "[UNION]": "UNION ALL SELECT customer_id, NULL FROM core.customers",
    "[SPACE]": " ",
}
HANDMADE = [
    "' UNION SELECT customer_id, NULL FROM core.customers --",
    "' UNION SELECT email, NULL FROM core.customers WHERE customer_id <> 'x' --",
    "' OR customer_id <> '' --",
    "'; SET ROLE postgres; SELECT * FROM core.customers --",
    "' UNION SELECT current_setting('quipu.customer_id'), NULL --",
    "' AND set_config('quipu.customer_id', 'DEMO-CO-PENDING', true) IS NOT NULL --",
    "' UNION SELECT usename, NULL FROM pg_user --",
    "' UNION SELECT params::text, NULL FROM ops.actions --",
]


def sqlmap_vectors() -> list[str]:
    spec = find_spec("sqlmap")
    folder = Path(spec.submodule_search_locations[0]) / "data" / "xml" / "payloads"
    vectors = []
    for file in sorted(folder.glob("*.xml")):
        for test in ET.parse(file).getroot().iter("test"):
            vector = test.findtext("vector") or ""
            if vector:
                vectors.append(vector)
    return vectors


def fill(vector: str) -> str:
    for key, value in PLACEHOLDERS.items():
        vector = vector.replace(key, value)
    return re.sub(r"\[[A-Z_0-9]+\]", "1", vector)


def attacks() -> list[str]:
    bodies = []
    for vector in sqlmap_vectors() + HANDMADE:
        payload = fill(vector)
        bodies.append(f"SELECT merchant_name, amount FROM transactions WHERE merchant_name = 'x' {payload}")
        bodies.append(f"SELECT merchant_name, amount FROM transactions WHERE merchant_name = 'x' {payload} AND 'a'='a'")
    return bodies


@pytest.fixture(scope="module")
def others(demo_db):
    with connect(demo_db.admin) as conn:
        rows = conn.execute(
            "SELECT customer_id, email, first_name FROM core.customers WHERE customer_id <> %s", (LUCIA,)
        ).fetchall()
        fingerprint = conn.execute(
            "SELECT md5(string_agg(t::text, '' ORDER BY transaction_id)) FROM core.transactions t"
        ).fetchone()
    return {v for row in rows for v in row[:2] if v}, fingerprint


@pytest.mark.slow
def test_the_injection_corpus_leaks_nothing_writes_nothing_and_changes_no_setting(api, others, demo_db):
    foreign_values, fingerprint = others
    headers = sign_in(api, LUCIA)
    bodies = attacks()
    assert len(bodies) > 300
    outcomes = {"refused": 0, "ran": 0, "failed_in_db": 0}
    for sql in bodies:
        response = api.post("/api/dev/sql", headers=headers, json={"sql": sql})
        assert response.status_code == 200, (sql, response.text)
        body = response.json()
        cells = {str(c) for row in body.get("rows", []) for c in row}
        assert not cells & foreign_values, sql
        outcomes["refused" if body.get("blocked") else "failed_in_db" if body.get("error") else "ran"] += 1
    print(outcomes)
    with connect(demo_db.admin) as conn:
        assert (
            conn.execute(
                "SELECT md5(string_agg(t::text, '' ORDER BY transaction_id)) FROM core.transactions t"
            ).fetchone()
            == fingerprint
        )
    assert_pooled_connections_are_clean(api)


def assert_pooled_connections_are_clean(api):
    async def settings():
        pool = api.app.state.resources.sql_pool
        async with pool.connection() as conn:
            return await (
                await conn.execute(
                    "SELECT current_user, current_setting('statement_timeout'), "
                    "current_setting('default_transaction_read_only'), "
                    "coalesce(current_setting('quipu.customer_id', true), '')"
                )
            ).fetchone()

    assert api.portal.call(settings) == ("dwh_reader", "3s", "on", "")  # the reader's own login and defaults


def test_dev_sql_is_local_only(make_client):
    cloud_like = make_client()
    services = cloud_like.app.state.services
    services.settings = services.settings.model_copy(update={"env": "cloud"})
    response = cloud_like.post("/api/dev/sql", headers=sign_in(cloud_like), json={"sql": "SELECT 1 FROM fx_rates"})
    assert response.status_code == 404
