"""Sign-in guards against real PostgreSQL: failures counted atomically, the real client behind a trusted
proxy, a lock that grows for the failing client but not for the customer, old buckets purged."""

import ipaddress
import threading
import uuid
from datetime import timedelta

import pytest
from psycopg_pool import AsyncConnectionPool
from starlette.testclient import TestClient

from quipu.adapters.http.client_address import real_client
from quipu.adapters.llm.scripted import ScriptedModel
from quipu.adapters.postgres.accounts_admin import set_customer_password
from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.identity_store import PgIdentityStore
from quipu.adapters.security.passwords import Passwords
from quipu.application.identity import unknown_subject
from quipu.domain.identity import BackOff
from quipu.service import create_app
from quipu.settings import Settings
from stack import TEST_HOME
from support import TEST_SECRET

DIEGO = "DEMO-MX-OWN-PURCHASE"
DIEGO_PASSWORD = "diego-liverpool-propia"
PROXIES = (ipaddress.ip_network("10.9.0.0/16"),)


@pytest.fixture
def bank_client(bank_db, clock):
    app = create_app(Settings(home=TEST_HOME, jwt_secret=TEST_SECRET), clock=clock, urls=bank_db, model=ScriptedModel())
    with TestClient(app, client=("10.201.0.1", 50000)) as client:
        yield client


@pytest.fixture
def bank_admin(bank_db):
    with connect(bank_db.admin) as conn:
        yield conn


def attempt(api, user: str, password: str = "wrong", forwarded_for: str | None = None):
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    return api.post("/api/auth/token", json={"user": user, "password": password}, headers=headers)


