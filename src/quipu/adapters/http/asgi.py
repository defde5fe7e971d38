"""The application for an ASGI server started from an import string (uvicorn/gunicorn with several workers):
each worker process reads the same Settings from the environment and logs as configured."""

from fastapi import FastAPI

from quipu.adapters.http.app import create_app
from quipu.adapters.logs import configure_logging
from quipu.settings import Settings


def create() -> FastAPI:
    settings = Settings()
    configure_logging(settings.log_format)
    return create_app(settings)
