"""A database as on RDS, Cloud SQL or Neon: created and migrated by an owner that is not a superuser."""

import uuid

import psycopg
import pytest
from psycopg import sql

from quipu.adapters.postgres import database as database_setup
from quipu.adapters.postgres import embedded
from quipu.adapters.postgres.accounts_admin import install_demo_sign_ins
from quipu.adapters.postgres.connection import DatabaseUrls, connect
from quipu.adapters.security.passwords import Passwords
from quipu.bank_data.demo_bank import load_demo_data

TEST_SEED = 2026


def as_login(url: str, role: str) -> str:
    return url.replace("postgres:@", f"{role}:@", 1)


@pytest.fixture(scope="session")
def owner_db(maintenance_url, datasets_dir) -> DatabaseUrls:
    """The owner has CREATEDB and CREATEROLE, no superuser; it creates the database and migrates it."""
    owner = f"quipu_owner_{uuid.uuid4().hex[:8]}"
    name = f"quipu_test_owner_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(maintenance_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE ROLE {} LOGIN CREATEDB CREATEROLE NOSUPERUSER").format(sql.Identifier(owner)))
    with psycopg.connect(as_login(maintenance_url, owner), autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    plain = embedded.urls_for(maintenance_url, name)
    urls = DatabaseUrls(admin=as_login(plain.admin, owner), app=plain.app, reader=plain.reader)
    database_setup.prepare(urls)
    load_demo_data(urls, datasets_dir, seed=TEST_SEED, customers=30, only_if_empty=False)
    with connect(urls.admin) as conn:
        assert not conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetchone()[0]
        install_demo_sign_ins(conn, Passwords())
    yield urls
    embedded.drop_database(maintenance_url, name)
    with psycopg.connect(maintenance_url, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP OWNED BY {} CASCADE").format(sql.Identifier(owner)))
        conn.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(owner)))


@pytest.fixture(scope="session", params=["superuser_migrated", "owner_migrated"])
def walls_db(request) -> DatabaseUrls:
    """The walls suite runs on both: migrated by a superuser, and by a non-superuser owner."""
    return request.getfixturevalue("demo_db" if request.param == "superuser_migrated" else "owner_db")
