"""llama.cpp's own server, `llama-server`: parallel slots, continuous batching and a prompt cache per slot.

It is built from the source distribution of the llama-cpp-python release already installed (PyPI carries
the llama.cpp sources it binds), so the served model runs the same llama.cpp as the in-process one. Without
it, `quipu model serve` falls back to llama-cpp-python's Python server, which answers one call at a time."""

import hashlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Callable
from pathlib import Path

from quipu.adapters.llm.server_key import read_key

PACKAGE = "llama-cpp-python"
KEY_FLAGS = {"--api-key", "--api-key-file"}
SCRIPTS = Path(__file__).resolve().parents[4] / "scripts"


class ServerBuildError(RuntimeError):
    """The server could not be built; the message says which step and why."""


def server_binary(home: Path) -> Path:
    return home / "bin" / "llama-server"


def built_version(home: Path) -> str | None:
    stamp = server_binary(home).with_suffix(".version")
    return stamp.read_text().strip() if server_binary(home).exists() and stamp.exists() else None


def build_server(home: Path, say: Callable[[str], None]) -> Path:
    """Build the `llama-server` target of the installed release's sources once per release and CPU flags (kept
    in the user's cache, like pip's wheels), and install it under home/bin."""
    version = importlib.metadata.version(PACKAGE)
    flags = cmake_flags()
    digest = hashlib.sha256(" ".join(flags).encode()).hexdigest()[:12]
    work = Path.home() / ".cache" / "quipu" / f"llama-server-{version}-{digest}"
    built = work / "build" / "bin" / "llama-server"
    if not built.exists():
        compile_server(work, version, flags, say)
    target = server_binary(home)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(built, target)
    target.with_suffix(".version").write_text(version + "\n")
    return target


def compile_server(work: Path, version: str, flags: list[str], say: Callable[[str], None]) -> None:
    cmake = shutil.which("cmake")
    if cmake is None:
        raise ServerBuildError("cmake is not installed (Debian: apt-get install cmake)")
    work.mkdir(parents=True, exist_ok=True)
    say(f"downloading the {PACKAGE} {version} sources from PyPI")
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
         f"{PACKAGE}=={version}", "--dest", str(work)], "download")  # fmt: skip
    (archive,) = work.glob("*.tar.gz")
    with tarfile.open(archive) as tar:
        tar.extractall(work, filter="data")
    llama_cpp = work / archive.name.removesuffix(".tar.gz") / "vendor" / "llama.cpp"
    build = work / "build"
    run([cmake, "-S", str(llama_cpp), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release", *flags], "configure")
    say(f"compiling llama-server on {os.cpu_count()} cores (about seven minutes on two)")
    run(
        [cmake, "--build", str(build), "--target", "llama-server", "-j", str(os.cpu_count() or 1)],
        "compile",
        shown=True,
    )


def cmake_flags() -> list[str]:
    """The CPU flags the in-process build uses (never AMX), and only the server: no UI, no downloads."""
    cpu = subprocess.run([str(SCRIPTS / "llama-cmake-args.sh")], capture_output=True, text=True, check=True)
    return [*cpu.stdout.split(), "-DLLAMA_CURL=OFF", "-DLLAMA_OPENSSL=OFF", "-DLLAMA_BUILD_UI=OFF",
            "-DLLAMA_USE_PREBUILT_UI=OFF", "-DLLAMA_BUILD_TESTS=OFF", "-DLLAMA_BUILD_EXAMPLES=OFF",
            "-DBUILD_SHARED_LIBS=OFF"]  # fmt: skip


def run(command: list[str], step: str, *, shown: bool = False) -> None:
    """A step's output is kept for its error, or shown as it runs (the compile: minutes of progress lines)."""
    done = subprocess.run(command, capture_output=not shown, text=True)
    if done.returncode != 0:
        said = "see the output above" if shown else (done.stderr or done.stdout)[-2000:]
        raise ServerBuildError(f"{step} failed ({done.returncode}): {said}")


def llama_server_command(
    binary: Path,
    path: str,
    alias: str,
    *,
    host: str,
    port: int,
    threads: int,
    context: int,
    slots: int,
    key_file: Path,
) -> list[str]:
    """`slots` requests decode together (continuous batching), each slot with `context` tokens of its own and
    its own evaluated prefix; the prompt cache in RAM is capped so the server's memory stays flat. Every
    completion needs the key (read from its file, so it never shows in the process list)."""
    return [
        str(binary),
        "--model", path,
        "--alias", alias,
        "--host", host,
        "--port", str(port),
        "--api-key-file", str(key_file),
        "--parallel", str(slots),
        "--ctx-size", str(context * slots),
        "--threads", str(threads),
        "--threads-batch", str(threads),
        "--cont-batching",
        "--cache-ram", "256",
        "--no-webui",
    ]  # fmt: skip


def python_server_command(
    path: str, alias: str, *, host: str, port: int, threads: int, context: int, key: str
) -> list[str]:
    """llama-cpp-python's OpenAI-compatible server: one completion at a time (a lock around its one llama.cpp
    context), the previous prompt's prefix reused, no state cache (it grew without bound). It takes the key
    only as an argument: the fallback, for one machine."""
    return [
        sys.executable, "-m", "llama_cpp.server",
        "--model", path,
        "--model_alias", alias,
        "--host", host,
        "--port", str(port),
        "--api_key", key,
        "--n_ctx", str(context),
        "--n_threads", str(threads),
        "--n_threads_batch", str(threads),
        "--cache", "false",
    ]  # fmt: skip


def served_command(
    home: Path,
    path: str,
    alias: str,
    *,
    host: str,
    port: int,
    threads: int,
    context: int,
    slots: int,
    key_file: Path,
    extra: list[str] | None = None,
) -> tuple[list[str], str]:
    """llama-server when it has been built, else llama-cpp-python's server; with a line saying which. Both
    require the key in `key_file` on every completion. `extra` flags go to llama-server after ours (the later
    flag wins), but never one that drops or replaces the key; the Python server takes none."""
    if any(flag.split("=")[0] in KEY_FLAGS for flag in extra or []):
        raise ServerBuildError("the API key is quipu's own: set it with --api-key-file, not after `--`")
    if built_version(home):
        command = llama_server_command(
            server_binary(home), path, alias, host=host, port=port, threads=threads, context=context, slots=slots,
            key_file=key_file,
        )  # fmt: skip
        return command + list(extra or []), f"llama-server, {slots} slots"
    if extra:
        raise ServerBuildError("flags after `--` are llama-server's; build it with `quipu model build-server`")
    key = read_key(key_file)
    if key is None:
        raise ServerBuildError(f"the key file {key_file} is empty or unreadable")
    command = python_server_command(path, alias, host=host, port=port, threads=threads, context=context, key=key)
    return command, "llama-cpp-python's server, one call at a time; `quipu model build-server` gives parallel slots"
