"""Least privilege at run time: the application and the reader log in as themselves, never as the owner
of the schemas; run_sql is offered only when its walls are there, and /health/ready says so."""

import uuid
from dataclasses import replace

import psycopg
import pytest
from psycopg import sql
from pydantic import ValidationError

from quipu.adapters.postgres import database
from quipu.adapters.postgres.connection import DatabaseUrls
from quipu.settings import Settings
from support import sign_in

STRONG = "k" * 16 + "9f2c1e7a8b3d4f60a1b2c3d4e5f6a7b8"
OWNER = "postgresql://owner:pw@db.internal.example:5432/quipu"
APP = "postgresql://quipu_app:pw@db.internal.example:5432/quipu"
READER = "postgresql://dwh_reader:pw@db.internal.example:5432/quipu"


def cloud(**urls) -> Settings:
    return Settings(_env_file=None, env="cloud", database_url=OWNER, jwt_secret=STRONG, **urls)


@pytest.mark.parametrize(
    ("urls", "missing"),
    [
        ({}, "QUIPU_APP_DATABASE_URL"),
        ({"app_database_url": APP}, "QUIPU_READER_DATABASE_URL"),
        ({"app_database_url": OWNER, "reader_database_url": READER}, "QUIPU_APP_DATABASE_URL"),
        ({"app_database_url": APP, "reader_database_url": OWNER}, "QUIPU_READER_DATABASE_URL"),
    ],
)
def test_cloud_mode_needs_an_application_and_a_reader_login_of_their_own(urls, missing):
    with pytest.raises(ValidationError, match=missing):
        cloud(**urls)


def test_cloud_mode_uses_the_owner_url_for_migrations_only():
    urls = database.locate(cloud(app_database_url=APP, reader_database_url=READER))
    assert (urls.admin, urls.app, urls.reader) == (OWNER, APP, READER)


def test_start_up_refuses_an_application_login_that_is_a_superuser(demo_db):
    with pytest.raises(database.UnsafeLogin, match="application URL logs in as postgres, a superuser"):
        database.refuse_owner_logins(replace(demo_db, app=demo_db.admin))


def test_start_up_refuses_an_application_or_reader_login_that_is_the_owner(owner_db):
    with pytest.raises(database.UnsafeLogin, match="application URL .* the owner of the schemas"):
        database.refuse_owner_logins(replace(owner_db, app=owner_db.admin))
    with pytest.raises(database.UnsafeLogin, match="reader URL .* the owner of the schemas"):
        database.refuse_owner_logins(replace(owner_db, reader=owner_db.admin))


def test_start_up_accepts_separate_least_privilege_logins(owner_db):
    database.refuse_owner_logins(owner_db)


def test_without_a_reader_login_run_sql_is_off_and_says_why(demo_db):
    check = database.check_logins(DatabaseUrls(demo_db.admin, demo_db.app, None), Settings(_env_file=None))
    assert not check.holds and "QUIPU_READER_DATABASE_URL" in check.off_reason


def test_ready_says_run_sql_is_on(api):
    body = api.get("/health/ready").json()
    assert body["run_sql"] == {"enabled": True}


def test_ready_says_when_run_sql_is_off_and_why_and_run_sql_refuses(api):
    services = api.app.state.services
    services.sql_runner = replace(services.sql_runner, off_reason="the reader is a member of another role")
    response = api.get("/health/ready")
    assert response.json()["run_sql"] == {"enabled": False, "reason": "the reader is a member of another role"}
    answer = api.post("/api/dev/sql", headers=sign_in(api), json={"sql": "SELECT count(*) FROM transactions"}).json()
    assert answer["error"] == "unavailable" and "rows" not in answer


@pytest.mark.parametrize(
    "attack",
    [
        "SELECT c.row_to_json FROM customers c",
        "WITH q AS (SELECT 'quipu.customer_id' AS s FROM fx_rates LIMIT 1) SELECT (q.s).current_setting FROM q",
        "WITH q AS (SELECT 'SELECT * FROM ops.operators' AS s FROM fx_rates LIMIT 1) SELECT (q.s).ts_stat FROM q",
    ],
)
def test_the_reviewed_attacks_are_refused_through_the_api(api, attack):
    answer = api.post("/api/dev/sql", headers=sign_in(api), json={"sql": attack}).json()
    assert answer["blocked"] is True and "rows" not in answer, answer


def test_a_service_started_without_a_reader_login_says_run_sql_is_off(demo_db, clock):
    from starlette.testclient import TestClient

    from quipu.adapters.llm.scripted import ScriptedModel
    from quipu.service import create_app
    from support import TEST_SECRET

    settings = Settings(_env_file=None, jwt_secret=TEST_SECRET)
    app = create_app(settings, clock=clock, urls=replace(demo_db, reader=None), model=ScriptedModel())
    with TestClient(app) as client:
        ready = client.get("/health/ready")
        assert ready.status_code == 200 and ready.json()["run_sql"]["enabled"] is False
        assert "QUIPU_READER_DATABASE_URL" in ready.json()["run_sql"]["reason"]


@pytest.fixture
def extra_login(owner_db, maintenance_url):
    """Makes a login role (as the cluster's superuser) for one test, and drops it afterwards."""
    made = []

    def make(attributes: str = "", member_of_owner: bool = False) -> str:
        role = f"quipu_odd_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(maintenance_url, autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE ROLE {} LOGIN " + attributes).format(sql.Identifier(role)))
            if member_of_owner:
                owner = owner_db.admin.split("://", 1)[1].split(":", 1)[0]
                conn.execute(sql.SQL("GRANT {} TO {}").format(sql.Identifier(owner), sql.Identifier(role)))
        made.append(role)
        return owner_db.app.replace("quipu_app:@", f"{role}:@", 1)

    yield make
    with psycopg.connect(maintenance_url, autocommit=True) as conn:
        for role in made:
            conn.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(role)))


@pytest.mark.parametrize(
    ("attributes", "member_of_owner", "said"),
    [
        ("", True, "a member of the schemas' owner role"),
        ("BYPASSRLS", False, "bypasses row-level security"),
        ("CREATEROLE", False, "may create roles"),
    ],
)
def test_start_up_refuses_a_login_that_can_act_as_the_owner_or_around_the_walls(
    owner_db, extra_login, attributes, member_of_owner, said
):
    """The review: an application login in the owner's role, or with BYPASSRLS or CREATEROLE, was accepted."""
    url = extra_login(attributes, member_of_owner)
    with pytest.raises(database.UnsafeLogin, match=said):
        database.refuse_owner_logins(replace(owner_db, app=url))
    with pytest.raises(database.UnsafeLogin, match=said):
        database.refuse_owner_logins(replace(owner_db, reader=url))
