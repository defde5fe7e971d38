import hmac

from fastapi import APIRouter, Request
from fastapi.responses import Response

from quipu.adapters.http.deps import ResourcesDep, ServicesDep, bearer_token
from quipu.adapters.http.errors import ApiError
from quipu.adapters.metrics import exposition, observe_pools
from quipu.settings import Settings

router = APIRouter(tags=["health"])


@router.get(
    "/metrics", summary="Prometheus metrics: with QUIPU_METRICS_TOKEN as a bearer token (required in cloud mode)"
)
async def metrics(request: Request, resources: ResourcesDep, services: ServicesDep) -> Response:
    allow_scrape(request, services.settings)
    observe_pools(resources.pools())
    body, content_type = exposition()
    return Response(body, media_type=content_type)


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
