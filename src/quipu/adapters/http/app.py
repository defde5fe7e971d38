"""The FastAPI application around a running service: its routes, pages, middleware and the MCP hub. What it
serves is built by the composition root (`quipu.service.create_app`); nothing connects at import time."""

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

from fastapi import FastAPI

from quipu import __version__
from quipu.adapters.http.backpressure import install_backpressure
from quipu.adapters.http.body_guard import BodyGuard
from quipu.adapters.http.errors import install_error_handlers
from quipu.adapters.http.request_id import RequestId
from quipu.adapters.http.routes import (
    actions,
    auth,
    chat,
    console,
    dev,
    finances,
    health,
    me,
    operators,
    speech,
    transfers,
)
from quipu.adapters.http.routes import metrics as metrics_route
from quipu.adapters.http.security_headers import SecurityHeaders
from quipu.adapters.mcp.auth import CustomerTokenVerifier
from quipu.adapters.mcp.hub import hub
from quipu.adapters.web import pages
from quipu.application.services import Running, Services
from quipu.settings import Settings

RAW_BODY_PATHS = ("/api/speech/transcribe",)


def http_app(settings: Settings, running: Callable[[], AbstractAsyncContextManager[Running]]) -> FastAPI:
    """`running` builds the service when the app starts and closes it when the app stops."""

    def services() -> Services:
        return app.state.services

    mcp_app = hub(
        lambda: services().tools,
        auth=CustomerTokenVerifier(lambda: services().identity),
        actions_enabled=settings.actions_enabled,
        memory=settings.memory_on,
    ).http_app(path="/", stateless_http=True, json_response=True)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        async with running() as built, mcp_app.lifespan(mcp_app):
            app.state.services, app.state.resources = built.services, built.resources
            yield

    app = FastAPI(
        title="quipu",
        version=__version__,
        lifespan=lifespan,
        description="AI-first customer service for retail banks: ES/PT, records first, code decides.",
        # None turns the docs off; mypy cannot match a dict of them to FastAPI's keyword arguments
        **({"docs_url": None, "redoc_url": None, "openapi_url": None} if settings.env == "cloud" else {}),  # type: ignore[arg-type]
    )
    install_error_handlers(app)
    app.add_middleware(BodyGuard, max_bytes=settings.max_body_bytes, raw_paths=RAW_BODY_PATHS)
    app.add_middleware(SecurityHeaders)
    for module in (health, auth, me, chat, speech, finances, actions, transfers, operators, console, dev):
        app.include_router(module.router)
    app.include_router(pages.router)
    app.mount("/static", pages.static_files(), name="static")
    app.mount("/mcp", mcp_app)
    install_backpressure(app)
    app.include_router(metrics_route.router)
    app.add_middleware(RequestId, pools=lambda: app.state.resources.pools())
    return app
