"""Use case: make sure the database holds the demo bank, generating the dataset once per seed and size."""

import shutil
from dataclasses import dataclass
from pathlib import Path

from quipu.adapters.postgres import core_loader
from quipu.adapters.postgres.connection import DatabaseUrls, connect
from quipu.bank_data.format import MANIFEST
from quipu.bank_data.generator import synthetic


@dataclass(frozen=True)
class DemoDataResult:
    loaded: bool
    directory: Path
    counts: dict[str, int]


def dataset_directory(datasets_dir: Path, seed: int, customers: int) -> Path:
    """The generated dataset for this seed and size, written once and reused."""
    directory = datasets_dir / synthetic.dataset_name(seed, customers)
    if not (directory / MANIFEST).exists():
        partial = directory.with_name(directory.name + ".partial")
        for leftover in (partial, directory):
            shutil.rmtree(leftover, ignore_errors=True)
        synthetic.generate(partial, seed=seed, customers=customers)
        partial.rename(directory)
    return directory


def load_demo_data(
    urls: DatabaseUrls, datasets_dir: Path, *, seed: int, customers: int, only_if_empty: bool
) -> DemoDataResult:
    directory = dataset_directory(datasets_dir, seed, customers)
    with connect(urls.admin) as conn:
        counts = core_loader.row_counts(conn)
        if only_if_empty and counts["customers"] > 0:
            return DemoDataResult(False, directory, counts)
        counts = core_loader.load_dataset(conn, directory)
    return DemoDataResult(True, directory, counts)
