from fastapi import APIRouter
from fastapi.responses import Response

from quipu.adapters.http.deps import ContainerDep
from quipu.adapters.metrics import exposition, observe_pools

router = APIRouter(tags=["health"])


@router.get("/metrics", summary="Prometheus metrics (restrict to the monitoring network at the load balancer)")
async def metrics(container: ContainerDep) -> Response:
    observe_pools(pools_of(container))
    body, content_type = exposition()
    return Response(body, media_type=content_type)


def pools_of(container) -> dict:
    """The pools this process holds: the app's, the reader's (guarded SQL, when offered) and the checkpointer's."""
    pools = {"app": container.pool}
    for name, attribute in (("reader", "sql_pool"), ("checkpoint", "checkpoint_pool")):
        pool = getattr(container, attribute, None)
        if pool is not None:
            pools[name] = pool
    return pools
