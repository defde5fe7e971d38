from fastapi import APIRouter
from fastapi.responses import Response
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.http.deps import ResourcesDep
from quipu.adapters.metrics import exposition, observe_pools
from quipu.bootstrap import Resources

router = APIRouter(tags=["health"])


@router.get("/metrics", summary="Prometheus metrics (restrict to the monitoring network at the load balancer)")
async def metrics(resources: ResourcesDep) -> Response:
    observe_pools(pools_of(resources))
    body, content_type = exposition()
    return Response(body, media_type=content_type)


def pools_of(resources: Resources) -> dict[str, AsyncConnectionPool]:
    """The pools this process holds: the app's, the reader's (guarded SQL, when offered) and the checkpointer's."""
    pools = {"app": resources.pool, "reader": resources.sql_pool, "checkpoint": resources.checkpoint_pool}
    return {name: pool for name, pool in pools.items() if pool is not None}
