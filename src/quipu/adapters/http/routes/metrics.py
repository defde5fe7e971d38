import hmac

from fastapi import APIRouter, Request
from fastapi.responses import Response
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.http.deps import ResourcesDep, ServicesDep, bearer_token
from quipu.adapters.http.errors import ApiError
from quipu.adapters.metrics import exposition, observe_pools
from quipu.resources import Resources
from quipu.settings import Settings

router = APIRouter(tags=["health"])


@router.get(
    "/metrics", summary="Prometheus metrics: with QUIPU_METRICS_TOKEN as a bearer token (required in cloud mode)"
)
async def metrics(request: Request, resources: ResourcesDep, services: ServicesDep) -> Response:
    allow_scrape(request, services.settings)
    observe_pools(pools_of(resources))
    body, content_type = exposition()
    return Response(body, media_type=content_type)


def pools_of(resources: Resources) -> dict[str, AsyncConnectionPool]:
    """The pools this process holds: the app's, the reader's (guarded SQL, when offered) and the checkpointer's."""
    pools = {"app": resources.pool, "reader": resources.sql_pool, "checkpoint": resources.checkpoint_pool}
    return {name: pool for name, pool in pools.items() if pool is not None}


def allow_scrape(request: Request, settings: Settings) -> None:
    """Metrics name pools, queues and refusals: in cloud mode only a scraper holding the token reads them (none
    configured: nobody, 404); in local mode anyone on the laptop, unless a token is set."""
    if settings.metrics_token is None:
        if settings.env == "cloud":
            raise ApiError("not_found")
        return
    expected = settings.metrics_token.get_secret_value().encode()
    if not hmac.compare_digest(bearer_token(request).encode(), expected):
        raise ApiError("invalid_token")
