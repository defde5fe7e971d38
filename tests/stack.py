"""The stack's fixtures: one embedded PostgreSQL for the run, a database per need, random names, in-process
clients of the app. Loaded by `integration/conftest.py` and `e2e/conftest.py`; never by `tests/unit`."""

import itertools
import random
import uuid
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from quipu.adapters.llm.scripted import ScriptedModel
from quipu.adapters.postgres import database as database_setup
from quipu.adapters.postgres import embedded
from quipu.adapters.postgres.accounts_admin import install_demo_sign_ins
from quipu.adapters.postgres.connection import DatabaseUrls, connect
from quipu.adapters.security.passwords import Passwords
from quipu.bank_data.demo_bank import load_demo_data
from quipu.service import create_app
from quipu.settings import Settings
from support import TEST_SECRET

ROOT = Path(__file__).resolve().parents[1]
TEST_HOME = ROOT / ".quipu" / "test"
TEST_CUSTOMERS = 300
CLIENT_NUMBERS = itertools.count(random.randrange(1 << 20))
TEST_SEED = 2026


@pytest.fixture(scope="session")
def maintenance_url() -> str:
    return embedded.maintenance_url(TEST_HOME / "pgdata")


def new_database(maintenance_url: str) -> DatabaseUrls:
    name = f"quipu_test_{uuid.uuid4().hex[:10]}"
    embedded.ensure_database(maintenance_url, name)
    return embedded.urls_for(maintenance_url, name)


@pytest.fixture(scope="session")
def demo_db(maintenance_url) -> DatabaseUrls:
    """A migrated database holding the demo bank; tests must not change core."""
    urls = new_database(maintenance_url)
    database_setup.prepare(urls)
    load_demo_data(urls, TEST_HOME / "datasets", seed=TEST_SEED, customers=TEST_CUSTOMERS, only_if_empty=False)
    with connect(urls.admin) as conn:
        install_demo_sign_ins(conn, Passwords())
    yield urls
    embedded.drop_database(maintenance_url, urls.database)


@pytest.fixture
def empty_db(maintenance_url) -> DatabaseUrls:
    """A brand-new database with nothing in it."""
    urls = new_database(maintenance_url)
    yield urls
    embedded.drop_database(maintenance_url, urls.database)


@pytest.fixture
def migrated_db(empty_db) -> DatabaseUrls:
    database_setup.prepare(empty_db)
    return empty_db


@pytest.fixture
def admin(demo_db):
    with connect(demo_db.admin) as conn:
        yield conn


@pytest.fixture(scope="session")
def datasets_dir() -> Path:
    return TEST_HOME / "datasets"


@pytest.fixture
def make_client(demo_db, clock):
    """Builds an in-process API client over the demo database; settings can be overridden per test."""
    opened = []

    def make(client_host: str | None = None, model=None, **overrides) -> TestClient:
        settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET, **overrides)
        n = next(CLIENT_NUMBERS)
        host = client_host or f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"
        app = create_app(settings, clock=clock, urls=demo_db, model=model or ScriptedModel())
        client = TestClient(app, client=(host, 50000))
        opened.append(client.__enter__())
        return client

    yield make
    for client in opened:
        client.__exit__(None, None, None)


@pytest.fixture
def api(make_client) -> TestClient:
    return make_client()


@pytest.fixture(scope="module")
def bank_db(maintenance_url) -> DatabaseUrls:
    """A small bank of its own (30 customers plus the demo ones) for tests that change it."""
    urls = new_database(maintenance_url)
    database_setup.prepare(urls)
    load_demo_data(urls, TEST_HOME / "datasets", seed=TEST_SEED, customers=30, only_if_empty=False)
    with connect(urls.admin) as conn:
        install_demo_sign_ins(conn, Passwords())
    yield urls
    embedded.drop_database(maintenance_url, urls.database)


@pytest.fixture
def cards_left_active(demo_db):
    """Blocking a card changes the shared demo bank: these tests leave every card as they found it."""

    def unblock():
        with connect(demo_db.admin) as conn:
            conn.execute("DELETE FROM ops.card_actions WHERE customer_id IN ('DEMO-AR-FRAUD', 'DEMO-MX-OWN-PURCHASE')")
            conn.commit()

    unblock()
    yield
    unblock()
