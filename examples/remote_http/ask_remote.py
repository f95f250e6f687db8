"""Reach a bundled server over streamable HTTP with a bearer token: start `mcp-todo` on loopback
with `MCP_SERVER_TOKEN`, ask through the config beside this file, and show that a client without
the token is refused. The server keeps its list in a scratch folder made here and removed at the
end, so your own todo list is never touched. From the clone's folder, after the quick start:

    .venv/bin/python examples/remote_http/ask_remote.py
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sysconfig
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from orchestrator import ask_sync

CONFIG = Path(__file__).with_name("mcp_agent.config.yaml")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_healthy(base: str, deadline: float = 30.0) -> None:
    end = time.monotonic() + deadline
    while True:
        try:
            with urllib.request.urlopen(f"{base}/health", timeout=1):
                return
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.1)


def main(scratch: str) -> None:
    token = secrets.token_urlsafe(24)
    port = free_port()
    command = shutil.which("mcp-todo", path=sysconfig.get_path("scripts")) or "mcp-todo"
    server = subprocess.Popen(
        [command, "--transport", "streamable-http", "--port", str(port)],
        env={**os.environ, "MCP_SERVER_TOKEN": token, "XDG_DATA_HOME": scratch},
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_healthy(base)
        os.environ["TODO_URL"], os.environ["TODO_TOKEN"] = f"{base}/mcp", token
        print(ask_sync("remind me to call the plumber tomorrow at 9am", CONFIG).text)
        print(ask_sync("what's on my todo list?", CONFIG).text)
        try:
            urllib.request.urlopen(urllib.request.Request(f"{base}/mcp", data=b"{}"), timeout=5)
        except urllib.error.HTTPError as exc:
            print(f"without the token: HTTP {exc.code}")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="remote-http-example-") as scratch:
        main(scratch)
