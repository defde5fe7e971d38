"""The service refuses insecure configurations before it starts."""

from decimal import Decimal

import pytest
from pydantic import ValidationError

from quipu.settings import Settings

STRONG = "k" * 16 + "9f2c1e7a8b3d4f60a1b2c3d4e5f6a7b8"
REMOTE = "postgresql://bank:pw@db.internal.example:5432/quipu"


def test_local_defaults_are_fine():
    assert Settings(_env_file=None).env == "local"


def test_local_mode_refuses_a_remote_database():
    with pytest.raises(ValidationError, match="remote database"):
        Settings(_env_file=None, database_url=REMOTE)


@pytest.mark.parametrize(
    "url", ["postgresql://u@localhost/q", "postgresql://u@127.0.0.1:5432/q", "postgresql://u:@/q?host=/tmp/sock"]
)
def test_local_mode_accepts_local_databases(url):
    Settings(_env_file=None, database_url=url)


@pytest.mark.parametrize("secret", [None, "short", "change-me-" + "x" * 40, "changethis" + "y" * 40])
def test_cloud_refuses_weak_or_default_secrets(secret):
    with pytest.raises(ValidationError, match="JWT_SECRET"):
        Settings(_env_file=None, env="cloud", database_url=REMOTE, jwt_secret=secret)


@pytest.mark.parametrize("url", [None, "postgresql://u@localhost/q"])
def test_cloud_refuses_a_local_database(url):
    with pytest.raises(ValidationError, match="local or embedded"):
        Settings(_env_file=None, env="cloud", database_url=url, jwt_secret=STRONG)


def test_cloud_with_strong_secret_and_remote_database_starts():
    logins = {
        "app_database_url": REMOTE.replace("bank:", "app:"),
        "reader_database_url": REMOTE.replace("bank:", "rd:"),
    }
    assert Settings(_env_file=None, env="cloud", database_url=REMOTE, jwt_secret=STRONG, **logins).env == "cloud"


def test_local_mode_generates_and_keeps_a_signing_key(tmp_path):
    settings = Settings(_env_file=None, home=tmp_path)
    key = settings.signing_key()
    assert len(key) >= 48 and settings.signing_key() == key
    assert (tmp_path / "jwt-secret").stat().st_mode & 0o077 == 0


def test_transfer_limits_are_exact_decimal_money(monkeypatch):
    monkeypatch.setenv("QUIPU_TRANSFER_LIMIT_PER_OPERATION_USD", "999.99")
    settings = Settings(_env_file=None)
    assert settings.transfer_limit_per_operation_usd == Decimal("999.99")
    assert isinstance(settings.transfer_limit_per_day_usd, Decimal)


def test_model_calls_are_allowed_by_a_setting(monkeypatch):
    monkeypatch.setenv("QUIPU_ALLOW_MODEL_CALLS", "false")
    assert Settings(_env_file=None).allow_model_calls is False
    monkeypatch.setenv("QUIPU_ALLOW_MODEL_CALLS", "1")
    assert Settings(_env_file=None).allow_model_calls is True


@pytest.mark.parametrize("token", ["short", "quipu-metrics-" + "x" * 40])
def test_cloud_refuses_a_weak_metrics_token(token):
    logins = {
        "app_database_url": REMOTE.replace("bank:", "app:"),
        "reader_database_url": REMOTE.replace("bank:", "rd:"),
    }
    with pytest.raises(ValidationError, match="METRICS_TOKEN"):
        Settings(_env_file=None, env="cloud", database_url=REMOTE, jwt_secret=STRONG, metrics_token=token, **logins)
