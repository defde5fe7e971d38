"""Use case: the 'Mis finanzas' page data; all or nothing."""

from datetime import timedelta

from quipu.application.disputes import DisputeStore
from quipu.application.finance_results import FinancesPage
from quipu.application.ports import BankRecords
from quipu.domain.dataset import AS_OF
from quipu.domain.finances import NoSpending, my_finances
from quipu.domain.spending import window_start


class UnknownCustomer(Exception):
    pass


class FinancesUnavailable(Exception):
    pass


async def finances(
    records: BankRecords, customer_id: str, days: int, disputes: DisputeStore | None = None
) -> FinancesPage:
    """Any failed lookup makes the whole page unavailable; never partial truths."""
    try:
        customer = await records.customer(customer_id)
        if customer is None:
            raise UnknownCustomer
        since = window_start(AS_OF, days) - timedelta(days=days)
        purchases = await records.purchases(customer_id, since, ("Approved", "Pending"))
        opened = await disputes.of_customer(customer_id, open_only=True) if disputes else []
    except (UnknownCustomer, NoSpending):
        raise
    except Exception as error:  # whatever failed, the page must not show partial figures
        raise FinancesUnavailable from error
    page = my_finances(
        purchases,
        customer_id=customer_id,
        country=customer["country"],
        language=customer["preferred_language"],
        as_of=AS_OF,
        days=days,
        disputes=opened,
    )
    return FinancesPage.model_validate(page)
