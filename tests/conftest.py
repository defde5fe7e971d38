"""Shared fixtures: one embedded PostgreSQL for the run, a database per need, random names."""

import uuid
from pathlib import Path

import pytest

from quipu.adapters.postgres import database as database_setup
from quipu.adapters.postgres import embedded
from quipu.adapters.postgres.connection import DatabaseUrls, connect
from quipu.application.demo_data import load_demo_data

ROOT = Path(__file__).resolve().parents[1]
TEST_HOME = ROOT / ".quipu" / "test"
TEST_CUSTOMERS = 300
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
