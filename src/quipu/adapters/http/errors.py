"""One error shape for the whole API: a machine code, a precise English text, and ES/PT for customers."""

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from quipu.adapters.web.pages import not_found_page
from quipu.application.ports import AuthError
from quipu.domain.texts.errors import ERRORS

log = logging.getLogger("quipu.http")
MACHINE_PATHS = ("/api", "/mcp", "/health", "/static", "/docs", "/openapi", "/redoc", "/demo")
STARLETTE_CODES = {404: "not_found", 405: "method_not_allowed", 413: "body_too_large", 415: "unsupported_media_type"}


class ApiError(Exception):
    def __init__(self, code: str, *, details: object = None):
        super().__init__(code)
        self.code = code
        self.details = details


def error_response(code: str, details: object = None) -> JSONResponse:
    text = ERRORS[code]
    body: dict[str, object] = {"error": code, "message": text.en, "messages": {"es": text.es, "pt": text.pt}}
    if details is not None:
        body["details"] = details
    headers = {"WWW-Authenticate": "Bearer"} if text.status == 401 else None
    return JSONResponse(body, status_code=text.status, headers=headers)


def _validation_details(error: RequestValidationError) -> list[dict]:
    return [
        {"field": ".".join(str(p) for p in e["loc"][1:]) or e["loc"][0], "problem": e["msg"]} for e in error.errors()
    ]


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(_: Request, error: ApiError):
        return error_response(error.code, error.details)

    @app.exception_handler(AuthError)
    async def auth_error(_: Request, error: AuthError):
        return error_response(error.code)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, error: RequestValidationError):
        if any(e.get("type") == "json_invalid" for e in error.errors()):
            return error_response("malformed_json")
        return error_response("invalid_request", _validation_details(error))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException):
        if error.status_code == 404 and not request.url.path.startswith(MACHINE_PATHS):
            return not_found_page(request)
        return error_response(STARLETTE_CODES.get(error.status_code, "not_found"))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception):
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return error_response("internal_error")
