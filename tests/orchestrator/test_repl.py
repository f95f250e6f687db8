"""The chat REPL driven through a real pseudo-terminal, as a person would use it."""

from __future__ import annotations

import os
import re
import signal
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from tests._processes import alive, descendants

pytestmark = pytest.mark.processes

PROMPT = "›"


@pytest.fixture
def repl_config(tmp_path: Path) -> Path:
    config = tmp_path / "mcp_agent.config.yaml"
    config.write_text(
        f"""
mcp:
  servers:
    todo:
      command: mcp-todo
      args: ["--database-url", "sqlite:///{tmp_path / "todo.db"}"]
    reports:
      command: {sys.executable}
      args: ["-m", "orchestrator.testing.servers.slow"]
orchestrator:
  provider: offline
"""
    )
    return config


@pytest.fixture
def repl(repl_config: Path, tmp_path: Path) -> Iterator[pexpect.spawn]:
    env = {
        **os.environ,
        "TERM": "xterm",
        "PROMPT_TOOLKIT_NO_CPR": "1",
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "NO_COLOR": "1",
    }
    child = pexpect.spawn(
        sys.executable,
        ["-m", "orchestrator", "--config", str(repl_config)],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 160),
        cwd=str(tmp_path),
    )
    try:
        child.expect_exact(PROMPT)
        yield child
    finally:
        child.close(force=True)  # the pseudo-terminal too, not left to the garbage collector


def _say(child: pexpect.spawn, text: str) -> None:
    child.sendline(text)


