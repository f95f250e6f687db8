"""The chat's slash commands with input piped in (`orchestrator chat < script`, or piped into
`orchestrator`): each `/command` line runs as it does at the REPL's prompt, the rest requests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.processes


def run(args: list[str], cwd: Path, stdin: str) -> subprocess.CompletedProcess[str]:
    """The CLI with `stdin` piped in, on the bundled config's todo server."""
    return subprocess.run(
        [sys.executable, "-m", "orchestrator", "--server", "todo", *args],
        cwd=cwd, input=stdin, capture_output=True, text=True, timeout=90, env=dict(os.environ),
    )  # fmt: skip


@pytest.mark.parametrize("args", [["chat"], []], ids=["chat", "no request"])
def test_piped_slash_commands_run_as_at_the_prompt(args: list[str], tmp_path: Path) -> None:
    script = "\n".join(
        [
            "/servers",
            "/tools todo",
            "remind me to buy eggs tomorrow at 3pm",
            "/history",
            "/usage",
            "/clear",
            "/history",
            "/quit",
            "remind me to buy milk",  # after /quit: never read
        ]
    )
    done = run(args, tmp_path, script + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "not sure what to do" not in out  # no command was taken for a request
    servers = next(line for line in out.splitlines() if "todo" in line and "up" in line)
    assert servers.split() == ["todo", "up", "4"]  # /servers' table
    assert not set("│─┃━┏┡") & set(out)  # words in columns, no box drawing to read through
    assert "create_todo" in out and "delete_todo (asks first)" in out  # /tools todo
    assert "Created todo “buy eggs”" in out
    assert "1. remind me to buy eggs tomorrow at 3pm" in out  # /history
    assert "this conversation: tokens not reported · $0.0000" in out  # /usage
    assert "conversation cleared" in out and "nothing asked yet" in out  # /clear, /history
    assert "buy milk" not in out
    assert "\x1b[" not in out  # plain text: no colour, no spinner


def test_a_piped_command_that_cannot_be_done_fails_the_run(tmp_path: Path) -> None:
    done = run(["chat"], tmp_path, "/frobnicate\nwhat's on my todo list?\n")
    assert done.returncode == 1  # a script can tell
    assert done.stderr.strip() == "orchestrator: unknown command /frobnicate; /help lists them"
    assert "No todos found." in done.stdout  # the next line was still answered


def test_piped_commands_with_json_are_json_lines(tmp_path: Path) -> None:
    done = run(["--json"], tmp_path, "/tools todo\n/read\nwhat's on my todo list?\n")
    assert done.returncode == 1, done.stderr
    tools, read, asked = (json.loads(line) for line in done.stdout.splitlines())
    assert tools["command"] == "/tools todo" and "create_todo" in tools["output"]
    assert read == {"command": "/read", "error": "/read takes a URI: /read concierge://guide"}
    assert asked["request"] == "what's on my todo list?" and asked["done"] is True
