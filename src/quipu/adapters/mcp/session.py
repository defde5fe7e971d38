"""Who a tool call is for. In process the agent puts the session in the request `_meta`; over HTTP the
customer is the bearer token's subject and `_meta` is ignored. No tool takes a customer argument."""

from dataclasses import dataclass

from fastmcp import Context
from fastmcp.exceptions import ToolError
from fastmcp.server.dependencies import get_access_token, get_http_request

META_KEY = "quipu"
LANGUAGES = ("es", "pt")
MAX_SAID = 2000


@dataclass(frozen=True)
class ToolSession:
    customer_id: str
    signed_in: bool
    language: str = "es"
    thread_id: str | None = None
    conversation_id: str | None = None
    said: str | None = None
    channel: str = "agent"

    def meta(self) -> dict:
        """The `_meta` block an in-process client sends for this session."""
        return {
            META_KEY: {
                "customer_id": self.customer_id,
                "signed_in": "1" if self.signed_in else "0",
                "language": self.language,
                "thread_id": self.thread_id,
                "conversation_id": self.conversation_id,
                "said": self.said,
            }
        }


def _over_http() -> bool:
    try:
        get_http_request()
    except RuntimeError:
        return False
    return True


def session_from(ctx: Context) -> ToolSession:
    if _over_http():
        token = get_access_token()
        if token is None or not token.client_id:
            raise ToolError("sign in first: this tool needs a customer's bearer token")
        return ToolSession(customer_id=token.client_id, signed_in=True, channel="mcp")
    request = ctx.request_context
    meta = ((request.meta or {}) if request else {}).get(META_KEY) or {}
    customer_id = meta.get("customer_id")
    if not isinstance(customer_id, str) or not customer_id:
        raise ToolError("no customer in this session")
    language = str(meta["language"]) if meta.get("language") in LANGUAGES else "es"
    said = meta.get("said")
    return ToolSession(
        customer_id=customer_id,
        signed_in=meta.get("signed_in") == "1",
        language=language,
        thread_id=meta.get("thread_id") or None,
        conversation_id=meta.get("conversation_id") or None,
        said=said[:MAX_SAID] if isinstance(said, str) else None,
    )
