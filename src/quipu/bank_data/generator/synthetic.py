"""Writes the synthetic bank (organizer-shaped customers plus the ten demo customers) as a dataset."""

from pathlib import Path

from quipu.bank_data.format import DatasetWriter
from quipu.bank_data.generator.fixtures import demo_bundles
from quipu.bank_data.generator.organizer import OrganizerCustomer
from quipu.bank_data.generator.rows import FxTable, biller_rows

GENERATOR_VERSION = 1
DEFAULT_SEED = 2026
DEFAULT_CUSTOMERS = 1500


def generate(directory: Path, *, seed: int = DEFAULT_SEED, customers: int = DEFAULT_CUSTOMERS) -> dict:
    """Same seed and count, same bytes."""
    if customers < 0:
        raise ValueError("customers must be zero or more")
    fx = FxTable(seed)
    writer = DatasetWriter(directory)
    writer.write("service_billers", biller_rows())
    writer.write("fx_rates", fx.rows())
    for index in range(customers):
        _write_bundle(writer, OrganizerCustomer(seed, index, fx).build())
    for bundle in demo_bundles(fx):
        _write_bundle(writer, bundle)
    return writer.close(
        {
            "source": "synthetic",
            "generator_version": GENERATOR_VERSION,
            "seed": seed,
            "customers": customers,
        }
    )


def _write_bundle(writer: DatasetWriter, bundle: dict) -> None:
    for table, rows in bundle.items():
        writer.write(table, rows)


def dataset_name(seed: int, customers: int) -> str:
    return f"synthetic-v{GENERATOR_VERSION}-seed{seed}-n{customers}"
