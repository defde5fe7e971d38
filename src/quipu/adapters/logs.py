"""Logs as one JSON object a line, each carrying the request id of the HTTP request it belongs to (the same id
is set on that request's trace spans and returned in the X-Request-ID header). Every line, its traceback
included, goes through the masking traces use: a failure keeps where it happened, not whose data it held."""

import contextvars
import json
import logging
import re
import time

from quipu.domain.masking import mask_text
from quipu.domain.step_up import CODE_DIGITS

REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)
STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime", "taskName"}
CREDENTIALS = re.compile(r"(://)[^/@\s:]+:[^/@\s]+@")  # user:password in a connection URL
TOKEN = re.compile(r"\b(?:eyJ[\w-]+\.[\w-]+\.[\w-]*|[Bb]earer\s+\S+)")  # a JWT, an Authorization header
# A step-up code standing alone, also at the end of a sentence ("Tu código es 123456."): only a number that goes
# on after a mark (`123456.78`, `10:123456`) is not one.
CODE = re.compile(rf"(?<!\w)(?<!\d[.,:/-])\d{{{CODE_DIGITS}}}(?!\w)(?![.,:/-]\d)")
# A secret written as key=value or as a quoted key of a dict ("password": "…"): the key stays, the value goes.
SECRET_WORDS = (
    r"[\w-]*(?:password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credential)[\w-]*"
)
SECRET_PAIR = re.compile(
    rf"(?i)\b({SECRET_WORDS})(\s*=\s*)(\"[^\"]*\"|'[^']*'|[^\s,;&)]+)"
    rf"|([\"']{SECRET_WORDS}[\"']\s*:\s*)(\"[^\"]*\"|'[^']*'|[^\s,}}]+)"
)
ISO_DATE = re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")  # kept: a date says when, not whose


def masked(text: str) -> str:
    """A log line without account or card numbers, e-mails, phones, tokens, passwords, key=value secrets or
    step-up codes."""
    text = CODE.sub("<code>", TOKEN.sub("<token>", CREDENTIALS.sub(r"\1<credentials>@", text)))
    text = SECRET_PAIR.sub(_secret, text)
    dates = ISO_DATE.findall(text)
    pieces = [mask_text(piece) for piece in ISO_DATE.split(text)]
    return "".join(piece + date for piece, date in zip(pieces, [*dates, ""], strict=True))


def _secret(match: re.Match[str]) -> str:
    if match.group(1):
        return f"{match.group(1)}{match.group(2)}<secret>"
    return f"{match.group(4)}<secret>"


class MaskedFormatter(logging.Formatter):
    """Plain text lines, masked; an exception keeps its whole traceback."""

    def format(self, record: logging.LogRecord) -> str:
        return masked(super().format(record))


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": masked(record.getMessage()),
        }
        request_id = REQUEST_ID.get()
        if request_id:
            line["request_id"] = request_id
        line.update({k: v for k, v in vars(record).items() if k not in STANDARD and not k.startswith("_")})
        if record.exc_info:
            line["error"] = masked(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False, default=str)


def configure_logging(fmt: str = "json", level: int = logging.INFO) -> None:
    """One handler on the root logger (uvicorn's own loggers included); calling it again replaces it."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if fmt == "json" else MaskedFormatter("%(levelname)s %(name)s %(message)s"))
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers = []
        logging.getLogger(name).propagate = name != "uvicorn.access"  # our middleware writes one line a request
    for name in ("httpx", "httpcore", "mcp", "fastmcp"):
        logging.getLogger(name).setLevel(logging.WARNING)
