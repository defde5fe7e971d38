from fastapi import APIRouter
from fastapi.responses import JSONResponse

from quipu.adapters.http.deps import ServicesDep

router = APIRouter(tags=["health"])


@router.get("/health", summary="The process is up")
async def health(services: ServicesDep) -> dict:
    return {"status": "ok", "env": services.settings.env}


@router.get("/health/ready", summary="Every dependency answers; 503 otherwise")
async def ready(services: ServicesDep) -> JSONResponse:
    checks = {}
    for name, probe in services.probes.items():
        try:
            checks[name] = "ok" if await probe() else "unavailable"
        except Exception as error:  # a probe reports any failure as that dependency being down
            checks[name] = f"unavailable: {type(error).__name__}"
    healthy = all(v == "ok" for v in checks.values())
    off = services.sql_runner.off_reason  # run_sql off does not make the service unready
    run_sql = {"enabled": off is None, **({"reason": off} if off else {})}
    return JSONResponse(
        {"status": "ready" if healthy else "unavailable", "checks": checks, "run_sql": run_sql},
        status_code=200 if healthy else 503,
    )
