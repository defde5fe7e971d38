"""The API key of `quipu model serve`: generated once into QUIPU_HOME (mode 600), required by the server for every
completion, and sent by the API processes (`QUIPU_LLM_API_KEY`; on the same machine they read it from the file).
Without it anyone who can reach the model server's port could fill its slots."""

import ipaddress
import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit

KEY_FILE = "model-server.key"


def key_path(home: Path) -> Path:
    return home / KEY_FILE


def ensure_key(path: Path) -> Path:
    """The key file, created with a new random key when there is none; only its owner may read it."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(secrets.token_urlsafe(32) + "\n")
    return path


def read_key(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8").strip() or None
    except OSError:
        return None


def loopback(url_or_host: str) -> bool:
    """A URL or host on this machine: the only place a key file in QUIPU_HOME can be the server's."""
    host = urlsplit(url_or_host).hostname if "//" in url_or_host else url_or_host
    if not host or host == "localhost":
        return host == "localhost"
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
