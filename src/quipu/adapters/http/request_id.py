"""Every request gets an id (the caller's X-Request-ID when it is a sane one): it is on every log line and
trace span of that request, in the response header, and one JSON line per request records what happened."""

import contextlib
import logging
import re
import time
import uuid

from quipu.adapters.logs import REQUEST_ID
from quipu.adapters.metrics import observe_pools

log = logging.getLogger("quipu.access")
SANE_ID = re.compile(r"^[A-Za-z0-9._:-]{8,64}$")
POOL_EVERY_SECONDS = 1.0


class RequestId:
    """Pure ASGI middleware, so streaming responses pass through untouched."""

    def __init__(self, app, pools=lambda: {}):
        self.app = app
        self.pools = pools
        self._pools_seen = 0.0

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        given = dict(scope.get("headers") or []).get(b"x-request-id", b"").decode("latin-1")
        request_id = given if SANE_ID.match(given) else uuid.uuid4().hex
        token = REQUEST_ID.set(request_id)
        started = time.perf_counter()
        status = {"code": 500}

        async def send_with_id(message):
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", request_id.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            self._observe_pools()
            log.info(
                "request",
                extra={
                    "method": scope.get("method"),
                    "path": scope.get("path"),
                    "status": status["code"],
                    "ms": round((time.perf_counter() - started) * 1000, 1),
                },
            )
            REQUEST_ID.reset(token)

    def _observe_pools(self) -> None:
        now = time.monotonic()
        if now - self._pools_seen < POOL_EVERY_SECONDS:
            return
        self._pools_seen = now
        with contextlib.suppress(Exception):  # before start-up or after shut-down there are no pools to read
            observe_pools(self.pools())
