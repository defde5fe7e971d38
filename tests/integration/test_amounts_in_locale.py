"""Amounts are read and written in the customer's convention: a decimal comma never makes an amount 100 times
larger, an ambiguous form is asked about, and the amount must stand in the customer's own words."""

from decimal import Decimal

import pytest
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.audit import PgAudit
from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.transfers_store import PgTransfers
from quipu.application.caller import Caller
from quipu.application.transfers import Transfers
from quipu.domain.money import format_money, read_amount
from quipu.domain.reading.naming import amounts_in

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("written", "place", "values"),
    [
        ("150,50", "Colombia", ["150.50"]),
        ("150,50", "México", ["150.50"]),
        ("1,5", "Argentina", ["1.5"]),
        ("1.234,56", "Brazil", ["1234.56"]),
        ("1,234.56", "México", ["1234.56"]),
        ("1.500", "Colombia", ["1500"]),
        ("1,500", "México", ["1500"]),
        ("1,500", "Colombia", ["1500", "1.500"]),
        ("1.500", "México", ["1500", "1.500"]),
        ("1.234.567", "Argentina", ["1234567"]),
        ("300", "México", ["300"]),
    ],
)
def test_amounts_are_read_in_the_customers_convention(written, place, values):
    assert [str(v) for v in read_amount(written, place).values] == values


def test_an_amount_that_is_not_a_number_is_not_read():
    assert read_amount("12,34,5", "Colombia") is None and read_amount("abc", "México") is None


def test_every_amount_in_a_message_is_found_and_an_account_is_not_one():
    said = amounts_in("transfiere 150,50 a la cuenta 4000000033 hoy", "es", "Colombia")
    assert [r.values for r in said] == [(Decimal("150.50"),)]


@pytest.mark.parametrize(
    ("said", "language", "place", "values"),
    [
        ("transfira 1.000 da poupança", "pt", "México", (Decimal("1000"),)),  # a Brazilian banking in Mexico
        ("manda 2.500 pra corrente", "pt", "Argentina", (Decimal("2500"),)),
        ("paga 150,50 da conta", "pt", "México", (Decimal("150.50"),)),
        ("pasa 1.000 del ahorro", "es", "México", (Decimal("1000"), Decimal("1.000"))),  # Mexico's convention: asked
        ("transfira 1,000 da poupança", "pt", "México", (Decimal("1000"), Decimal("1.000"))),  # Brazil's: asked
    ],
)
def test_portuguese_is_read_in_brazils_convention_wherever_the_account_is(said, language, place, values):
    (amount,) = amounts_in(said, language, place)
    assert amount.values == values


def test_cards_write_amounts_in_the_country_convention():
    assert format_money(Decimal("15050"), "COP", "Colombia") == "15.050,00 COP"
    assert format_money(Decimal("15050"), "MXN", "México") == "15,050.00 MXN"


@pytest.fixture
def colombian(bank_db):
    """A Colombian customer with two active COP accounts (made for the test, labelled as a fixture)."""
    with connect(bank_db.admin) as conn:
        conn.execute(
            "INSERT INTO core.customers (customer_id, first_name, last_name, country, city, preferred_language, "
            "customer_status, segment, registration_date, is_synthetic_fixture) VALUES "
            "('TEST-CO-AMOUNTS', 'Paula', 'Rojas', 'Colombia', 'Cali', 'es', 'Active', 'Basic', '2024-01-01', true) "
            "ON CONFLICT DO NOTHING"
        )
        for n, kind in ((1, "Cuenta Ahorro"), (2, "Cuenta Corriente")):
            conn.execute(
                "INSERT INTO core.products (product_id, customer_id, product_type, product_number_last4, currency, "
                "current_balance, product_status, opening_date, is_synthetic_fixture) VALUES "
                "(%s, 'TEST-CO-AMOUNTS', %s, %s, 'COP', 900000, 'Active', '2024-01-01', true) ON CONFLICT DO NOTHING",
                (f"TEST-CO-AMOUNTS-ACC{n}", kind, f"700{n}"),
            )
    return "TEST-CO-AMOUNTS"


@pytest.fixture
async def money(bank_db, clock):
    async with AsyncConnectionPool(bank_db.app, min_size=1, max_size=4, kwargs={"autocommit": True}) as pool:
        yield Transfers(PgTransfers(pool, clock), PgAudit(pool), clock)


def words(customer: str, text: str) -> Caller:
    return Caller(customer, True, "es", said=text)


async def propose(money, customer, text, amount):
    return await money.propose_transfer(
        words(customer, text), kind="own_accounts", amount=amount, from_type="Cuenta Ahorro", to_type="Cuenta Corriente"
    )


async def test_a_decimal_comma_in_colombia_proposes_150_50_never_15050(money, colombian):
    proposal = await propose(money, colombian, "transfiere 150,50 de mi ahorro a mi corriente", "150,50")
    assert proposal.status == "proposed", proposal
    assert proposal.confirmation.amount == Decimal("150.50")
    assert "150,50 COP" in proposal.confirmation.text


async def test_a_model_that_reads_the_comma_as_thousands_is_not_believed(money, colombian):
    proposal = await propose(money, colombian, "transfiere 150,50 de mi ahorro a mi corriente", "15050")
    assert proposal.status == "needs_clarification" and proposal.missing == "amount"


async def test_an_ambiguous_form_is_asked_about_in_the_customers_convention(money, colombian):
    proposal = await propose(money, colombian, "pasa 1,500 de mi ahorro a mi corriente", "1,500")
    assert proposal.status == "needs_clarification"
    assert "1.500,00 COP" in proposal.ask and "1,50 COP" in proposal.ask


async def test_a_large_amount_is_written_with_the_countrys_thousands_mark(money, colombian):
    proposal = await propose(money, colombian, "pasa 15.050 de mi ahorro a mi corriente", "15.050")
    assert proposal.status == "proposed", proposal
    assert "15.050,00 COP" in proposal.confirmation.text


@pytest.mark.parametrize("written", ["1.5.000", "1,000.000,5", "1234.567", "1,000,00", "1.000,000"])
def test_a_malformed_grouping_is_not_guessed_into_a_number(written):
    """`1.5.000` once read as 15,000 and `1,000.000,5` as 1,000,000.5."""
    assert read_amount(written, "Colombia") is None and read_amount(written, "México") is None


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("pasa plata de mi cuenta terminada en 7001 a la corriente", "7001"),
        ("pasa de mi ahorro a mi corriente lo del 15 de junio", "15"),
        ("pasa de mi ahorro a mi corriente lo de hoy 18/06", "18"),
        ("pasa de mi ahorro a mi corriente a las 10:30", "30"),
    ],
)
async def test_a_card_ending_or_a_date_is_never_the_amount_the_customer_said(money, colombian, text, amount):
    """The review: a model that took the ending or the day for the amount had it accepted as "said"."""
    proposal = await propose(money, colombian, text, amount)
    assert proposal.status == "needs_clarification" and proposal.missing == "amount", proposal


async def test_a_malformed_amount_from_the_model_is_asked_about_not_moved(money, colombian):
    proposal = await propose(money, colombian, "pasa 1.5.000 de mi ahorro a mi corriente", "1.5.000")
    assert proposal.status == "needs_clarification" and proposal.missing == "amount", proposal
