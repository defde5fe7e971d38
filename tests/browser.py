"""A live server and Debian's Chromium driven by Playwright, for the end-to-end tests of the web."""

import re
import socket
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SCREENSHOTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "screens"


class LiveServer:
    """The real app on a free loopback port, served by uvicorn in a thread."""

    def __init__(self, app):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the live server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


class Browser:
    def __init__(self, *extra_flags: str, playwright=None):
        self.flags = [*CHROMIUM_FLAGS, *extra_flags]
        self._shared = playwright

    def __enter__(self):
        self._playwright = self._shared or sync_playwright().start()
        self.browser = self._playwright.chromium.launch(executable_path=CHROMIUM, args=self.flags)
        return self

    def __exit__(self, *exc) -> None:
        self.browser.close()
        if self._shared is None:
            self._playwright.stop()

    def another(self, *extra_flags: str) -> "Browser":
        """A second Chromium with more flags, on the same Playwright (one sync instance per thread)."""
        return Browser(*extra_flags, playwright=self._playwright)

    def page(self, base_url: str, *, phone: bool = False, microphone: bool = False):
        """A fresh tab (its own session storage) that records every console error it sees."""
        viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
        context = self.browser.new_context(
            base_url=base_url, viewport=viewport, locale="es-MX", permissions=["microphone"] if microphone else []
        )
        page = context.new_page()
        page.console_errors = []
        page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
        page.on("pageerror", lambda e: page.console_errors.append(str(e)))
        return page


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{re.sub(r'[^a-z0-9_-]+', '-', name.lower())}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
