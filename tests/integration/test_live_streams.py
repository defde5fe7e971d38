"""A live stream re-checks its token on its own timer: a busy bank (changes every 50 ms in other conversations)
no longer keeps a signed-out customer's stream open."""

import threading
import time

from test_sessions_and_headers import stream_in_background

from quipu.adapters.http import live
from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.live import CHANNEL
from support import sign_in


def busy_bank(admin_url: str, stop: threading.Event) -> threading.Thread:
    """Other customers' conversations change all the time: a notice every 50 ms."""

    def notify() -> None:
        with connect(admin_url) as conn:
            while not stop.is_set():
                conn.execute(f"NOTIFY {CHANNEL}, '00000000-0000-4000-8000-00000000000b'")
                time.sleep(0.05)

    thread = threading.Thread(target=notify, daemon=True)
    thread.start()
    return thread


def test_a_signed_out_customers_stream_closes_on_time_while_the_bank_is_busy(api, demo_db, monkeypatch):
    monkeypatch.setattr(live, "PING_SECONDS", 0.3)
    headers = sign_in(api, "DEMO-MX-FX")
    stop = threading.Event()
    notices = busy_bank(demo_db.admin, stop)
    try:
        thread, answers = stream_in_background(api, "/api/me/conversations/t-busy/events", headers, monkeypatch)
        assert thread.is_alive()
        api.post("/api/auth/logout", headers=headers)
        thread.join(5)
        assert not thread.is_alive() and "event: end" in answers[0].text
    finally:
        stop.set()
        notices.join(2)


def test_a_signed_out_operators_stream_closes_on_time_while_the_bank_is_busy(api, demo_db, monkeypatch):
    monkeypatch.setattr(live, "PING_SECONDS", 0.3)
    token = api.post("/api/operators/token", json={"username": "operadora", "password": "consola-operadora-2026"})
    headers = {"Authorization": f"Bearer {token.json()['access_token']}"}
    stop = threading.Event()
    notices = busy_bank(demo_db.admin, stop)
    try:
        thread, answers = stream_in_background(api, "/api/console/events", headers, monkeypatch)
        assert thread.is_alive()
        api.post("/api/operators/logout", headers=headers)
        thread.join(5)
        assert not thread.is_alive() and "event: end" in answers[0].text
    finally:
        stop.set()
        notices.join(2)
