"""The chat REPL driven through a real pseudo-terminal, as a person would use it."""

from __future__ import annotations

import os
import re
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from orchestrator.repl import listing_tables
from tests._processes import alive, descendants

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
        if child.isalive():
            child.terminate(force=True)


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
    repl.expect("list_todos: todos")  # the listing comes as a table
    repl.expect("buy eggs")
    repl.expect("high")
    repl.expect_exact(PROMPT)

    _say(repl, "delete the buy eggs todo")
    repl.expect(r"delete_todo.*cannot be restored")
    repl.expect_exact("Run it? [y/N]")
    _say(repl, "n")
    repl.expect("Not done")
    repl.expect_exact(PROMPT)

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
    history = (tmp_path / "state" / "mcp-orchestrator" / "history").read_text()
    assert "remind me to buy eggs tomorrow at 3pm" in history


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
    _say(repl, "/frobnicate")
    repl.expect("unknown command /frobnicate")
    repl.expect_exact(PROMPT)
    _say(repl, "/clear")
    repl.expect("conversation cleared")
    repl.expect_exact(PROMPT)
    _say(repl, "/quit")
    repl.expect(pexpect.EOF)


def test_listing_tables_render_lists_of_records() -> None:
    from orchestrator.result import AskResult, ToolCall

    result = AskResult(
        text="1 todo",
        tool_calls=[
            ToolCall(
                "list_todos",
                "todo",
                {},
                "ok",
                {"success": True, "todos": [{"todo_id": "todo_1", "title": "x"}], "count": 1},
            )
        ],
    )
    (table,) = listing_tables(result)
    assert [c.header for c in table.columns] == ["todo_id", "title"]
    assert table.row_count == 1
    assert not re.search("count", str(table.title))
