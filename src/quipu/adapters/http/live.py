"""Server-Sent Events: a browser watching a conversation hears that it changed, then reads it the usual way."""

import asyncio
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable

from fastapi import Request
from fastapi.responses import StreamingResponse

from quipu.application.ports import LiveEvents

PING_SECONDS = 15


def event_stream(
    request: Request,
    feed: LiveEvents,
    wanted: Callable[[str], bool],
    *,
    still_allowed: Callable[[], Awaitable[bool]] | None = None,
) -> StreamingResponse:
    """Only ids pass through the stream; what changed is read through the endpoints that check ownership.

    still_allowed is asked on this stream's own timer, every PING_SECONDS however busy the bank is (it was
    asked only after that long without any change anywhere): once the token expired, the session was signed
    out or the account was disabled, the stream says `end` and closes."""

    async def events() -> AsyncIterator[str]:
        async with feed.subscribe() as queue:
            yield "retry: 2000\nevent: ready\ndata: {}\n\n"
            check_at = time.monotonic() + PING_SECONDS
            while not await request.is_disconnected():
                left = check_at - time.monotonic()
                if left <= 0:
                    if still_allowed is not None and not await still_allowed():
                        yield "event: end\ndata: {}\n\n"
                        return
                    yield ": ping\n\n"
                    check_at = time.monotonic() + PING_SECONDS
                    continue
                try:
                    conversation_id = await asyncio.wait_for(queue.get(), timeout=left)
                except TimeoutError:
                    continue
                if wanted(conversation_id):
                    yield f"event: change\ndata: {json.dumps({'conversation_id': conversation_id})}\n\n"

    return StreamingResponse(
        events(), media_type="text/event-stream", headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    )
