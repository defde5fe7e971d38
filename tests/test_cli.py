"""The command line, run as a user would: a real process, a real database."""

import os
import subprocess
import sys

import pytest

from quipu.adapters.postgres.connection import describe, mask


def quipu(*args, env=None, timeout=120):
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "quipu", *args], capture_output=True, text=True, env=full_env, timeout=timeout
    )


def test_db_status_prints_row_counts_per_table(demo_db):
    result = quipu("db", "status", env={"QUIPU_DATABASE_URL": demo_db.admin})
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert any(line.startswith("core.customers") and "310" in line for line in lines)
    assert any(line.startswith("core.transactions") for line in lines)
    assert any(line.startswith("ops.decision_log") for line in lines)


def test_unreachable_database_is_one_line_naming_host_and_database_without_password():
    url = "postgresql://bank:s3cret-pw@127.0.0.1:1/ledger"
    result = quipu("db", "status", env={"QUIPU_DATABASE_URL": url}, timeout=30)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "127.0.0.1:1" in lines[0] and "ledger" in lines[0]
    assert "s3cret" not in result.stderr


def test_url_helpers_never_show_the_password():
    url = "postgresql://bank:s3cret@db.example:5432/ledger"
    assert "s3cret" not in mask(url)
    assert describe(url) == "database 'ledger' on db.example:5432"


@pytest.mark.slow
def test_up_starts_embedded_database_loads_demo_data_and_prints_status(tmp_path):
    env = {"QUIPU_HOME": str(tmp_path / "home"), "QUIPU_DEMO_CUSTOMERS": "20"}
    env.pop("QUIPU_DATABASE_URL", None)
    clean = {k: v for k, v in os.environ.items() if k != "QUIPU_DATABASE_URL"}
    try:
        result = subprocess.run(
            [sys.executable, "-m", "quipu", "up"], capture_output=True, text=True, env={**clean, **env}, timeout=180
        )
        assert result.returncode == 0, result.stderr
        assert "demo data loaded: 30 customers" in result.stdout
        assert "core.customers" in result.stdout
        again = subprocess.run(
            [sys.executable, "-m", "quipu", "up"], capture_output=True, text=True, env={**clean, **env}, timeout=180
        )
        assert "kept (core already has data)" in again.stdout
    finally:
        subprocess.run([sys.executable, "-m", "quipu", "down"], env={**clean, **env}, timeout=60)
