from quipu.bank_data.format import CORE_TABLES
from quipu.bank_data.generator.synthetic import generate
from quipu.checksums import sha256_of


def test_same_seed_gives_the_same_bytes(tmp_path):
    first = generate(tmp_path / "a", seed=7, customers=15)
    second = generate(tmp_path / "b", seed=7, customers=15)
    assert first == second
    for table in CORE_TABLES:
        assert sha256_of(tmp_path / "a" / f"{table}.csv") == sha256_of(tmp_path / "b" / f"{table}.csv")


def test_another_seed_gives_other_customers(tmp_path):
    first = generate(tmp_path / "a", seed=7, customers=15)
    other = generate(tmp_path / "b", seed=8, customers=15)
    assert first["tables"]["customers"]["sha256"] != other["tables"]["customers"]["sha256"]


def test_customer_i_does_not_depend_on_the_total(tmp_path):
    generate(tmp_path / "small", seed=7, customers=10)
    generate(tmp_path / "large", seed=7, customers=30)
    small = (tmp_path / "small" / "customers.csv").read_text().splitlines()[:11]
    large = (tmp_path / "large" / "customers.csv").read_text().splitlines()[:11]
    assert small == large


def test_counts_scale_with_customers(tmp_path):
    manifest = generate(tmp_path / "n", seed=7, customers=100)
    tables = manifest["tables"]
    assert tables["customers"]["rows"] == 110
    assert tables["customer_service_summary"]["rows"] == 110
    assert 15 <= tables["transactions"]["rows"] / 110 <= 60
    assert tables["fx_rates"]["rows"] == 1097 * 12
    assert tables["service_billers"]["rows"] == 5
