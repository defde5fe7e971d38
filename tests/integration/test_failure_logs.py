"""A failing tool or model call leaves a traceback an engineer can act on, with no customer data in it."""

import io
import json
import logging

import pytest
from fastmcp import Client

from quipu.adapters.logs import JsonFormatter, MaskedFormatter, masked
from quipu.adapters.mcp.hub import hub
from quipu.adapters.mcp.session import meta_of
from quipu.application.caller import Caller
from quipu.application.skills.tool_deps import ToolDeps

pytestmark = pytest.mark.anyio
ACCOUNT = "4152313378901234"
SECRETS = (ACCOUNT, "ana.perez@example.com", "482913", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl", "s3cret")


class FailingRecords:
    """Every read fails with an error that quotes customer data, as a driver's message may."""

    def __getattr__(self, name):
        async def fail(*args, **kwargs):
            raise RuntimeError(
                f"no row for account {ACCOUNT} of ana.perez@example.com (code 482913, "
                f"token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl, postgresql://app:s3cret@db/quipu)"
            )

        return fail


class NoAudit:
    async def log(self, **row) -> None:
        return None


def captured(formatter: logging.Formatter) -> tuple[logging.Handler, io.StringIO]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    return handler, stream


async def test_a_failing_tool_logs_its_traceback_with_the_account_number_masked():
    handler, stream = captured(JsonFormatter())
    logger = logging.getLogger("quipu.tools")
    logger.addHandler(handler)
    try:
        session = Caller(customer_id="DEMO-MX-FX", signed_in=True, thread_id="t-failing")
        server = hub(lambda: ToolDeps(records=FailingRecords(), audit=NoAudit()), actions_enabled=False)
        async with Client(server) as client:
            result = await client.call_tool("accounts_get_balances", {}, meta=meta_of(session))
    finally:
        logger.removeHandler(handler)
    assert result.structured_content["error"] == "lookup_failed"
    (line,) = [json.loads(text) for text in stream.getvalue().splitlines() if "get_balances" in text]
    assert "Traceback" in line["error"] and "RuntimeError" in line["error"] and "in fail" in line["error"]
    assert "****1234" in line["error"]
    for secret in SECRETS:
        assert secret not in json.dumps(line), secret


def test_plain_text_logs_mask_the_traceback_too():
    handler, stream = captured(MaskedFormatter("%(levelname)s %(name)s %(message)s"))
    logger = logging.getLogger("quipu.test_failure_logs")
    logger.addHandler(handler)
    try:
        try:
            raise ValueError(f"card {ACCOUNT} for ana.perez@example.com")
        except ValueError as error:
            logger.warning("lookup failed for %s", ACCOUNT, exc_info=error)
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert "Traceback" in text and "ValueError" in text and text.count("****1234") == 2
    assert ACCOUNT not in text and "ana.perez@example.com" not in text


def test_masking_keeps_what_an_engineer_needs():
    line = 'File "/srv/quipu/tools.py", line 41, in fail\nTimeoutError: 3.5 seconds waiting for pool of 10'
    assert masked(line) == line
    assert masked("no USD rate for MXN on 2026-06-11 09:00:04") == "no USD rate for MXN on 2026-06-11 09:00:04"
    assert masked("card 4152 3133 7890 1234 on 2026-06-11") == "card ****1234 on 2026-06-11"
    assert masked("Bearer abc.def-123") == "<token>"
    assert masked("code 048213 refused") == "code <code> refused"
