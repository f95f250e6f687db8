"""The chat REPL tells its user, as a line, what a server logs at notice and above: here the
fleet's agents finishing, waiting for input and failing while the user types at the prompt,
which keeps what was typed. A real fleet server (the REPL's, over stdio) and the fleet tests'
scripted agent; the agents are made by a second fleet server process sharing the fleet, as
another terminal or the dashboard would."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio.from_thread
import pexpect
import pytest
from mcp import Client, StdioServerParameters

from tests._processes import live_processes, marked_under
from tests.servers.fleet.conftest import agent_role, make_repo, write_fleet

pytestmark = pytest.mark.processes

PROMPT = "›"
STYLE = r"(?:\x1b\[[0-9;]*m)*"  # the server's name is dim (NO_COLOR keeps styles)


def said(server: str, text: str) -> str:
    """The pattern of the line the REPL shows for what ``server`` logged."""
    return re.escape(f"{server}: ") + STYLE + re.escape(text)


@pytest.fixture
def fleet_args(tmp_path: Path) -> list[str]:
    repo = make_repo(tmp_path / "setup", taskfile=None)
    fleet = write_fleet(
        tmp_path / "fleet.yaml",
        {"Setup": {"source": str(repo), "roles": {"coder": agent_role()}, "default_role": "coder"}},
    )
    return [
        "-m", "servers.fleet", "--fleet-config", str(fleet),
        "--database-url", f"sqlite:///{tmp_path / 'fleet.db'}",
        "--state-dir", str(tmp_path / "fleet-state"),
    ]  # fmt: skip


@pytest.fixture
def repl(tmp_path: Path, fleet_args: list[str]) -> Iterator[pexpect.spawn]:
    config = tmp_path / "mcp_agent.config.yaml"
    config.write_text(
        f"""
mcp:
  servers:
    fleet:
      command: {sys.executable}
      args: {fleet_args!r}
orchestrator:
  provider: offline
"""
    )
    env = {
        **os.environ,
        "TERM": "xterm",
        "PROMPT_TOOLKIT_NO_CPR": "1",
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "NO_COLOR": "1",
    }
    child = pexpect.spawn(
        sys.executable,
        ["-m", "orchestrator", "--config", str(config), "--no-cache"],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 160),
        cwd=str(tmp_path),
    )
    try:
        child.expect_exact("servers: fleet")
        child.expect_exact(PROMPT)
        yield child
    finally:
        child.close(force=True)  # the pseudo-terminal too, not left to the garbage collector
        for pid in {*live_processes(str(tmp_path)), *marked_under(tmp_path)}:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)


@contextlib.contextmanager
def other_fleet(tmp_path: Path, fleet_args: list[str]) -> Iterator[Any]:
    """A client of a second fleet server process on the same fleet; ``call(tool, args)``."""
    params = StdioServerParameters(command=sys.executable, args=fleet_args, cwd=str(tmp_path))
    with (
        anyio.from_thread.start_blocking_portal() as portal,
        portal.wrap_async_context_manager(Client(params)) as client,
    ):

        def call(tool: str, arguments: dict[str, Any]) -> None:
            result = portal.call(client.call_tool, tool, arguments)
            assert not result.is_error, result.content

        yield call


def test_a_line_when_an_agent_finishes_waits_or_fails_while_you_type(
    repl: pexpect.spawn, tmp_path: Path, fleet_args: list[str]
) -> None:
    with other_fleet(tmp_path, fleet_args) as call:
        repl.send("/hel")  # typed, not sent: the line must not eat it
        call("create_agent", {"name": "done", "project": "Setup", "task": "lines=1"})
        repl.expect(said("fleet", "Agent 'done' finished: exited with status 0"))
        repl.expect_exact(PROMPT)  # drawn again below the line, keeping what was typed:
        repl.send("p\r")
        repl.expect_exact("this help")  # "/hel" + "p", not a request "p"
        repl.expect_exact(PROMPT)
        call("create_agent", {"name": "asks", "project": "Setup", "task": "lines=0 ask"})
        repl.expect(said("fleet", "Agent 'asks' waiting for input: Apply these changes? [y/N]"))
        call("create_agent", {"name": "breaks", "project": "Setup", "task": "lines=0 fail"})
        repl.expect(said("fleet", "Agent 'breaks' failed: exited with status 3"))
        call("cancel_agent_task", {"agent_name": "asks"})
    repl.sendline("/quit")
    repl.expect_exact("bye")
    repl.expect(pexpect.EOF)
