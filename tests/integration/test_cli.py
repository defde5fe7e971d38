"""The command line, run as a user would: a real process, a real database."""

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_demo_credentials_json_lists_every_demo_sign_in():
    result = quipu("demo", "credentials", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert len(data["customers"]) == 10 and {o["role"] for o in data["operators"]} == {"operator", "supervisor"}
    for customer in data["customers"]:
        assert {"customer_id", "full_name", "email", "password", "case"} <= customer.keys()
        assert customer["password"] not in (customer["customer_id"], customer["email"])


def test_readme_lists_the_same_demo_sign_ins():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    data = json.loads(quipu("demo", "credentials", "--json").stdout)
    for row in data["customers"] + data["operators"]:
        assert row["password"] in readme


@pytest.mark.slow
def test_up_starts_everything_smoke_checks_and_prints_url_and_sign_ins(tmp_path):
    port = free_port()
    env = {
        "QUIPU_HOME": str(tmp_path / "home"),
        "QUIPU_DEMO_CUSTOMERS": "20",
        "QUIPU_PORT": str(port),
        "QUIPU_LLM": "rules",
    }
    clean = {k: v for k, v in os.environ.items() if k != "QUIPU_DATABASE_URL"}
    command = [sys.executable, "-m", "quipu", "up", "--smoke-only"]
    try:
        result = subprocess.run(command, capture_output=True, text=True, env={**clean, **env}, timeout=180)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "demo data loaded: 30 customers" in result.stdout
        assert "core.customers" in result.stdout
        assert "FAIL" not in result.stdout and "smoke  ok    sign in as DEMO-MX-DUPLICATE" in result.stdout
        assert f"http://127.0.0.1:{port}" in result.stdout and "lucia-uber-duplicado" in result.stdout
        again = subprocess.run(command, capture_output=True, text=True, env={**clean, **env}, timeout=180)
        assert again.returncode == 0 and "kept (core already has data)" in again.stdout
    finally:
        subprocess.run([sys.executable, "-m", "quipu", "down"], env={**clean, **env}, timeout=60)
