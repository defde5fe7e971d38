"""`quipu model serve` runs llama.cpp's own server with parallel slots once it is built, and says which it runs."""

import inspect
from pathlib import Path

import pytest

from quipu.adapters.cli.model_server import ServerBuildError, served_command, server_binary
from quipu.adapters.llm.server_key import KEY_FILE, ensure_key, loopback, read_key

WHERE = dict(host="127.0.0.1", port=8081, threads=2, context=4096, slots=4)


@pytest.fixture(autouse=True)
def key_file(tmp_path, monkeypatch):
    """Every command below is given the key file `quipu model serve` makes."""
    path = ensure_key(tmp_path / "keys" / KEY_FILE)
    WHERE["key_file"] = path
    return path


def built(home: Path) -> None:
    binary = server_binary(home)
    binary.parent.mkdir(parents=True)
    binary.write_text("")
    binary.with_suffix(".version").write_text("0.3.36\n")


def option(command: list[str], name: str) -> str:
    return command[command.index(name) + 1]


def test_a_built_llama_server_serves_with_parallel_slots_and_a_context_for_each(tmp_path):
    built(tmp_path)
    command, engine = served_command(tmp_path, "/m.gguf", "qwen2.5-coder-1.5b", **WHERE)
    assert command[0] == str(server_binary(tmp_path)) and engine == "llama-server, 4 slots"
    assert option(command, "--parallel") == "4" and option(command, "--ctx-size") == str(4 * 4096)
    assert option(command, "--alias") == "qwen2.5-coder-1.5b" and "--cont-batching" in command


def test_the_served_prompt_cache_is_capped_so_memory_stays_flat(tmp_path):
    built(tmp_path)
    command, _ = served_command(tmp_path, "/m.gguf", "m", **WHERE)
    assert 0 < int(option(command, "--cache-ram")) <= 512  # MiB; llama-server's own default is 8 GiB


def test_without_the_build_the_python_server_serves_one_call_at_a_time_and_says_so(tmp_path):
    command, engine = served_command(tmp_path, "/m.gguf", "m", **WHERE)
    assert command[1:3] == ["-m", "llama_cpp.server"] and option(command, "--cache") == "false"
    assert "one call at a time" in engine and "build-server" in engine


def test_a_binary_without_its_build_stamp_is_not_trusted(tmp_path):
    built(tmp_path)
    server_binary(tmp_path).with_suffix(".version").unlink()  # a copy that did not finish
    assert served_command(tmp_path, "/m.gguf", "m", **WHERE)[0][1:3] == ["-m", "llama_cpp.server"]


def test_an_operators_own_flags_go_to_llama_server_after_ours(tmp_path):
    built(tmp_path)
    command, _ = served_command(tmp_path, "/m.gguf", "m", **WHERE, extra=["--threads", "4"])
    assert command[-2:] == ["--threads", "4"]  # llama-server keeps the later value


def test_flags_for_llama_server_are_refused_by_the_python_server(tmp_path):
    with pytest.raises(ServerBuildError, match="build-server"):
        served_command(tmp_path, "/m.gguf", "m", **WHERE, extra=["--poll", "0"])


def test_llama_server_requires_the_key_from_its_file_never_on_the_command_line(tmp_path, key_file):
    built(tmp_path)
    command, _ = served_command(tmp_path, "/m.gguf", "m", **WHERE)
    assert option(command, "--api-key-file") == str(key_file)
    assert read_key(key_file) not in " ".join(command)


def test_the_python_server_requires_the_key_too(tmp_path, key_file):
    command, _ = served_command(tmp_path, "/m.gguf", "m", **WHERE)
    assert option(command, "--api_key") == read_key(key_file)


@pytest.mark.parametrize("flag", ["--api-key", "--api-key-file", "--api-key=x"])
def test_an_operators_flag_cannot_drop_or_replace_the_key(tmp_path, flag):
    built(tmp_path)
    with pytest.raises(ServerBuildError, match="API key"):
        served_command(tmp_path, "/m.gguf", "m", **WHERE, extra=[flag, "x"])


def test_the_key_is_made_once_random_and_readable_only_by_its_owner(tmp_path):
    path = ensure_key(tmp_path / KEY_FILE)
    key = read_key(path)
    assert key and len(key) >= 40 and (path.stat().st_mode & 0o777) == 0o600
    assert read_key(ensure_key(path)) == key
    assert read_key(ensure_key(tmp_path / "other.key")) != key


@pytest.mark.parametrize(
    ("where", "local"),
    [("127.0.0.1", True), ("localhost", True), ("::1", True), ("http://127.0.0.1:8081/v1", True),
     ("0.0.0.0", False), ("10.0.0.5", False), ("http://model-host:8081/v1", False)],
)  # fmt: skip
def test_only_a_loopback_address_is_this_machine(where, local):
    assert loopback(where) is local


def test_serve_binds_to_loopback_unless_told_otherwise():
    from quipu.adapters.cli.model import serve_command

    host = inspect.signature(serve_command).parameters["host"].default
    assert host.default == "127.0.0.1"
