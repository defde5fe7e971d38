from fastapi import APIRouter
from pydantic import Field

from quipu.adapters.http.bodies import StrictBody
from quipu.adapters.http.deps import CustomerDep, ServicesDep
from quipu.adapters.http.errors import ApiError
from quipu.application.text_to_sql import run_sql

router = APIRouter(prefix="/api/dev", tags=["dev"])


class SqlIn(StrictBody):
    sql: str = Field(min_length=1, max_length=20_000)


@router.post("/sql", summary="Local mode only: the guarded SQL path without a model, as the signed-in customer")
async def dev_sql(body: SqlIn, who: CustomerDep, services: ServicesDep) -> dict:
    if services.settings.env != "local":
        raise ApiError("not_found")
    return (await run_sql(services.sql_runner, body.sql, who.customer_id)).json_ready()
