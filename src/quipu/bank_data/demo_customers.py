"""The ten team-made demo customers, each built around one case: who they are and the charges of their case.
The generator turns them into labeled fixture rows; the demo sign-ins and statement photos read them too."""

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from decimal import Decimal


@dataclass(frozen=True)
class Charge:
    merchant: str
    amount: str
    at: datetime
    status: str = "Approved"
    channel: str = "POS"
    category: str = "Other"
    country: str | None = None
    city: str | None = None
    is_fraud: bool = False
    fraud_score: str = "12.00"


def charged_twice(first: Charge, seconds_later: int) -> tuple[Charge, Charge]:
    """The same charge again a few seconds later: the duplicate a demo case is built around."""
    return first, replace(first, at=first.at + timedelta(seconds=seconds_later))


@dataclass(frozen=True)
class DemoCustomer:
    customer_id: str
    first_name: str
    last_name: str
    city: str
    country: str
    currency: str
    case: str
    language: str = "es"
    charges: tuple[Charge, ...] = ()
    dispute_card: bool = True
    accounts: tuple[tuple[str, str, str, str], ...] = ()  # (type, currency, balance, account_number)
    extra_products: tuple[dict, ...] = ()
    bills: tuple[tuple[str, str], ...] = ()  # (biller category, amount)
    sessions: tuple[dict, ...] = field(default_factory=tuple)

    @property
    def email(self) -> str:
        return f"{self.customer_id.lower()}@demo.bank"


DEMO_CUSTOMERS: tuple[DemoCustomer, ...] = (
    DemoCustomer(
        "DEMO-MX-DUPLICATE",
        "Lucía",
        "Hernández Soto",
        "Ciudad de México",
        "México",
        "MXN",
        "Two Uber Trip charges of 312.40 MXN, 4 s apart: a duplicate",
        charges=charged_twice(
            Charge("Uber Trip", "312.40", datetime(2026, 6, 11, 9, 0, 0), channel="App", category="Transport"), 4
        ),
    ),
    DemoCustomer(
        "DEMO-CO-PENDING",
        "Andrés",
        "Gómez Rincón",
        "Bogotá",
        "Colombia",
        "COP",
        "Amazon Mktp 148,900 COP still pending, one day old",
        charges=(
            Charge(
                "Amazon Mktp",
                "148900.00",
                datetime(2026, 6, 17, 10, 15),
                status="Pending",
                channel="Web",
                country="USA",
                city="Seattle",
            ),
        ),
    ),
    DemoCustomer(
        "DEMO-MX-FX",
        "Mariana",
        "López Ruiz",
        "Monterrey",
        "México",
        "MXN",
        "Best Buy US 1,043.00 bought online from Austin, USA: a foreign purchase",
        charges=(
            Charge(
                "Best Buy US", "1043.00", datetime(2026, 6, 14, 16, 20), channel="Web", country="USA", city="Austin"
            ),
        ),
    ),
    DemoCustomer(
        "DEMO-AR-FRAUD",
        "Martina",
        "Fernández",
        "Buenos Aires",
        "Argentina",
        "ARS",
        "Three ElectroMax Córdoba charges of 161,700 ARS, fraud score 91: needs a person",
        charges=tuple(
            Charge(
                "ElectroMax Córdoba", "161700.00", at, channel="Web", city="Córdoba", is_fraud=True, fraud_score="91.00"
            )
            for at in (datetime(2026, 6, 18, 10, 2), datetime(2026, 6, 18, 10, 31), datetime(2026, 6, 18, 10, 58))
        ),
    ),
    DemoCustomer(
        "DEMO-CO-AMBIGUOUS",
        "Camilo",
        "Restrepo Díaz",
        "Medellín",
        "Colombia",
        "COP",
        "Four charges on one day: which one is meant needs a question",
        charges=(
            Charge("Rappi", "42000.00", datetime(2026, 6, 16, 8, 45), channel="App", category="Food"),
            Charge("Éxito", "131500.00", datetime(2026, 6, 16, 12, 10), category="Food"),
            Charge("Uber Trip", "18300.00", datetime(2026, 6, 16, 18, 30), channel="App", category="Transport"),
            Charge("Amazon Mktp", "149900.00", datetime(2026, 6, 16, 21, 5), channel="Web"),
        ),
    ),
    DemoCustomer(
        "DEMO-MX-OWN-PURCHASE",
        "Diego",
        "Ramírez Cruz",
        "Guadalajara",
        "México",
        "MXN",
        "Liverpool 2,899.00 in the app, during his own iOS session from Guadalajara",
        charges=(Charge("Liverpool", "2899.00", datetime(2026, 6, 15, 19, 42), channel="App"),),
        sessions=(
            {
                "started_at": datetime(2026, 6, 15, 19, 35),
                "ended_at": datetime(2026, 6, 15, 19, 51),
                "platform": "iOS",
                "ip_city": "Guadalajara",
                "events": 14,
            },
        ),
    ),
    DemoCustomer(
        "DEMO-AR-REVERSED",
        "Sofía",
        "Gutiérrez",
        "Rosario",
        "Argentina",
        "ARS",
        "Mercado Libre 54,000 ARS already reversed: nothing to dispute",
        charges=(Charge("Mercado Libre", "54000.00", datetime(2026, 6, 13, 14, 5), status="Reversed", channel="Web"),),
    ),
    DemoCustomer(
        "DEMO-BR-PORTUGUESE",
        "Ana",
        "Souza Lima",
        "São Paulo",
        "Brazil",
        "USD",
        "Two iFood charges of 27.90 USD, 6 s apart, in Portuguese",
        language="pt",
        charges=charged_twice(
            Charge("iFood", "27.90", datetime(2026, 6, 12, 20, 15, 0), channel="App", category="Food"), 6
        ),
    ),
    DemoCustomer(
        "DEMO-MX-KHIPU",
        "Valeria",
        "Castillo Núñez",
        "Ciudad de México",
        "México",
        "MXN",
        "Two accounts, a credit card, a loan and three pending bills: money movement",
        dispute_card=False,
        accounts=(
            ("Cuenta Ahorro", "MXN", "25000.00", "4000000011"),
            ("Cuenta Corriente", "MXN", "8500.00", "4000000022"),
        ),
        extra_products=(
            {
                "product_type": "Tarjeta Crédito",
                "current_balance": Decimal("6200.00"),
                "credit_limit": Decimal("30000.00"),
                "interest_rate": Decimal("36.00"),
                "last4": "7788",
            },
            {
                "product_type": "Préstamo Personal",
                "current_balance": Decimal("48000.00"),
                "interest_rate": Decimal("24.00"),
                "last4": "5566",
            },
        ),
        bills=(("luz", "845.00"), ("agua", "312.50"), ("internet", "599.00")),
    ),
    DemoCustomer(
        "DEMO-MX-RECIBE",
        "Renata",
        "Vega Morales",
        "Puebla",
        "México",
        "MXN",
        "Receives transfers: an MXN account 4000000033 and a USD account",
        dispute_card=False,
        accounts=(("Cuenta Ahorro", "MXN", "3200.00", "4000000033"), ("Cuenta Ahorro", "USD", "150.00", "4000000044")),
    ),
)
