"""Use cases: balances, debts and profile of the session customer."""

from typing import Any

from quipu.application.ports import BankRecords
from quipu.domain.accounts import product_view, tenure_years, totals
from quipu.domain.dataset import AS_OF
from quipu.domain.vocabulary import DEBIT_CARD, DEBT_TYPES

BALANCE_EXCLUDED = (DEBIT_CARD,)  # the data does not say which account a debit card draws on
BILLING_PROVENANCE = "team_generated"


async def balances(records: BankRecords, customer_id: str, product_type: str | None) -> dict[str, Any]:
    products = await records.products(customer_id, (product_type,) if product_type else None)
    shown = [p for p in products if p.product_type not in BALANCE_EXCLUDED]
    return {
        "evidence_lookup": "core.products",
        "as_of": AS_OF.isoformat(),
        "products": [product_view(p) for p in shown],
        "totals": totals(shown),
        "totals_rule": "Active products only, per group and per currency; currencies are never added together",
    }


def _debt_view(row: dict[str, Any]) -> dict[str, Any]:
    view = {k: (str(v) if v is not None and not isinstance(v, int | str) else v) for k, v in row.items()}
    return {k: v for k, v in view.items() if v is not None}


async def debts(records: BankRecords, customer_id: str, product_type: str | None) -> dict[str, Any]:
    types = (product_type,) if product_type else DEBT_TYPES
    rows = await records.debts(customer_id, types)
    return {
        "evidence_lookup": "core.products, core.billing",
        "as_of": AS_OF.isoformat(),
        "billing_provenance": BILLING_PROVENANCE,
        "debts": [_debt_view(r) for r in rows],
    }


async def profile(records: BankRecords, customer_id: str) -> dict[str, Any]:
    customer = await records.customer(customer_id)
    if customer is None:
        return {"evidence_lookup": "core.customers", "found": False}
    counts = await records.product_counts(customer_id)
    view = {
        "first_name": customer["first_name"],
        "last_name": customer["last_name"],
        "city": customer["city"],
        "country": customer["country"],
        "segment": customer["segment"],
        "preferred_language": customer["preferred_language"],
        "customer_status": customer["customer_status"],
        "customer_since": customer["registration_date"].isoformat() if customer["registration_date"] else None,
        "tenure_years": tenure_years(customer["registration_date"], AS_OF),
        "products": {kind: {"count": n, "active": active} for kind, n, active in counts},
    }
    return {
        "evidence_lookup": "core.customers, core.products",
        "found": True,
        **{k: v for k, v in view.items() if v is not None},
    }
