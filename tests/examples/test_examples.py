"""Every example under `examples/` runs as its README says, in a scratch data folder."""

from __future__ import annotations

import ast
import contextlib
import json
import os
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from tests.examples.conftest import REPO

pytestmark = pytest.mark.processes

EXAMPLES = REPO / "examples"


def run(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), **env}
    done = subprocess.run(
        args, cwd=tmp_path, env=environ, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done


def todos_in(data: Path) -> list[str]:
    """The titles in the todo list kept under the data folder `data` (the user's, here)."""
    import sqlite3

    db = data / "mcp-orchestrator" / "todo.db"
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return sorted(title for (title,) in conn.execute("SELECT title FROM todos"))


def test_the_library_session_with_approvals(tmp_path: Path) -> None:
    """On a user's real list with two "buy eggs" todos already, the example still works on its
    own scratch list (so its delete is not refused as ambiguous and the approval callback shows),
    leaves the user's list as it was, and leaves no scratch folder behind."""
    config = str(EXAMPLES / "library" / "mcp_agent.config.yaml")
    for when in ("tomorrow at 9am", "on friday"):
        run([sys.executable, "-m", "orchestrator", "--config", config,
             f"remind me to buy eggs {when}"], tmp_path)  # fmt: skip
    scratch_parent = tmp_path / "tmp"
    scratch_parent.mkdir()
    out = run([sys.executable, str(EXAMPLES / "library" / "ask_todos.py")], tmp_path,
              TMPDIR=str(scratch_parent)).stdout  # fmt: skip
    assert "Created todo “buy eggs”" in out
    assert "Updated todo: priority high." in out
    assert "approve delete_todo(" in out and "Deleted todo “buy eggs”." in out
    assert "Created todo “call mom”" in out  # the plain-script call, ask_sync
    assert todos_in(tmp_path / "data") == ["buy eggs", "buy eggs"]  # the user's, untouched
    assert list(scratch_parent.iterdir()) == []


def test_every_example_says_how_to_run_it_without_an_activated_environment() -> None:
    """A script's docstring gives the command that works from a fresh clone after the quick
    start (`.venv/bin/python examples/...`), never a bare `python`, which is the system's."""
    scripts = sorted(EXAMPLES.glob("*/*.py"))
    assert scripts
    for script in scripts:
        doc = ast.get_docstring(ast.parse(script.read_text())) or ""
        relative = script.relative_to(REPO).as_posix()
        assert f".venv/bin/python {relative}" in doc, f"{relative}: no runnable command"
        assert not re.search(r"(?<![/\w])python3? examples/", doc), relative


def test_a_remote_server_over_http_with_a_token(tmp_path: Path) -> None:
    out = run([sys.executable, str(EXAMPLES / "remote_http" / "ask_remote.py")], tmp_path).stdout
    assert "Created todo “call the plumber”" in out
    assert out.count("call the plumber") >= 2  # made, then listed
    assert "without the token: HTTP 401" in out
    assert not (tmp_path / "data" / "mcp-orchestrator").exists()  # the user's list untouched


@pytest.mark.installs
def test_a_third_party_server_from_pypi_with_command_python(
    tmp_path: Path, time_server_bin: Path
) -> None:
    # The example as written, with longer for each server's handshake: a loaded CI machine
    # once took more than the default 10 s to start mcp-server-time.
    example = (EXAMPLES / "third_party" / "mcp_agent.config.yaml").read_text()
    assert example.endswith("orchestrator:\n  provider: offline\n")
    config = str(tmp_path / "mcp_agent.config.yaml")
    Path(config).write_text(example + "  startup_timeout_seconds: 30\n")
    path = f"{time_server_bin}:{os.environ['PATH']}"  # that environment first, as the README says
    tools = run([sys.executable, "-m", "orchestrator", "--config", config, "tools"], tmp_path,
                PATH=path).stdout  # fmt: skip
    assert "time:\n  get_current_time" in tools and "convert_time" in tools
    assert "todo:\n  create_todo" in tools
    doctor = run([sys.executable, "-m", "orchestrator", "--config", config, "doctor"], tmp_path,
                 PATH=path).stdout  # fmt: skip
    assert "time: up, 2 tools" in doctor and "todo: up, 4 tools" in doctor
    tokyo = [sys.executable, "-m", "orchestrator", "--config", config, "--json",
             "what time is it in Tokyo?"]  # fmt: skip
    asked = run(tokyo, tmp_path, PATH=path, TZ="Europe/Paris").stdout
    transcript = json.loads(asked)
    (call,) = transcript["tool_calls"]
    assert (call["tool"], call["arguments"]) == ("get_current_time", {"timezone": "Asia/Tokyo"})
    shown = datetime.fromisoformat(call["result"]["datetime"])
    assert f"at {shown:%H:%M} in Tokyo (" in transcript["answer"]  # Tokyo's time, ours beside it
    assert " here)" in transcript["answer"]


def test_the_fleet_of_two_agents_in_worktrees(tmp_path: Path) -> None:
    out = run([sys.executable, str(EXAMPLES / "fleet" / "run_fleet.py")], tmp_path).stdout
    assert "projects: ['Demo']" in out
    assert "docs-bot: idle, metadata {'branch': 'fleet/docs-bot', 'notes': 1}" in out
    assert "wrote NOTES.md for update the README" in out
    assert (
        "at once: [('docs-bot', 'busy'), ('notes-bot', 'busy'), ('todo-bot', 'queued')]\n"
        "queue: [('todo-bot', 1)]\n"
    ) in out
    assert "list_agents: [('docs-bot', 'idle'), ('notes-bot', 'idle'), ('todo-bot', 'idle')]" in out
    assert "docs-bot changed: [('NOTES.md', 'added')]\n  +update the README\n" in out
    assert "notes-bot changed: [('NOTES.md', 'added')]\n  +write notes\n" in out
    assert "merged docs-bot: Merged 1 commit(s) of agent 'docs-bot' into 'main' (merge)" in out
    assert "1 file(s) conflict (NOTES.md); nothing was changed" in out
    assert "'conflicts': ['NOTES.md']" in out and "main unchanged: True" in out
    assert "deleted docs-bot: Agent 'docs-bot' deleted successfully\n" in out
    assert "delete refused: delete_agent: {'error': {'code': 'CONFLICT'" in out
    assert "its work (1 file changed since it started) is kept in" in out
    assert "worktrees left: 0" in out
    assert "NOTES.md on main: update the README" in out


def test_the_agents_gateway_with_a_registered_tool(tmp_path: Path) -> None:
    env = {"ANTHROPIC_API_KEY": "sk-ant-example-0123456789"}
    out = run([sys.executable, str(EXAMPLES / "agents" / "run_agents.py")], tmp_path, **env).stdout
    assert "claude       operative    ANTHROPIC_API_KEY is set" in out  # none of the key shown
    assert "offline      operative" in out
    assert "registered with: ['offline']" in out
    assert "offline answered: Created todo “buy milk”" in out
    assert "0123456789" not in out
