"""The served application: the HTTP app (adapters/http/app.py) around the container the composition root builds,
from one Settings. Also what an ASGI server started from an import string runs (uvicorn/gunicorn with several
workers, `quipu.service:create`): each worker process reads the same Settings from the environment and logs as
configured."""

from fastapi import FastAPI

from quipu.adapters.http.app import http_app
from quipu.adapters.logs import configure_logging
from quipu.adapters.postgres.connection import DatabaseUrls
from quipu.application.ports import LanguageModel
from quipu.application.services import Clock
from quipu.bootstrap import build_container, utc_now
from quipu.settings import Settings


def create_app(
    settings: Settings,
    *,
    clock: Clock = utc_now,
    urls: DatabaseUrls | None = None,
    model: LanguageModel | None = None,
) -> FastAPI:
    """urls overrides where the database is (tests give their own); settings decide otherwise."""
    return http_app(settings, lambda: build_container(settings, clock=clock, urls=urls, model=model))


def create() -> FastAPI:
    settings = Settings()
    configure_logging(settings.log_format)
    return create_app(settings)
