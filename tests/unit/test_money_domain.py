from datetime import date, datetime, timedelta
from decimal import Decimal

import pytest

from quipu.domain.accounts import Product, credit_available, product_view, totals
from quipu.domain.finances import NoSpending, main_currency, my_finances
from quipu.domain.money import format_money
from quipu.domain.spending import Purchase, spending_summary

AS_OF = date(2026, 6, 18)


def product(kind="Cuenta Ahorro", currency="MXN", balance="100.00", status="Active", limit=None) -> Product:
    return Product(
        "p", kind, "1234", currency, Decimal(balance) if balance else None, Decimal(limit) if limit else None, status
    )


def purchase(
    days_ago=1,
    amount="100.00",
    currency="MXN",
    merchant="OXXO",
    category="Food",
    status="Approved",
    seconds=0,
    tid=None,
) -> Purchase:
    at = datetime(2026, 6, 18, 10) - timedelta(days=days_ago) + timedelta(seconds=seconds)
    return Purchase(
        tid or f"t{days_ago}{merchant}{seconds}{amount}",
        at,
        merchant,
        Decimal(amount),
        currency,
        category,
        "México",
        "Tarjeta Crédito",
        status,
    )


def test_totals_are_per_currency_and_only_over_active_products():
    result = totals(
        [
            product(balance="100.00"),
            product(balance="50.00", currency="USD"),
            product(balance="999.00", status="Blocked"),
            product("Tarjeta Crédito", balance="30.00"),
        ]
    )
    assert result == {"debt": {"MXN": "30.00"}, "deposits": {"MXN": "100.00", "USD": "50.00"}}


def test_unknown_balance_is_left_out_not_zero():
    view = product_view(product(balance=None))
    assert "current_balance" not in view
    assert totals([product(balance=None)]) == {}


def test_credit_available_is_floored_at_zero():
    assert credit_available(product("Tarjeta Crédito", balance="1200.00", limit="1000.00")) == Decimal("0.00")
    assert credit_available(product("Tarjeta Crédito", balance="200.00", limit="1000.00")) == Decimal("800.00")


def test_spending_compares_with_the_previous_window_per_currency():
    result = spending_summary(
        [purchase(1, "300.00"), purchase(40, "100.00"), purchase(2, "10.00", "USD")],
        as_of=AS_OF,
        days=30,
        home_country="México",
    )
    assert result["MXN"]["spend"] == "300.00" and result["MXN"]["previous_spend"] == "100.00"
    assert result["MXN"]["change_pct"] == "200.00"
    assert "change_pct" not in result["USD"]


def test_main_currency_is_by_count_never_by_amount_and_ties_go_alphabetically():
    assert (
        main_currency(
            [purchase(currency="USD", amount="9000"), purchase(currency="MXN"), purchase(currency="MXN", seconds=5)]
        )
        == "MXN"
    )
    assert main_currency([purchase(currency="USD"), purchase(currency="MXN")]) == "MXN"


def test_finances_top_categories_alerts_and_template_notes():
    items = [
        purchase(1, "312.40", merchant="Uber Trip", category="Transport", tid="u1"),
        purchase(1, "312.40", merchant="Uber Trip", category="Transport", seconds=4, tid="u2"),
    ]
    items += [
        purchase(d, "50.00", merchant=f"M{d}", category=c)
        for d, c in enumerate(["Food", "Health", "Services", "Entertainment", "Other", None], start=3)
    ]
    items.append(purchase(2, "20.00", currency="USD"))
    page = my_finances(items, customer_id="C", country="México", language="es", as_of=AS_OF, days=30)
    assert page["currency"] == "MXN" and page["otherCurrencies"] == [
        {"currency": "USD", "spend": "20.00", "transactions": 1}
    ]
    assert [c["name"] for c in page["categories"]][0] == "Transporte" and page["categories"][-1]["name"] == "Otros"
    assert len(page["categories"]) == 6
    assert page["alerts"][0]["secondsApart"] == 4 and len(page["alerts"]) == 1
    assert "924.80 MXN" in page["notes"]["spending"] and "Uber Trip" in page["notes"]["spending"]
    assert page["totals"]["prevChangePct"] is None


def test_finances_in_portuguese():
    page = my_finances(
        [purchase(1, "1234.50", currency="USD")], customer_id="C", country="Brazil", language="pt", as_of=AS_OF, days=30
    )
    assert "1.234,50 USD" in page["notes"]["spending"] and page["notes"]["spending"].startswith("Nos últimos")


def test_no_spending_in_the_window():
    with pytest.raises(NoSpending):
        my_finances([purchase(100)], customer_id="C", country="México", language="es", as_of=AS_OF, days=30)


def test_money_formatting():
    assert format_money(Decimal("1043"), "MXN") == "1,043.00 MXN"
    assert format_money(Decimal("1043"), "BRL", "pt") == "1.043,00 BRL"
