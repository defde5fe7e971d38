"""The SHA-256 of a file, read in chunks: how model files and dataset files are verified."""

import hashlib
from pathlib import Path


def sha256_of(path: Path) -> str:
    with path.open("rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()
