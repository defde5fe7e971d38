"""The trained reader on disk: arrays in a .npz (no pickle: loading runs no code) and the n-gram vocabularies in
JSON, one file pair per corpus fingerprint, so a changed corpus, lexicon or reading retrains and an unchanged
one loads in a fraction of a second. Kept in the user's cache, shared by every checkout on the machine."""

import json
import logging
import os
import time
from pathlib import Path

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer

from quipu.adapters.reader import corpus
from quipu.adapters.reader.linear import Compact, Fitted, LinearReader, train

log = logging.getLogger("quipu.reader")
DEFAULT_CACHE = Path.home() / ".cache" / "quipu" / "reader"
ANALYZERS = (  # the two n-gram kinds of linear._pipeline, rebuilt on load
    {"analyzer": "char_wb", "ngram_range": (2, 5)},
    {"analyzer": "word", "token_pattern": r"\S+", "ngram_range": (1, 2)},
)


def _save_fitted(fitted: Fitted, name: str, folder: Path, arrays: dict[str, np.ndarray]) -> dict[str, object]:
    compact = fitted.pipeline
    arrays[f"{name}_coef"] = compact.coef
    arrays[f"{name}_intercept"] = compact.intercept
    vocabularies = []
    for i, (_, vocabulary, idf, _) in enumerate(compact.parts):
        arrays[f"{name}_idf{i}"] = idf
        ordered = sorted(vocabulary, key=vocabulary.__getitem__)
        vocabularies.append(ordered)
    return {
        "classes": list(compact.classes),
        "temperature": fitted.temperature,
        "accuracy": fitted.accuracy,
        "calibration_error": fitted.calibration_error,
        "raw_calibration_error": fitted.raw_calibration_error,
        "vocabularies": vocabularies,
    }


def save(reader: LinearReader, folder: Path = DEFAULT_CACHE) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, np.ndarray] = {}
    meta = {
        "fingerprint": reader.fingerprint,
        "examples": reader.examples,
        "intents": _save_fitted(reader.intents, "intents", folder, arrays),
        "moods": _save_fitted(reader.moods, "moods", folder, arrays),
    }
    path = folder / f"reader-{reader.fingerprint}"
    # written aside and renamed: a process loading the reader while another trains never reads half a file
    partial = folder / f".{path.name}.{os.getpid()}"
    np.savez_compressed(partial.with_suffix(".npz"), **arrays)  # type: ignore[arg-type]
    partial.with_suffix(".json").write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
    os.replace(partial.with_suffix(".npz"), path.with_suffix(".npz"))
    os.replace(partial.with_suffix(".json"), path.with_suffix(".json"))
    _prune(folder)
    return path


KEPT = 8  # readers kept in the cache: every checkout on the machine shares it, each with its own corpus


def _prune(folder: Path) -> None:
    """The oldest trained readers go once more than KEPT are stored (each corpus change trains a new one)."""
    stored = sorted(folder.glob("reader-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for stale in stored[KEPT:]:
        for part in (stale, stale.with_suffix(".npz")):
            part.unlink(missing_ok=True)


def _load_fitted(meta: dict, name: str, arrays) -> Fitted:
    compact = Compact.__new__(Compact)
    compact.parts = []
    offset = 0
    for i, terms in enumerate(meta["vocabularies"]):
        analyzer = TfidfVectorizer(**ANALYZERS[i]).build_analyzer()
        compact.parts.append((analyzer, {t: j for j, t in enumerate(terms)}, arrays[f"{name}_idf{i}"], offset))
        offset += len(terms)
    compact.coef = arrays[f"{name}_coef"]
    compact.intercept = arrays[f"{name}_intercept"]
    compact.classes = tuple(meta["classes"])
    return Fitted(
        pipeline=compact,
        temperature=meta["temperature"],
        accuracy=meta["accuracy"],
        calibration_error=meta["calibration_error"],
        raw_calibration_error=meta["raw_calibration_error"],
        labels=compact.classes,
    )


def load(fingerprint: str, folder: Path = DEFAULT_CACHE) -> LinearReader | None:
    path = folder / f"reader-{fingerprint}"
    if not path.with_suffix(".json").is_file() or not path.with_suffix(".npz").is_file():
        return None
    try:
        meta = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        with np.load(path.with_suffix(".npz"), allow_pickle=False) as arrays:
            loaded = {key: arrays[key] for key in arrays.files}
        return LinearReader(
            intents=_load_fitted(meta["intents"], "intents", loaded),
            moods=_load_fitted(meta["moods"], "moods", loaded),
            fingerprint=meta["fingerprint"],
            examples=meta["examples"],
        )
    except (OSError, EOFError, ValueError, KeyError) as error:  # a damaged file is trained again, never half-read
        log.warning("the trained reader at %s is unreadable; training again", path, exc_info=error)
        return None


def trained(folder: Path = DEFAULT_CACHE) -> LinearReader:
    """The reader for today's corpus: loaded when it was trained before, else trained (seconds) and saved."""
    fingerprint = corpus.fingerprint()
    found = load(fingerprint, folder)
    if found is not None:
        return found
    began = time.perf_counter()
    reader = train(corpus.load(), fingerprint)
    log.info("trained the reader on %d examples in %.1f s", reader.examples, time.perf_counter() - began)
    save(reader, folder)
    return reader
