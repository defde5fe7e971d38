"""A load replaces core whole or not at all; ops is never touched."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from quipu.adapters.postgres import core_loader
from quipu.adapters.postgres.connection import connect
from quipu.bank_data.demo_bank import dataset_directory
from quipu.bank_data.format import MANIFEST
from quipu.bank_data.generator.synthetic import generate

CORE_CHECKSUM = "SELECT md5(string_agg(t::text, '' ORDER BY transaction_id)) FROM core.transactions t"


def fingerprint(conn):
    return core_loader.row_counts(conn), conn.execute(CORE_CHECKSUM).fetchone()[0]


@pytest.fixture
def loaded(migrated_db, datasets_dir):
    directory = dataset_directory(datasets_dir, 2026, 30)
    with connect(migrated_db.admin) as conn:
        core_loader.load_dataset(conn, directory)
        conn.execute("INSERT INTO ops.decision_log (tool) VALUES ('kept')")
    return migrated_db


def test_load_swaps_in_every_row_and_records_the_build(loaded, datasets_dir):
    manifest = json.loads((dataset_directory(datasets_dir, 2026, 30) / MANIFEST).read_text())
    with connect(loaded.admin) as conn:
        counts = core_loader.row_counts(conn)
        assert counts == {t: v["rows"] for t, v in manifest["tables"].items()}
        assert conn.execute("SELECT source FROM ops.core_builds ORDER BY build_id DESC LIMIT 1").fetchone() == (
            "synthetic",
        )
        assert (
            conn.execute("SELECT 1 FROM pg_namespace WHERE nspname IN ('core_staging', 'core_retired')").fetchone()
            is None
        )


def test_reload_keeps_ops(loaded, datasets_dir):
    with connect(loaded.admin) as conn:
        core_loader.load_dataset(conn, dataset_directory(datasets_dir, 2026, 30))
        assert conn.execute("SELECT count(*) FROM ops.decision_log WHERE tool = 'kept'").fetchone()[0] == 1


def test_failure_half_way_leaves_core_unchanged(loaded, tmp_path):
    other = tmp_path / "other"
    generate(other, seed=99, customers=30)

    def explode(table):
        if table == "transactions":
            raise RuntimeError("disk full")

    with connect(loaded.admin) as conn:
        before = fingerprint(conn)
        with pytest.raises(RuntimeError, match="disk full"):
            core_loader.load_dataset(conn, other, after_table=explode)
        assert fingerprint(conn) == before


def test_row_count_mismatch_aborts_before_the_swap(loaded, tmp_path):
    other = tmp_path / "other"
    manifest = generate(other, seed=99, customers=30)
    manifest["tables"]["products"]["rows"] += 1
    (other / MANIFEST).write_text(json.dumps(manifest))
    with connect(loaded.admin) as conn:
        before = fingerprint(conn)
        with pytest.raises(core_loader.LoadMismatch, match="products: sent"):
            core_loader.load_dataset(conn, other)
        assert fingerprint(conn) == before


KILLABLE_LOAD = """
import sys, time, pathlib
from quipu.adapters.postgres import core_loader
from quipu.adapters.postgres.connection import connect

def pause(table):
    if table == "transactions":
        pathlib.Path(sys.argv[3]).write_text("copied")
        time.sleep(60)

with connect(sys.argv[1]) as conn:
    core_loader.load_dataset(conn, pathlib.Path(sys.argv[2]), after_table=pause)
"""


@pytest.mark.slow
def test_load_killed_half_way_leaves_core_unchanged(loaded, tmp_path):
    other = tmp_path / "other"
    generate(other, seed=99, customers=30)
    marker = tmp_path / "marker"
    with connect(loaded.admin) as conn:
        before = fingerprint(conn)
    child = subprocess.Popen([sys.executable, "-c", KILLABLE_LOAD, loaded.admin, str(other), str(marker)])
    deadline = time.monotonic() + 30
    while not marker.exists() and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.05)
    assert marker.exists(), "the load never reached the transactions table"
    os.kill(child.pid, signal.SIGKILL)
    child.wait(10)
    with connect(loaded.admin) as conn:
        assert fingerprint(conn) == before
        core_loader.load_dataset(conn, other)
        assert core_loader.row_counts(conn)["customers"] == 40
