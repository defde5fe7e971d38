"""Sign-ins of the demo: real passwords for the ten demo customers and two operators (local mode only)."""

from dataclasses import dataclass

from quipu.bank_data.demo_customers import DEMO_CUSTOMERS

DEMO_PASSWORDS = {
    "DEMO-MX-DUPLICATE": "lucia-uber-duplicado",
    "DEMO-CO-PENDING": "andres-amazon-pendiente",
    "DEMO-MX-FX": "mariana-bestbuy-exterior",
    "DEMO-AR-FRAUD": "martina-electromax-fraude",
    "DEMO-CO-AMBIGUOUS": "camilo-cuatro-cargos",
    "DEMO-MX-OWN-PURCHASE": "diego-liverpool-propia",
    "DEMO-AR-REVERSED": "sofia-mercadolibre-revertido",
    "DEMO-BR-PORTUGUESE": "ana-ifood-duplicado",
    "DEMO-MX-KHIPU": "valeria-khipu-transfiere",
    "DEMO-MX-RECIBE": "renata-recibe-transferencias",
}


@dataclass(frozen=True)
class DemoOperator:
    username: str
    display_name: str
    role: str
    password: str


DEMO_OPERATORS = (
    DemoOperator("operadora", "Olga Operadora", "operator", "consola-operadora-2026"),
    DemoOperator("supervisora", "Sara Supervisora", "supervisor", "consola-supervisora-2026"),
)


def demo_sign_ins() -> dict:
    """The demo sign-ins as data: what `quipu demo credentials --json` prints."""
    return {
        "customers": [
            {
                "customer_id": d.customer_id,
                "full_name": f"{d.first_name} {d.last_name}",
                "email": d.email,
                "password": DEMO_PASSWORDS[d.customer_id],
                "case": d.case,
                "language": d.language,
            }
            for d in DEMO_CUSTOMERS
        ],
        "operators": [
            {"username": o.username, "display_name": o.display_name, "role": o.role, "password": o.password}
            for o in DEMO_OPERATORS
        ],
    }
