"""One POST to a hosted or served model: bounded by a timeout, sent once more after a connection error (the
request never reached the model, so repeating it cannot double anything); other failures are not repeated."""

import httpx

from quipu.adapters.metrics import MODEL_RETRIES

RETRIED = (httpx.ConnectError, httpx.ConnectTimeout, httpx.RemoteProtocolError)


async def post_json(
    client: httpx.AsyncClient, path: str, body: dict, *, provider: str, timeout: float | None = None
) -> dict:
    """`timeout` replaces the client's own for this call (a warm-up reading a long prompt into a cold server)."""
    limit = httpx.USE_CLIENT_DEFAULT if timeout is None else timeout
    try:
        response = await client.post(path, json=body, timeout=limit)
    except RETRIED:
        MODEL_RETRIES.labels(provider).inc()
        response = await client.post(path, json=body, timeout=limit)
    response.raise_for_status()
    return response.json()
