"""Every host snippet in the README, as a user would paste it: read by the orchestrator's own
loader (each in its dialect), its servers started with the tools they should offer; the MCP
Inspector's snippet also run by the Inspector itself."""

from __future__ import annotations

import json
import re
import sysconfig
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator import Orchestrator, load_config
from tests._http_server import REPO, http_process

pytestmark = pytest.mark.processes

PLACEHOLDER = "/path/to/mcp-orchestrator/.venv/bin/"
SNIPPET = re.compile(r"<!-- host: (\S+) (\S+) -->\n```json\n(.*?)```", re.S)
TOOLS = {
    "todo": {"create_todo", "list_todos", "update_todo", "delete_todo"},
    "tasks": {"list_tasks", "get_task", "create_task", "update_task"},
}
SNIPPETS = {
    name: (file, text) for name, file, text in SNIPPET.findall((REPO / "README.md").read_text())
}


def test_the_readme_has_a_snippet_for_each_host() -> None:
    assert set(SNIPPETS) == {"claude-desktop", "claude-code", "cursor", "vscode", "inspector"}


def written(tmp_path: Path, host: str, **replace: str) -> Path:
    """The host's snippet as a file where that host keeps it, pointing at this environment."""
    file, text = SNIPPETS[host]
    text = text.replace(PLACEHOLDER, sysconfig.get_path("scripts") + "/")
    for old, new in replace.items():
        text = text.replace(old, new)
    path = tmp_path / "project" / file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.mark.parametrize("host", ["claude-desktop", "claude-code", "cursor", "vscode"])
async def test_a_hosts_snippet_loads_and_its_servers_start(host: str, tmp_path: Path) -> None:
    settings = load_config(written(tmp_path, host), ask=None)
    with anyio.fail_after(30):
        async with Orchestrator(settings, model_needed=False) as orch:
            reports = {r.name: r for r in orch.reports}
    assert set(reports) == set(json.loads(SNIPPETS[host][1]).get("mcpServers") or {"todo": 0})
    for name, report in reports.items():
        assert report.state == "up", report.describe()
        assert set(report.tools) == TOOLS[name]


@pytest.mark.installs
async def test_the_inspectors_snippet_works_in_the_inspector(
    tmp_path: Path, inspector_cli: Path
) -> None:
    async with http_process("servers.todo") as served:
        port = served.url.split(":")[2].split("/")[0]
        path = written(tmp_path, "inspector", **{"8765": port})
        for server in ("todo", "todo-http"):
            command = ["node", str(inspector_cli), "--cli", "--config", str(path),
                       "--server", server, "--method", "tools/list"]  # fmt: skip
            with anyio.fail_after(60):
                done = await anyio.run_process(command, check=False)
            assert done.returncode == 0, done.stderr.decode()
            listed: dict[str, Any] = json.loads(done.stdout)
            assert {t["name"] for t in listed["tools"]} == TOOLS["todo"]
        settings = load_config(path)  # and our loader reads it too
        assert settings.servers["todo-http"].transport == "streamable_http"
