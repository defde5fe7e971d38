"""Use cases: balances, debts and profile of the session customer."""

from quipu.application.account_results import Balances, Debt, Debts, ProductCount, ProductLine, Profile
from quipu.application.ports import BankRecords
from quipu.domain.accounts import product_view, tenure_years, totals
from quipu.domain.dataset import AS_OF
from quipu.domain.vocabulary import DEBIT_CARD, DEBT_TYPES

BALANCE_EXCLUDED = (DEBIT_CARD,)  # the data does not say which account a debit card draws on
BILLING_PROVENANCE = "team_generated"


async def balances(records: BankRecords, customer_id: str, product_type: str | None) -> Balances:
    products = await records.products(customer_id, (product_type,) if product_type else None)
    shown = [p for p in products if p.product_type not in BALANCE_EXCLUDED]
    lines = [ProductLine.model_validate(product_view(p)) for p in shown]
    return Balances(as_of=AS_OF, products=lines, totals=totals(shown))


async def debts(records: BankRecords, customer_id: str, product_type: str | None) -> Debts:
    types = (product_type,) if product_type else DEBT_TYPES
    rows = await records.debts(customer_id, types)
    return Debts(as_of=AS_OF, billing_provenance=BILLING_PROVENANCE, debts=[Debt.model_validate(r) for r in rows])


async def profile(records: BankRecords, customer_id: str) -> Profile:
    customer = await records.customer(customer_id)
    if customer is None:
        return Profile(evidence_lookup="core.customers", found=False)
    counts = await records.product_counts(customer_id)
    return Profile(
        found=True,
        first_name=customer["first_name"],
        last_name=customer["last_name"],
        city=customer["city"],
        country=customer["country"],
        segment=customer["segment"],
        preferred_language=customer["preferred_language"],
        customer_status=customer["customer_status"],
        customer_since=customer["registration_date"],
        tenure_years=tenure_years(customer["registration_date"], AS_OF),
        products={kind: ProductCount(count=n, active=active) for kind, n, active in counts},
    )
