"""Who a tool call is for. In process the agent's port names the session directly (or, from an in-memory
client, in the request `_meta`); over HTTP the customer is the bearer token's subject and `_meta` is ignored.
No tool takes a customer argument: a tool reads the session the middleware resolved, through `Depends`."""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace

from fastmcp import Context
from fastmcp.exceptions import ToolError
from fastmcp.server.dependencies import get_access_token, get_http_request

from quipu.application.caller import Caller

META_KEY = "quipu"
LANGUAGES = ("es", "pt")
MAX_SAID = 2000


def meta_of(caller: Caller) -> dict:
    """The `_meta` block an in-memory client sends for this caller."""
    return {
        META_KEY: {
            "customer_id": caller.customer_id,
            "signed_in": "1" if caller.signed_in else "0",
            "language": caller.language,
            "thread_id": caller.thread_id,
            "conversation_id": caller.conversation_id,
            "said": caller.said,
        }
    }


_IN_PROCESS: ContextVar[Caller | None] = ContextVar("quipu_in_process_session", default=None)
_CURRENT: ContextVar[Caller | None] = ContextVar("quipu_tool_session", default=None)


@contextmanager
def calling_for(session: Caller) -> Iterator[None]:
    """The in-process port's calls inside this block are for `session` (only code in this process can set it)."""
    said = session.said[:MAX_SAID] if isinstance(session.said, str) else None
    token = _IN_PROCESS.set(replace(session, said=said))
    try:
        yield
    finally:
        _IN_PROCESS.reset(token)


@contextmanager
def resolved(session: Caller) -> Iterator[None]:
    """Set by the middleware around one tool call; `current_session` reads it."""
    token = _CURRENT.set(session)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def current_session() -> Caller:
    """The session of the tool call being served (a `Depends` for tool bodies)."""
    session = _CURRENT.get()
    if session is None:
        raise ToolError("no customer in this session")
    return session


def signed_in() -> Caller:
    """The session, refused unless the customer signed in (a `Depends` for tools that propose or list for acting)."""
    session = current_session()
    if not session.signed_in:
        raise ToolError("the customer must sign in before any action can be prepared")
    return session


def _over_http() -> bool:
    try:
        get_http_request()
    except RuntimeError:
        return False
    return True


def session_from(ctx: Context | None) -> Caller:
    if _over_http():  # over HTTP the bearer token alone decides, whatever else is set
        token = get_access_token()
        if token is None or not token.client_id:
            raise ToolError("sign in first: this tool needs a customer's bearer token")
        return Caller(customer_id=token.client_id, signed_in=True, channel="mcp")
    in_process = _IN_PROCESS.get()
    if in_process is not None:
        return in_process
    request = ctx.request_context if ctx is not None else None
    meta = ((request.meta or {}) if request else {}).get(META_KEY) or {}
    customer_id = meta.get("customer_id")
    if not isinstance(customer_id, str) or not customer_id:
        raise ToolError("no customer in this session")
    language = str(meta["language"]) if meta.get("language") in LANGUAGES else "es"
    said = meta.get("said")
    return Caller(
        customer_id=customer_id,
        signed_in=meta.get("signed_in") == "1",
        language=language,
        thread_id=meta.get("thread_id") or None,
        conversation_id=meta.get("conversation_id") or None,
        said=said[:MAX_SAID] if isinstance(said, str) else None,
    )
