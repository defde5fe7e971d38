"""The data pipeline on small generated data: planted defects counted exactly, late and corrected rows
land, a broken contract stops the load with core untouched, and two runs give the same core."""

import csv
import json
import shutil
from datetime import date, datetime, timedelta

import pytest

from quipu.adapters.postgres import core_loader
from quipu.adapters.postgres.connection import connect
from quipu.bank_data.pipeline.raw import generate_raw
from quipu.bank_data.pipeline.run import run_pipeline
from quipu.bank_data.pipeline.stages import ContractViolation

CUSTOMERS = 120
FINGERPRINT = "SELECT md5(string_agg(t::text, '' ORDER BY transaction_id)) FROM core.transactions t"


@pytest.fixture(scope="module")
def raw(tmp_path_factory):
    root = tmp_path_factory.mktemp("raw")
    planted = generate_raw(root, customers=CUSTOMERS, seed=11)
    return root, planted


@pytest.fixture(scope="module")
def first_run(raw, tmp_path_factory):
    root, _ = raw
    work = tmp_path_factory.mktemp("work")
    return run_pipeline(root, work, None), work


def test_every_planted_defect_is_found_and_counted_exactly(raw, first_run):
    _, planted = raw
    result, work = first_run
    tables = result.quality["tables"]
    tx = tables["transactions"]
    assert (
        tx["dropped_duplicates"]
        == planted["duplicate_transactions_exact"] + planted["duplicate_transactions_corrected"]
    )
    assert tx["dropped_customer_orphans"] == planted["orphan_customer_transactions"]
    assert tx["orphan_product_id"] == planted["orphan_product_id"]
    assert tx["filled_from_merchant_category"] == planted["null_category_with_hint"]
    assert tx["normalised_country"] == planted["normalised_country"]
    assert tables["digital_events"]["dropped_customer_orphans"] == planted["orphan_customer_digital_events"]
    assert tables["customers"]["orphan_registration_branch_id"] == planted["orphan_registration_branch_id"]
    assert tables["call_center_interactions"]["orphan_agent_id"] == planted["orphan_agent_id"]
    assert planted["late_rows"] > 0 and planted["null_category_without_hint"] > 0
    report = json.loads((work / "_quality_report.json").read_text())
    assert report["history_window"]["days"] == 365 and (work / "_quality_report.md").exists()


def test_the_schema_change_mid_way_is_absorbed_by_union_by_name(first_run):
    result, work = first_run
    assert result.quality["tables"]["transactions"]["filled_from_merchant_category"] > 0
    header = next(csv.reader((work / "core" / "transactions.csv").open()))
    assert "merchant_category" not in header


def test_a_broken_contract_stops_the_load_and_core_stays(raw, migrated_db, tmp_path):
    root, _ = raw
    broken = tmp_path / "raw"
    shutil.copytree(root, broken)
    bad = next((broken / "transactions").glob("year=2026/month=06/day=*/part-0.csv"))
    rows = list(csv.reader(bad.open()))
    currency = rows[0].index("currency")
    rows[1][currency] = "BRL"
    with bad.open("w", newline="") as f:
        csv.writer(f).writerows(rows)
    with connect(migrated_db.admin) as conn:
        before = core_loader.row_counts(conn), conn.execute(FINGERPRINT).fetchone()
    with pytest.raises(ContractViolation, match=r"transactions\.currency .* 1 row\(s\), e\.g\. 'BRL'"):
        run_pipeline(broken, tmp_path / "work", migrated_db)
    with connect(migrated_db.admin) as conn:
        assert (core_loader.row_counts(conn), conn.execute(FINGERPRINT).fetchone()) == before


@pytest.mark.timeout(300)  # two whole pipeline runs: a minute alone, more on a shared machine
def test_two_runs_give_identical_core_and_a_late_partition_and_a_correction_land(raw, migrated_db, tmp_path):
    root, _ = raw
    source = tmp_path / "raw"
    shutil.copytree(root, source)
    run_pipeline(source, tmp_path / "a", migrated_db)
    with connect(migrated_db.admin) as conn:
        first = conn.execute(FINGERPRINT).fetchone()
    run_pipeline(source, tmp_path / "b", migrated_db)
    with connect(migrated_db.admin) as conn:
        assert conn.execute(FINGERPRINT).fetchone() == first
        victim = conn.execute(
            "SELECT transaction_id, amount FROM core.transactions ORDER BY transaction_date DESC, "
            "transaction_id LIMIT 1"
        ).fetchone()
    late_id = add_late_partition(source, victim[0])
    run_pipeline(source, tmp_path / "b", migrated_db, incremental=True)
    with connect(migrated_db.admin) as conn:
        corrected = conn.execute(
            "SELECT amount FROM core.transactions WHERE transaction_id = %s", (victim[0],)
        ).fetchone()
        late = conn.execute("SELECT count(*) FROM core.transactions WHERE transaction_id = %s", (late_id,)).fetchone()
    assert corrected[0] == victim[1] + 1 and late[0] == 1


def add_late_partition(source, transaction_id: str) -> str:
    """A partition that arrives on 2026-06-19 with a row from a week earlier, and a correction of one row."""
    original = None
    for path in (source / "transactions").glob("year=2026/month=06/day=*/part-0.csv"):
        rows = list(csv.reader(path.open()))
        for row in rows[1:]:
            if row[0] == transaction_id:
                header, original = rows[0], row
    assert original is not None
    amount, updated, tx_date = (header.index(c) for c in ("amount", "last_updated", "transaction_date"))
    corrected = list(original)
    corrected[amount] = f"{float(original[amount]) + 1:.2f}"
    corrected[updated] = (datetime.fromisoformat(original[updated]) + timedelta(days=2)).isoformat(sep=" ")
    late = list(original)
    late[0] = "TRX-LATE-ARRIVAL"
    late[tx_date] = (datetime.fromisoformat(original[tx_date]) - timedelta(days=7)).isoformat(sep=" ")
    day = date(2026, 6, 19)
    folder = source / "transactions" / f"year={day.year}" / f"month={day.month:02d}" / f"day={day.day:02d}"
    folder.mkdir(parents=True)
    with (folder / "part-0.csv").open("w", newline="") as f:
        csv.writer(f).writerows([header, corrected, late])
    return "TRX-LATE-ARRIVAL"
