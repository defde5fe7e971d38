"""Real processes for the fault tests: API processes started as `quipu serve`, and a stand-in OpenAI-compatible
model server that answers the agent's schemas, slowly, or never."""

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx

from support import TEST_SECRET

ROOT = Path(__file__).resolve().parents[2]


class FakeModelServer:
    """Reading calls get `intent` read as a question; (older) router and skill calls get `skill`, a tool call, a
    reply. `delay` slows every answer; `hang` never answers (until stopped)."""

    def __init__(
        self, port: int, *, skill: str = "balance_inquiry", tool: str = "get_balances", intent: str = "balance"
    ):
        self.delay = 0.0
        self.hang = False
        self.requests = 0
        self.stopping = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                if outer.hang:
                    outer.stopping.wait(120)
                    return
                self._send({"data": [{"id": "fake"}]})

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["content-length"])))
                outer.requests += 1
                if outer.hang:
                    outer.stopping.wait(120)
                    return
                time.sleep(outer.delay)
                asked = body["response_format"]
                schema = asked.get("schema") or asked["json_schema"]["schema"]
                said = " ".join(m["content"] for m in body["messages"])
                if "intent" in schema.get("properties", {}):
                    data = {"intent": intent, "mood": "question", "polarity": "asks", "speaker": "customer"}
                elif "skill" in schema.get("properties", {}):
                    data = {"skill": skill}
                elif "[tool result]" in said:
                    data = {"action": "reply", "text": "Aquí tienes tus saldos."}
                else:
                    data = {"action": "tool", "tool": tool, "arguments": {}}
                self._send({"choices": [{"message": {"content": json.dumps(data)}}], "usage": {}})

            def _send(self, payload):
                raw = json.dumps(payload).encode()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{port}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.stopping.set()
        self.server.shutdown()
        self.server.server_close()


class ApiProcess:
    """One `quipu serve` process on the given database; kill() is kill -9."""

    def __init__(self, admin_url: str, port: int, tmp: Path, **env):
        with socket.socket() as probe:  # a stray server on the port would answer for this one
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # closed connections may linger
            probe.bind(("127.0.0.1", port))
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log = tmp / f"api-{port}.log"
        environment = {k: v for k, v in os.environ.items() if not k.startswith("QUIPU_")}
        environment.update(
            QUIPU_DATABASE_URL=admin_url,
            QUIPU_PORT=str(port),
            QUIPU_HOME=str(tmp / "home"),
            QUIPU_JWT_SECRET=TEST_SECRET,
            QUIPU_LOGIN_RATE_PER_MINUTE="1000",
            QUIPU_CHAT_RATE_PER_MINUTE="1000",
            QUIPU_ALLOW_MODEL_CALLS="1",
            PYTHONPATH=str(ROOT / "src"),
        )
        environment.update({k: str(v) for k, v in env.items()})
        self.process = subprocess.Popen(
            [sys.executable, "-m", "quipu", "serve"],
            env=environment,
            stdout=self.log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_up(self, seconds: float = 90) -> "ApiProcess":
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()[-3000:]
            try:
                if httpx.get(f"{self.url}/health", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        raise AssertionError(f"API on {self.port} not up:\n{self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


def token(api: ApiProcess, user: str, password: str) -> dict:
    answer = httpx.post(f"{api.url}/api/auth/token", json={"user": user, "password": password}, timeout=30)
    assert answer.status_code == 200, answer.text
    return {"Authorization": f"Bearer {answer.json()['access_token']}"}
