"""A tool call through the warm orchestrator, as the in-process run makes it: `--timeout` ends a
call under way in its server, the server's progress shows on the caller's terminal, and a task
left running with `--detach` runs on in the daemon's stdio server (in process, the one-shot says
it ends with the command). Real one-shots in subprocesses, tiny servers and a fake agent CLI."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest

from orchestrator.daemon import _protocol as protocol
from orchestrator.testing import server_entry
from tests._processes import alive, descendants, is_alive
from tests._wait import eventually_sync
from tests.orchestrator.daemon.test_daemon import WAIT, config, daemons, run, runtime

pytestmark = pytest.mark.processes

__all__ = ["config", "runtime"]  # the fixtures

PROGRESS_SERVER = """
import time
from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("reports")


@mcp.tool(description="Create a report; it says how far it got")
async def create_report(title: str, ctx: Context) -> str:
    for step in (1, 2):
        await ctx.report_progress(step, 2, f"writing page {step}")
        time.sleep(0.2)
    return f"report {title!r} is ready"


mcp.run()
"""

FAKE_CLAUDE = """#!/bin/sh
if [ "$1" = "--version" ]; then echo "9.9.9 (fake)"; exit 0; fi
echo $$ > {started}
i=0; while [ $i -lt 12 ]; do sleep 0.25; i=$((i + 1)); done
touch {finished}
echo '{{"type":"result","subtype":"success","is_error":false,"result":"fake answer"}}'
"""


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def test_a_timeout_ends_the_call_in_its_server_as_in_process(
    tmp_path: Path, runtime: Path, config: Callable[..., Path], notes_file: Path
) -> None:
    """`--timeout` gives up on a call the server goes on with (it does not stop on
    `notifications/cancelled`, as a stateless HTTP server cannot hear it): the daemon closes
    that orchestrator, as the one-shot's exit would, so the call ends there too."""
    config({
        "notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)}),
        "reports": server_entry("slow"),
    })  # fmt: skip
    assert run(tmp_path, "--no-cache", "jot down a note: warm up").returncode == 0
    (pid,) = daemons(tmp_path)
    (slow,) = [p for p in descendants(pid) if "servers.slow" in _cmdline(p)]

    done = run(tmp_path, "--no-cache", "--timeout", "2", "create a report titled Q3")
    assert done.returncode == 1
    assert "no answer within 2s" in done.stderr
    eventually_sync(lambda: not is_alive(slow), timeout=WAIT, what="the call's server stopped")
    assert daemons(tmp_path) == [pid], "the daemon serves the next request"
    again = run(tmp_path, "what notes do I have?")
    assert again.returncode == 0 and "warm up" in again.stdout, again.stderr


def test_a_servers_progress_shows_on_the_callers_terminal(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    server = tmp_path / "reports.py"
    server.write_text(PROGRESS_SERVER)
    config({"reports": {"command": sys.executable, "args": [str(server)]}})
    child = pexpect.spawn(
        sys.executable, ["-m", "orchestrator", "create a report titled Q3"],
        env={**os.environ, "TERM": "xterm", "NO_COLOR": "1"}, encoding="utf-8", timeout=WAIT,
        cwd=str(tmp_path),
    )  # fmt: skip
    try:
        child.expect_exact("reports.create_report: 50% writing page 1")
        child.expect_exact("reports.create_report: 100% writing page 2")
        child.expect_exact("Created report “Q3”.")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert len(daemons(tmp_path)) == 1, "answered by the daemon"
    piped = run(tmp_path, "create a report titled Q4")
    assert piped.returncode == 0 and "Q4" in piped.stdout
    assert "writing page" not in piped.stderr, "on a terminal only"


def test_a_detached_task_on_a_stdio_server_runs_on_in_the_daemon(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    """The agents gateway over stdio runs its task in its own process: through the daemon
    (its child, kept) the agent CLI runs to its end after the one-shot returned and the result
    is fetched later; in process, the one-shot says the task ends with it."""
    bin_dir, started, finished = tmp_path / "bin", tmp_path / "started", tmp_path / "finished"
    bin_dir.mkdir()
    claude = bin_dir / "claude"
    claude.write_text(FAKE_CLAUDE.format(started=started, finished=finished))
    claude.chmod(0o755)
    config({
        "agents": {
            "command": sys.executable,
            "args": ["-m", "servers.agents", "--database-url", f"sqlite:///{tmp_path}/agents.db"],
            "env": {"PATH": f"{bin_dir}:{os.environ['PATH']}"},
        }
    })  # fmt: skip
    state = {"XDG_STATE_HOME": str(tmp_path / "state")}
    request = "ask claude-code to explain this regex: ^a+b?$"
    done = run(tmp_path, "--detach", "--yes", request, env=state)
    assert done.returncode == 0, done.stderr
    assert "orchestrator tasks result" in done.stderr
    assert len(daemons(tmp_path)) == 1, "answered by the daemon"
    eventually_sync(finished.exists, timeout=WAIT, what="the agent CLI's run to its end")
    (task,) = json.loads(run(tmp_path, "tasks", "--json", env=state).stdout)
    fetched = run(tmp_path, "tasks", "result", task["task_id"], env=state)
    assert fetched.returncode == 0, fetched.stderr
    assert "fake answer" in fetched.stdout

    started.unlink()
    here = run(tmp_path, "--detach", "--yes", request, env={**state, "ORCHESTRATOR_DAEMON": "0"})
    assert here.returncode == 0, here.stderr
    assert "runs over stdio as a child of this command" in here.stderr
    assert "the task ends with it" in here.stderr

    def ended() -> bool:  # (the command's exit may stop its server before the CLI has begun)
        if not started.exists():
            return True
        said = started.read_text().strip()
        return bool(said) and not alive({int(said)})

    eventually_sync(ended, timeout=WAIT, what="the CLI ended with it, or never began")


def test_a_server_restarted_at_one_request_is_restarted_again_at_a_later_one(
    tmp_path: Path,
    runtime: Path,
    monkeypatch: pytest.MonkeyPatch,
    config: Callable[..., Path],
    notes_file: Path,
) -> None:
    """The one restart a server gets is a request's, as a new run's, not the warm daemon's for
    good: a server whose write was cut off under way (it died after saving the note) is
    restarted at the next request, and after a second such outage at a later request again,
    where it was "withdrawn: stopped again after its one restart" (trial 7)."""
    monkeypatch.setenv(protocol.VERSION_VAR, "1")  # others edit the package meanwhile
    env = {"NOTES_FILE": str(notes_file), "NOTES_HALT_AFTER_JOT": "1"}
    config({"notes": server_entry("notes", env=env)})
    for headline in ("water the plants", "feed the cat"):
        cut = run(tmp_path, f"jot down a note: {headline}")
        assert cut.returncode == 1 and "may or may not have been done" in cut.stdout, cut.stdout
        listed = run(tmp_path, "what notes do I have?")
        assert listed.returncode == 0, listed.stdout + listed.stderr
        assert headline in listed.stdout, "restarted, and the note written once"
        assert "withdrawn" not in listed.stdout + listed.stderr
    assert len(daemons(tmp_path)) == 1
