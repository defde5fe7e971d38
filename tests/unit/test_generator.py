import pytest

from quipu.bank_data.format import CORE_TABLES
from quipu.bank_data.generator.synthetic import generate
from quipu.checksums import sha256_of


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """Two datasets of seed 7, made once for the module (a dataset costs a tenth of a second)."""
    folder = tmp_path_factory.mktemp("synthetic")
    return folder, {n: generate(folder / f"seven-{n}", seed=7, customers=n) for n in (5, 12)}


def test_same_seed_gives_the_same_bytes(made, tmp_path):
    folder, manifests = made
    assert generate(tmp_path / "again", seed=7, customers=5) == manifests[5]
    for table in CORE_TABLES:
        assert sha256_of(tmp_path / "again" / f"{table}.csv") == sha256_of(folder / "seven-5" / f"{table}.csv")


def test_another_seed_gives_other_customers(made, tmp_path):
    other = generate(tmp_path / "eight", seed=8, customers=5)
    assert made[1][5]["tables"]["customers"]["sha256"] != other["tables"]["customers"]["sha256"]


def test_customer_i_does_not_depend_on_the_total(made):
    folder, _ = made
    small = (folder / "seven-5" / "customers.csv").read_text().splitlines()[:6]
    large = (folder / "seven-12" / "customers.csv").read_text().splitlines()[:6]
    assert small == large


def test_counts_scale_with_customers(made):
    tables = made[1][12]["tables"]
    assert tables["customers"]["rows"] == 22  # 12 generated and the 10 demo customers
    assert tables["customer_service_summary"]["rows"] == 22
    assert 15 <= tables["transactions"]["rows"] / 22 <= 60
    assert tables["fx_rates"]["rows"] == 1097 * 12
    assert tables["service_billers"]["rows"] == 5
