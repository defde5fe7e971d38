"""GET /api/me/finances: the customer's own spending, all or nothing."""

import psycopg

from quipu.adapters.postgres.bank_records import PgBankRecords
from support import sign_in


def test_lucia_sees_her_spending_in_mxn_with_the_duplicate_alert(api):
    response = api.get("/api/me/finances?days=30", headers=sign_in(api))
    assert response.status_code == 200
    page = response.json()
    assert page["clientId"] == "DEMO-MX-DUPLICATE" and page["currency"] == "MXN" and page["windowDays"] == 30
    assert page["alerts"][0]["merchant"] == "Uber Trip" and page["alerts"][0]["secondsApart"] == 4
    assert page["otherCurrencies"] == [] and page["totals"]["prevChangePct"] is not None
    assert page["notes"]["spending"].startswith("En los últimos 30 días gastaste")
    assert "internal" not in page and "segment" not in str(page)


def test_ana_reads_her_page_in_portuguese(api):
    page = api.get("/api/me/finances", headers=sign_in(api, "DEMO-BR-PORTUGUESE")).json()
    assert page["currency"] == "USD" and page["notes"]["spending"].startswith("Nos últimos 90 dias")
    assert page["alerts"][0]["secondsApart"] == 6


def test_no_spending_in_the_period_is_404(api):
    response = api.get("/api/me/finances", headers=sign_in(api, "DEMO-MX-KHIPU"))
    assert response.status_code == 404 and response.json()["error"] == "no_spending_in_period"


def test_days_out_of_range_is_422(api):
    headers = sign_in(api)
    assert api.get("/api/me/finances?days=3", headers=headers).status_code == 422
    assert api.get("/api/me/finances?days=400", headers=headers).status_code == 422


class BrokenPurchases(PgBankRecords):
    async def purchases(self, *args, **kwargs):
        raise psycopg.OperationalError("connection lost")


def test_a_failed_lookup_makes_the_whole_page_unavailable(api):
    services = api.app.state.services
    real = services.records
    services.records = BrokenPurchases(api.app.state.resources.pool)
    try:
        response = api.get("/api/me/finances", headers=sign_in(api))
    finally:
        services.records = real
    assert response.status_code == 503 and response.json()["error"] == "finances_unavailable"
    assert set(response.json()) == {"error", "message", "messages"}
