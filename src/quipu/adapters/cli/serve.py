"""Serving the API and web on one port, with a smoke check that signs in like a customer would."""

import threading
import time
from collections.abc import Callable

import httpx
import typer
import uvicorn

from quipu.bank_data.demo_accounts import demo_sign_ins
from quipu.service import create_app
from quipu.settings import Settings

STARTUP_SECONDS = 60


def smoke(base_url: str, say: Callable[[str], None] = typer.echo) -> bool:
    """GET /health and /health/ready, then a demo customer signs in and reads its own profile."""
    demo = demo_sign_ins()["customers"][0]
    with httpx.Client(base_url=base_url, timeout=30) as client:
        checks = [
            ("GET /health", client.get("/health").status_code == 200),
            ("GET /health/ready", client.get("/health/ready").status_code == 200),
            ("GET /entrar (web)", client.get("/entrar").headers.get("content-type", "").startswith("text/html")),
        ]
        signed = client.post("/api/auth/token", json={"user": demo["email"], "password": demo["password"]})
        checks.append((f"sign in as {demo['customer_id']}", signed.status_code == 200))
        if signed.status_code == 200:
            me = client.get("/api/me", headers={"Authorization": f"Bearer {signed.json()['access_token']}"})
            checks.append(("GET /api/me", me.status_code == 200 and me.json()["customer_id"] == demo["customer_id"]))
    for name, passed in checks:
        say(f"  smoke  {'ok  ' if passed else 'FAIL'}  {name}")
    return all(passed for _, passed in checks)


def print_sign_ins(base_url: str, say: Callable[[str], None] = typer.echo) -> None:
    sign_ins = demo_sign_ins()
    say(f"\nquipu is running at {base_url}  (API docs: {base_url}/docs)")
    say(f"web: {base_url}/entrar (customers), {base_url}/consola/entrar (operators)\n")
    say(f"{'customer':<22}{'e-mail':<34}{'password':<30}case")
    for c in sign_ins["customers"]:
        say(f"{c['customer_id']:<22}{c['email']:<34}{c['password']:<30}{c['case']}")
    say(f"\n{'operator':<22}{'role':<34}{'password':<30}")
    for o in sign_ins["operators"]:
        say(f"{o['username']:<22}{o['role']:<34}{o['password']:<30}")


def serve(settings: Settings, *, smoke_only: bool = False) -> bool:
    # Forwarded headers are read by the app itself, from QUIPU_TRUSTED_PROXIES only.
    config = uvicorn.Config(
        create_app(settings), host=settings.host, port=settings.port, log_level="warning", proxy_headers=False
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + STARTUP_SECONDS
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    if not server.started:
        typer.echo("error: the API did not start; see the log above", err=True)
        return False
    base_url = f"http://{settings.host}:{settings.port}"
    passed = smoke(base_url)
    print_sign_ins(base_url)
    if smoke_only or not passed:
        server.should_exit = True
        thread.join(15)
        return passed
    typer.echo("\nPress Ctrl-C to stop (the database keeps running; `make down` stops it).")
    try:
        while thread.is_alive():
            thread.join(0.5)
    except KeyboardInterrupt:
        server.should_exit = True
        thread.join(15)
    return True


def serve_workers(settings: Settings, workers: int) -> None:
    """N API processes on one port (uvicorn's workers); the database is found and migrated once, first.
    Everything they share lives in PostgreSQL; their metrics are added up through one folder."""
    import os
    import tempfile

    from quipu.adapters.cli.db import start_and_prepare
    from quipu.adapters.logs import configure_logging
    from quipu.adapters.metrics import MULTIPROC_ENV

    configure_logging(settings.log_format)
    start_and_prepare(settings)
    if workers > 1 and not os.environ.get(MULTIPROC_ENV):
        os.environ[MULTIPROC_ENV] = tempfile.mkdtemp(prefix="quipu-metrics-")
    uvicorn.run(
        "quipu.service:create",
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=workers,
        log_config=None,
        timeout_graceful_shutdown=20,
    )
