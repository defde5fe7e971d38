"""Refuses oversize bodies (413) and non-JSON bodies on JSON endpoints (415) before any route runs."""

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from quipu.adapters.http.errors import error_response

BODY_METHODS = {"POST", "PUT", "PATCH"}


class BodyGuard:
    def __init__(self, app: ASGIApp, *, max_bytes: int, raw_paths: tuple[str, ...] = ()):
        self.app = app
        self.max_bytes = max_bytes
        self.raw_paths = raw_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in BODY_METHODS:
            await self.app(scope, receive, send)
            return
        headers = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_bytes:
            await error_response("body_too_large")(scope, receive, send)
            return
        body = await self._read(receive)
        if body is None:
            await error_response("body_too_large")(scope, receive, send)
            return
        if body and self._needs_json(scope["path"]) and not _is_json(headers.get("content-type", "")):
            await error_response("unsupported_media_type")(scope, receive, send)
            return
        await self.app(scope, _replay(body, receive), send)

    async def _read(self, receive: Receive) -> bytes | None:
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                return None
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        return b"".join(chunks)

    def _needs_json(self, path: str) -> bool:
        return path.startswith("/api/") and not path.startswith(self.raw_paths)


def _is_json(content_type: str) -> bool:
    media = content_type.split(";")[0].strip().lower()
    return media == "application/json" or media.endswith("+json")


def _replay(body: bytes, upstream: Receive) -> Receive:
    """Hands the buffered body over once; later calls wait on the client as usual (disconnects)."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return await upstream()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive
