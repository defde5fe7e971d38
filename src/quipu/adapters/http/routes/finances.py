from typing import Annotated

from fastapi import APIRouter, Query

from quipu.adapters.http.deps import CustomerDep, ServicesDep
from quipu.adapters.http.errors import ApiError
from quipu.application.finance_results import FinancesPage
from quipu.application.finances import FinancesUnavailable, UnknownCustomer, finances
from quipu.domain.finances import NoSpending

router = APIRouter(prefix="/api/me", tags=["finances"])


@router.get("/finances", summary="Mis finanzas: the customer's spending in the window, all or nothing")
async def my_finances(
    who: CustomerDep, services: ServicesDep, days: Annotated[int, Query(ge=7, le=365)] = 90
) -> FinancesPage:
    try:
        return await finances(services.records, who.customer_id, days, services.disputes.store)
    except NoSpending:
        raise ApiError("no_spending_in_period") from None
    except UnknownCustomer:
        raise ApiError("unknown_customer") from None
    except FinancesUnavailable:
        raise ApiError("finances_unavailable") from None
