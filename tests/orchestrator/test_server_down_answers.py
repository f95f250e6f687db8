"""End to end: with the offline router, a request for the tools of a server that is down is
answered with that server's reason, not as a request it did not understand (trial 7: "what
tasks are in progress?" with the tasks server behind a load balancer whose replicas were all
down got "I'm not sure what to do with ..." and other servers' tools)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests._http_server import http_server

pytestmark = pytest.mark.processes

ASKED = "what tasks are in progress?"


def _one_shot(config: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "orchestrator", "--config", str(config), *args],
        input=stdin,
        cwd=config.parent,
        capture_output=True,
        text=True,
        timeout=90,
        env=dict(os.environ),
    )


async def test_a_request_for_a_server_that_is_down_says_so(tmp_path: Path) -> None:
    config = tmp_path / "mcp_agent.config.yaml"
    todo = [sys.executable, "-m", "servers.todo", "--database-url", f"sqlite:///{tmp_path}/t.db"]
    async with http_server("servers.tasks", f"sqlite:///{tmp_path}/tasks.db") as url:
        servers = {
            "todo": {"command": todo[0], "args": todo[1:]},
            "tasks": {"transport": "streamable_http", "url": url},
        }
        config.write_text(yaml.safe_dump({"mcp": {"servers": servers}}))
        up = _one_shot(config, ASKED)  # its tools listed, and kept in the catalogue cache
        assert up.returncode == 0 and "No tasks found" in up.stdout, up.stdout + up.stderr
    # Down now: the tool it calls fails, and the next request has no tasks tool to call.
    lines = _one_shot(config, "--json", stdin=f"{ASKED}\n{ASKED}\n")
    first, second = (json.loads(line) for line in lines.stdout.splitlines())
    reason = f"cannot reach {url}: All connection attempts failed"
    assert first["answer"] == f"list_tasks was not done: server 'tasks' is down: {reason}"
    assert second["answer"] == (
        f"That needs list_tasks of server 'tasks', which is down ({reason}), so nothing was done."
    )
    assert not first["done"] and not second["done"] and lines.returncode == 1
    assert "not sure" not in lines.stdout