def test_conversation_with_follow_ups_and_approvals(repl: pexpect.spawn, tmp_path: Path) -> None:
    assert "reports" in repl.before and "todo" in repl.before  # the banner names the servers up

    _say(repl, "remind me to buy eggs tomorrow at 3pm")
    repl.expect(r"→ create_todo\(.*title=buy eggs")
    repl.expect_exact("tokens not reported · $0.0000")  # the offline router: no model, free
    repl.expect_exact(PROMPT)

    _say(repl, "make it high priority")
    repl.expect(r"→ update_todo\((?=.*todo_id=todo_\w+)(?=.*priority=high)")
    repl.expect_exact(PROMPT)

    _say(repl, "what's on my todo list?")
    repl.expect(r"TITLE\s+DUE\s+PRIORITY\s+STATUS")  # the listing, a line per todo
    repl.expect(r"buy eggs\s+tomorrow 15:00\s+high\s+pending")
    repl.expect_exact(PROMPT)
    assert "todo_" not in repl.before  # ids only when asked
    _say(repl, "what's on my todo list with ids?")
    repl.expect(r"ID\s+TITLE")
    repl.expect(r"todo_\w+\s+buy eggs")
    repl.expect_exact(PROMPT)

    _say(repl, "delete the buy eggs todo")
    repl.expect(r"delete_todo.*cannot be restored")
    repl.expect_exact("Run it? [y/N]")
    _say(repl, "n")
    repl.expect("you said no")  # not "that needs your confirmation": it was asked for
    repl.expect("Not done")
    repl.expect_exact(PROMPT)
    assert "--yes" not in repl.before and "answer y" in repl.before  # how to approve here

    _say(repl, "delete the buy eggs todo")
    repl.expect_exact("Run it? [y/N]")
    _say(repl, "y")
    repl.expect_exact(PROMPT)
    _say(repl, "what's on my todo list?")
    repl.expect_exact(PROMPT)
    assert "buy eggs" not in repl.before

    _say(repl, "/history")
    repl.expect(r"1\. remind me to buy eggs tomorrow at 3pm")
    repl.expect_exact(PROMPT)
    _say(repl, "/usage")
    repl.expect_exact("this conversation: tokens not reported · $0.0000")
    repl.expect_exact(PROMPT)

    servers = descendants(repl.pid)
    assert len(servers) >= 2  # the todo and reports server processes
    repl.sendcontrol("d")
    repl.expect(pexpect.EOF)
    repl.wait()
    assert repl.exitstatus == 0
    assert alive(servers) == set(), "server processes outlived the REPL"
    history_file = tmp_path / "state" / "mcp-orchestrator" / "history"
    assert "remind me to buy eggs tomorrow at 3pm" in history_file.read_text()
    # what was typed is the user's alone, as their conversations are
    assert stat.S_IMODE(history_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(history_file.parent.stat().st_mode) == 0o700


def test_ctrl_c_cancels_a_slow_tool_and_keeps_the_session(repl: pexpect.spawn) -> None:
    _say(repl, "create a report on quarterly sales")
    repl.expect(r"→ create_report\(title=")
    repl.sendintr()
    repl.expect("cancelled", timeout=10)
    repl.expect_exact(PROMPT)

    _say(repl, "/servers")
    repl.expect(r"reports\s.*up")
    repl.expect_exact(PROMPT)
    _say(repl, "remind me to water the plants")
    repl.expect(r"→ create_todo\(.*title=water the plants")
    repl.expect_exact(PROMPT)

    _say(repl, "/quit")
    repl.expect(pexpect.EOF)
    repl.wait()
    assert repl.exitstatus == 0


def test_sigterm_leaves_the_repl_and_stops_every_server(repl: pexpect.spawn) -> None:
    _say(repl, "/servers")  # both servers up
    repl.expect(r"reports\s.*up")
    repl.expect_exact(PROMPT)
    children = descendants(repl.pid)
    assert len(children) >= 2
    repl.kill(signal.SIGTERM)
    repl.expect(pexpect.EOF, timeout=20)
    repl.wait()
    assert repl.exitstatus == 143
    assert not alive(children)


def test_slash_commands(repl: pexpect.spawn) -> None:
    _say(repl, "/help")
    repl.expect("/servers")
    repl.expect_exact(PROMPT)
    _say(repl, "/tools todo")
    repl.expect("delete_todo")
    repl.expect_exact(PROMPT)
    assert "create_report" not in repl.before
    _say(repl, "/provider")
    repl.expect("provider: offline")
    repl.expect_exact(PROMPT)
    assert "model: None" not in repl.before  # the offline router has no model to name
    _say(repl, "/frobnicate")
    repl.expect("unknown command /frobnicate")
    repl.expect_exact(PROMPT)
    _say(repl, "/clear")
    repl.expect("conversation cleared")
    repl.expect_exact(PROMPT)
    _say(repl, "/quit")
    repl.expect(pexpect.EOF)


def test_listings_fit_80_columns_and_a_delete_by_name_shows_only_the_candidates(
    repl_config: Path, tmp_path: Path
) -> None:
    env = {**os.environ, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1",
           "XDG_STATE_HOME": str(tmp_path / "state")}  # fmt: skip
    child = pexpect.spawn(
        sys.executable, ["-m", "orchestrator", "--config", str(repl_config)], env=env,
        encoding="utf-8", timeout=30, dimensions=(40, 80), cwd=str(tmp_path),
    )  # fmt: skip
    try:
        child.expect_exact(PROMPT)
        long = "call Ana about the quarterly budget review and the venue for the offsite"
        for request in (
            "remind me to buy eggs tomorrow at 3pm",
            "remind me to buy eggs on friday at 9am",
            f"remind me to {long} tomorrow",
        ):
            _say(child, request)
            child.expect("Created todo")
            child.expect_exact(PROMPT)
        _say(child, "list all my todos")
        child.expect(r"TITLE\s+DUE\s+PRIORITY\s+STATUS")
        child.expect_exact(PROMPT)
        rows = [line for line in child.before.split("\r\n") if "pending" in line]
        assert len(rows) == 3, child.before  # one line per todo on 80 columns
        assert all(len(row.rstrip()) <= 80 for row in rows)
        assert any("call Ana about the" in row and "…" in row for row in rows)

        _say(child, "delete the buy eggs todo")
        child.expect("Say which one")
        shown = " ".join(child.before.split())  # the question, wrapped on 80 columns
        # The two candidates, by their ids (their titles are alike), not the whole list.
        assert len(re.findall(r"“buy eggs” \[todo_\w+\]", shown)) == 2, shown
        assert "call Ana" not in shown
        # The question is a form on a terminal: the record's id, or its place in the list.
        child.expect_exact("todo_id (")
        _say(child, "2")
        child.expect(r"todo_id = todo_\w+")
        child.expect_exact("Go ahead? [Y/n]")
        _say(child, "y")
        child.expect_exact("Run it?")
        _say(child, "y")
        child.expect_exact("Deleted todo")
        child.expect_exact(PROMPT)
        _say(child, "list all my todos")
        child.expect(r"TITLE\s+DUE\s+PRIORITY\s+STATUS")
        child.expect_exact(PROMPT)
        left = [line for line in child.before.split("\r\n") if "pending" in line]
        assert [row.split()[:3] for row in left if "buy eggs" in row] == [
            ["buy", "eggs", "tomorrow"]  # the second, Friday's, is the one deleted
        ], child.before
        _say(child, "/quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)  # the pseudo-terminal too, not left to the garbage collector
