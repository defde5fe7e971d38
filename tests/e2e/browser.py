"""A live server and Debian's Chromium driven by Playwright, for the end-to-end tests of the web; an accessibility
audit with axe-core (installed from tests/e2e's lockfile, injected by the test, nothing fetched at run time); and
the screenshots of the run laid out side by side in test-artifacts/screens/index.html."""

import html
import re
import socket
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screens"
AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
WIDE_DESKTOP = {"width": 1366, "height": 900}
SERIOUS = ("serious", "critical")


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

    def page(
        self,
        base_url: str,
        *,
        phone: bool = False,
        microphone: bool = False,
        viewport: dict | None = None,
        locale: str = "es-MX",
    ):
        """A fresh tab (its own session storage) that records every console error it sees."""
        context = self.browser.new_context(
            base_url=base_url,
            viewport=viewport or (PHONE if phone else DESKTOP),
            is_mobile=phone,
            has_touch=phone,
            locale=locale,
            permissions=["microphone"] if microphone else [],
            bypass_csp=True,  # lets the test inject axe-core into pages whose policy allows only their own scripts
        )
        page = context.new_page()
        page.console_errors = []
        page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
        page.on("pageerror", lambda e: page.console_errors.append(str(e)))
        return page


def screenshot(page, name: str) -> Path:
    """Saved as <name>--phone.png or <name>--desktop.png, so the index can pair them."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    kind = "phone" if page.viewport_size["width"] <= PHONE["width"] else "desktop"
    if page.viewport_size["width"] < PHONE["width"]:
        name = f"{name}-360"  # the smaller phone's shot sits in its own row
    path = SCREENSHOTS / f"{re.sub(r'[^a-z0-9_-]+', '-', name.lower())}--{kind}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def clear_screenshots() -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SCREENSHOTS.glob("*.png"):
        old.unlink()


def write_index() -> Path:
    """One row per screen: the phone and the desktop shot side by side, for a one-minute look."""
    shots: dict[str, dict[str, str]] = {}
    for path in sorted(SCREENSHOTS.glob("*--*.png")):
        name, _, kind = path.stem.rpartition("--")
        shots.setdefault(name, {})[kind] = path.name
    rows = "\n".join(
        f"<section><h2>{html.escape(name)}</h2><div class=pair>"
        + "".join(
            f"<figure><figcaption>{kind}</figcaption><a href='{html.escape(pair[kind])}'>"
            f"<img src='{html.escape(pair[kind])}' alt='{html.escape(name)} ({kind})' loading=lazy></a></figure>"
            if kind in pair
            else f"<figure><figcaption>{kind}</figcaption><p>—</p></figure>"
            for kind in ("phone", "desktop")
        )
        + "</div></section>"
        for name, pair in shots.items()
    )
    page = (
        "<!doctype html><html lang=en><meta charset=utf-8><title>quipu screens</title><style>"
        "body{font-family:system-ui;margin:16px;background:#f5f7fa}.pair{display:grid;grid-template-columns:"
        "minmax(0,390px) minmax(0,1fr);gap:16px;align-items:start}img{width:100%;border:1px solid #ccc;"
        "background:#fff}figure{margin:0}section{margin-bottom:28px}</style>"
        f"<h1>quipu: every screen of the last browser run ({len(shots)})</h1>{rows}</html>"
    )
    index = SCREENSHOTS / "index.html"
    index.write_text(page, encoding="utf-8")
    return index


def serious_violations(page) -> list[dict]:
    """axe-core's serious and critical findings on the page as it is now."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate("async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations")
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in found
        if v["impact"] in SERIOUS
    ]
