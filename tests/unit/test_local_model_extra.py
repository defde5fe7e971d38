"""llama-cpp-python is an optional extra (`quipu[local]`, installed by `make up` and `make test`): without it
the package imports and the local model says what to install."""

import sys

import pytest

from quipu.adapters.llm.local import LocalModel


def test_without_llama_cpp_the_local_model_names_the_extra_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "llama_cpp", None)  # as on an install without the extra
    with pytest.raises(RuntimeError, match=r"quipu\[local\]"):
        LocalModel(tmp_path / "model.gguf")._load()
