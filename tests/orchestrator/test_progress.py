"""The spinner on stderr while servers start (`orchestrator._progress`): a warning logged
meanwhile (a server is down) starts a line of its own instead of being glued to the spinner's
text. On a real pseudo-terminal, where the spinner shows."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest

pytestmark = pytest.mark.processes


def test_a_warning_while_the_spinner_turns_starts_its_own_line(tmp_path: Path) -> None:
    config = tmp_path / "mcp_agent.config.yaml"
    config.write_text(
        "mcp:\n  servers:\n    todo: {command: mcp-todo}\n"
        "    broken: {command: /nonexistent/server}\n"
        "orchestrator: {provider: offline, catalogue_cache: false}\n"
    )
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data")}
    child = pexpect.spawn(
        sys.executable, ["-m", "orchestrator", "--config", str(config), "tools"], env=env,
        encoding="utf-8", timeout=60, dimensions=(24, 100),
    )  # fmt: skip
    child.expect(pexpect.EOF)
    child.close()
    out = str(child.before)
    assert "starting 2 servers…" in out  # the spinner did show
    assert "server 'broken' is down" in out
    assert "…orchestrator:" not in out  # not glued to the spinner's text
    for line in out.split("\n"):
        if "is down" in line:  # what is left on screen of that line: the warning alone
            assert line.split("\r")[-2 if line.endswith("\r") else -1].startswith("orchestrator:")