def concurrently(n: int, call) -> list:
    answers = []
    threads = [threading.Thread(target=lambda: answers.append(call())) for _ in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    return answers


def test_eight_concurrent_wrong_passwords_all_count(make_client, admin):
    api = make_client(login_max_failures=10, login_rate_per_minute=100)
    user = f"ghost-{uuid.uuid4().hex[:8]}@nowhere.test"
    answers = concurrently(8, lambda: attempt(api, user))
    assert sorted(a.status_code for a in answers) == [401] * 8
    (failures,) = admin.execute(
        "SELECT failures FROM ops.login_guards WHERE subject = %s", (unknown_subject(user),)
    ).fetchone()
    assert failures == 8


def test_concurrent_wrong_passwords_cannot_slip_past_the_lock(make_client):
    api = make_client(login_rate_per_minute=100)
    user = f"ghost-{uuid.uuid4().hex[:8]}@nowhere.test"
    concurrently(8, lambda: attempt(api, user))
    assert attempt(api, user).status_code == 423


def test_forwarded_for_names_the_client_only_behind_a_trusted_proxy(make_client):
    behind_proxy = make_client(client_host="10.9.0.1", trusted_proxies="10.9.0.0/16", login_max_failures=10)
    statuses = [attempt(behind_proxy, f"a{n}@x.test", forwarded_for=f"203.0.113.{n}").status_code for n in range(12)]
    assert 429 not in statuses
    one_client = [attempt(behind_proxy, f"b{n}@x.test", forwarded_for="198.51.100.7").status_code for n in range(9)]
    assert one_client == [401] * 8 + [429]
    untrusted = make_client(client_host="10.8.0.1", login_max_failures=10)
    spoofed = [attempt(untrusted, f"c{n}@x.test", forwarded_for=f"203.0.113.{n}").status_code for n in range(9)]
    assert spoofed == [401] * 8 + [429]


def test_a_forged_left_part_of_forwarded_for_does_not_change_the_client():
    assert real_client("10.9.0.1", ["1.1.1.1, 198.51.100.7"], PROXIES) == "198.51.100.7"
    assert real_client("10.9.0.1", ["6.6.6.6", "198.51.100.7, 10.9.0.2"], PROXIES) == "198.51.100.7"
    assert real_client("10.8.0.1", ["198.51.100.7"], PROXIES) == "10.8.0.1"
    assert real_client("10.9.0.1", [], PROXIES) == "10.9.0.1"
    assert real_client("10.9.0.1", ["not-an-address"], PROXIES) == "10.9.0.1"
    assert real_client("10.9.0.1", ["2001:db8::1"], PROXIES) == "2001:db8::1"


def test_the_failing_client_waits_longer_each_time_while_the_customer_signs_in_from_another(make_client, clock):
    attacker, customer = make_client(), make_client()
    assert [attempt(attacker, DIEGO).status_code for _ in range(3)] == [401, 401, 423]
    clock.advance(minutes=16)
    assert [attempt(attacker, DIEGO).status_code for _ in range(3)] == [401, 401, 423]
    clock.advance(minutes=16)  # the account lock (15 min) is over; the attacker's own lock (30 min) is not
    assert attempt(attacker, DIEGO).status_code == 423
    assert attempt(attacker, DIEGO, DIEGO_PASSWORD).status_code == 423
    assert attempt(customer, DIEGO, DIEGO_PASSWORD).status_code == 200
    clock.advance(minutes=15)
    assert [attempt(attacker, DIEGO).status_code for _ in range(3)] == [401, 401, 423]
    clock.advance(minutes=16)
    assert attempt(customer, DIEGO, DIEGO_PASSWORD).status_code == 200
    clock.advance(minutes=40)  # the third lock of the attacker's client lasts an hour
    assert attempt(attacker, DIEGO, DIEGO_PASSWORD).status_code == 423
    clock.advance(minutes=5)
    assert attempt(attacker, DIEGO, DIEGO_PASSWORD).status_code == 200


def test_old_rate_buckets_are_purged(make_client, admin):
    stale = f"sign-in:stale-{uuid.uuid4().hex[:8]}"
    admin.execute(
        "INSERT INTO ops.rate_limits (bucket, window_start, hits) VALUES (%s, now() - interval '1 hour', 3)", (stale,)
    )
    api = make_client()
    attempt(api, "someone@x.test")
    assert admin.execute("SELECT count(*) FROM ops.rate_limits WHERE bucket = %s", (stale,)).fetchone() == (0,)


def test_an_email_two_customers_share_signs_nobody_in(bank_client, bank_admin):
    first, second = bank_admin.execute(
        "SELECT customer_id, email FROM core.customers WHERE NOT is_synthetic_fixture ORDER BY customer_id LIMIT 2"
    ).fetchall()
    set_customer_password(bank_admin, Passwords(), first[0], "shared-mail-password-1")
    bank_admin.execute("UPDATE core.customers SET email = %s WHERE customer_id = %s", (first[1].upper(), second[0]))
    try:
        by_mail = attempt(bank_client, first[1], "shared-mail-password-1")
        assert by_mail.status_code == 401 and by_mail.json()["error"] == "invalid_credentials"
        assert attempt(bank_client, first[0], "shared-mail-password-1").status_code == 200
    finally:
        bank_admin.execute("UPDATE core.customers SET email = %s WHERE customer_id = %s", (second[1], second[0]))
    assert attempt(bank_client, first[1], "shared-mail-password-1").status_code == 200


RENATA = "DEMO-MX-RECIBE"
RENATA_PASSWORD = "renata-recibe-transferencias"


@pytest.fixture
def proxied_bank_client(bank_db, clock):
    """Behind a trusted proxy, so every guess can come from an address of its own."""
    settings = Settings(
        home=TEST_HOME, jwt_secret=TEST_SECRET, trusted_proxies="10.9.0.0/16", login_rate_per_minute=100
    )
    app = create_app(settings, clock=clock, urls=bank_db, model=ScriptedModel())
    with TestClient(app, client=("10.9.0.1", 50000)) as client:
        yield client


def test_a_burst_of_24_simultaneous_guesses_from_24_addresses_verifies_no_more_than_the_lock_allows(
    proxied_bank_client, bank_admin
):
    """The review's burst: the lock was read before argon2 and counted after, so all 24 were verified and the
    right one (the 18th) signed in. Now each attempt is reserved first: at most 3 (the limit) are verified."""
    bank_admin.execute("DELETE FROM ops.login_guards WHERE subject LIKE %s", (RENATA + "%",))
    guesses = [RENATA_PASSWORD if n == 17 else f"guess-{n}" for n in range(24)]
    numbered = iter(range(24))

    def guess():
        n = next(numbered)
        return attempt(proxied_bank_client, RENATA, guesses[n], forwarded_for=f"203.0.113.{n + 1}").status_code

    statuses = concurrently(24, guess)
    verified = [s for s in statuses if s in (200, 401)]
    assert len(statuses) == 24 and len(verified) <= 3, sorted(statuses)
    assert set(statuses) <= {200, 401, 423}
    if 200 not in statuses:  # three wrong guesses were verified: the account is locked, even for the right one
        assert attempt(proxied_bank_client, RENATA, RENATA_PASSWORD, forwarded_for="198.51.100.9").status_code == 423


@pytest.fixture
async def identity_store(bank_db):
    pool = AsyncConnectionPool(bank_db.app, min_size=1, max_size=2, open=False, kwargs={"autocommit": True})
    await pool.open(wait=True)
    yield PgIdentityStore(pool)
    await pool.close()


@pytest.mark.anyio
async def test_a_success_settled_inside_a_locked_window_leaves_the_lock(identity_store, bank_admin, clock):
    subject, back_off = f"guard-{uuid.uuid4().hex[:8]}", BackOff(3, timedelta(minutes=15))
    assert await identity_store.reserve_attempt([(subject, back_off)], clock())
    locked_until = clock() + timedelta(minutes=15)
    bank_admin.execute(  # a lock set meanwhile (by another process's failures)
        "UPDATE ops.login_guards SET failures = 3, locked_until = %s, locks = 1 WHERE subject = %s",
        (locked_until, subject),
    )
    await identity_store.settle_success(subject, clock())
    row = bank_admin.execute(
        "SELECT failures, locked_until, locks, in_flight FROM ops.login_guards WHERE subject = %s", (subject,)
    ).fetchone()
    assert row == (3, locked_until, 1, 0)
    assert not await identity_store.reserve_attempt([(subject, back_off)], clock())


@pytest.mark.anyio
async def test_a_refused_guard_gives_back_the_reservation_on_the_others(identity_store, bank_admin, clock):
    account, client = f"acct-{uuid.uuid4().hex[:8]}", f"client-{uuid.uuid4().hex[:8]}"
    back_off = BackOff(1, timedelta(minutes=15))
    assert await identity_store.reserve_attempt([(client, back_off)], clock())  # the client's one attempt in flight
    assert not await identity_store.reserve_attempt([(account, back_off), (client, back_off)], clock())
    assert bank_admin.execute("SELECT count(*) FROM ops.login_guards WHERE subject = %s", (account,)).fetchone() == (0,)


@pytest.mark.anyio
async def test_an_attempt_a_crashed_process_never_settled_stops_counting_after_a_minute(identity_store, clock):
    subject, back_off = f"guard-{uuid.uuid4().hex[:8]}", BackOff(2, timedelta(minutes=15))
    assert await identity_store.reserve_attempt([(subject, back_off)], clock())
    assert await identity_store.reserve_attempt([(subject, back_off)], clock())
    assert not await identity_store.reserve_attempt([(subject, back_off)], clock())
    clock.advance(seconds=61)
    assert await identity_store.reserve_attempt([(subject, back_off)], clock())
