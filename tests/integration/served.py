"""The real app, served by uvicorn on a free loopback port in a thread: for clients that speak real HTTP."""

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from quipu.adapters.llm.scripted import ScriptedModel
from quipu.service import create_app
from quipu.settings import Settings
from support import TEST_SECRET


@contextmanager
def served_app(urls, home: Path, **overrides) -> Iterator[str]:
    """The base URL of the app on that database, with a scripted model; stopped on the way out."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # sign-ins from 127.0.0.1 are counted in the shared database: other files' servers sign in from it too
    settings = Settings(home=home, jwt_secret=TEST_SECRET, port=port, login_rate_per_minute=1000, **overrides)
    config = uvicorn.Config(
        create_app(settings, urls=urls, model=ScriptedModel()), host="127.0.0.1", port=port, log_level="warning"
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(10)
