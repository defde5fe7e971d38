"""The SQL gate's record: `quipu eval sql` writes each model's verdict to <home>/sql-gate.json, keyed by
provider and model; the agent offers run_sql and describe_schema only to a model whose latest verdict is PASS.
Outside MCP clients (/mcp) are not gated by this record."""

import json
import logging
from datetime import UTC, datetime
from pathlib import Path

from quipu.adapters.mcp.surface import FastMCP
from quipu.application.ports import LanguageModel

log = logging.getLogger("quipu.sql_gate")
SQL_GATE_TAG = "sql_gate"
RECORD_NAME = "sql-gate.json"
GATED_TOOLS = ("describe_schema", "run_sql")


def record_path(home: Path) -> Path:
    return Path(home).resolve() / RECORD_NAME


def model_key(provider: str, model: str) -> str:
    return f"{provider}:{model}"


def read_record(home: Path) -> dict[str, object]:
    path = record_path(home)
    if not path.exists():
        return {}
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:  # an unreadable record gates like no record
        log.warning("unreadable SQL gate record %s", path, exc_info=error)
        return {}
    return loaded if isinstance(loaded, dict) else {}


def write_verdict(
    home: Path, provider: str, model: str, verdict: str, details: dict[str, object] | None = None
) -> Path:
    """Keeps every other model's entry; this model's latest verdict replaces its older one."""
    path = record_path(home)
    record = read_record(home)
    record[model_key(provider, model)] = {
        "verdict": verdict,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        **(details or {}),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


def passed(home: Path, provider: str, model: str) -> bool:
    entry = read_record(home).get(model_key(provider, model))
    return isinstance(entry, dict) and entry.get("verdict") == "PASS"


def gate_sql_tools(server: FastMCP, home: Path, model: LanguageModel) -> bool:
    """Hides the gated tools from this server (the agent's) unless the model passed; True when offered."""
    offered = passed(home, model.provider, model.model)
    if not offered:
        server.disable(tags={SQL_GATE_TAG})
    return offered
