"""The command line as cron, CI, a careless user or a hostile repository drive it: each case is a
real `python -m orchestrator` that must end promptly (bounded by a subprocess timeout) with a
clear one-line message, the right exit code and no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from orchestrator.testing import server_entry

pytestmark = pytest.mark.processes

BOUND = 30  # seconds: every case here ends in well under one


def run(
    args: list[str],
    cwd: Path,
    *,
    stdin: int | None = subprocess.DEVNULL,
    text_in: str | None = None,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "orchestrator", *args],
        cwd=cwd,
        stdin=None if text_in is not None else stdin,
        input=text_in,
        capture_output=True,
        text=True,
        timeout=BOUND,
        env=dict(os.environ),
    )


def _one_clear_line(result: subprocess.CompletedProcess[str], code: int, says: str) -> None:
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    assert says in result.stderr, result.stderr
    assert result.stdout == ""


@pytest.fixture
def config(tmp_path: Path) -> Path:
    """A config whose one server would record that it was started."""
    path = tmp_path / "c.yaml"
    path.write_text(f"mcp:\n  servers:\n    notes: {server_entry('notes')}\n")
    return path


@pytest.mark.parametrize("request_args", [[], [""], ["   "]], ids=["none", "empty", "blank"])
def test_no_request_with_stdin_at_dev_null_exits_2_at_once(
    request_args: list[str], config: Path, tmp_path: Path
) -> None:
    """cron, systemd and CI give /dev/null as stdin: no request there is a usage error, said
    before any server starts (it used to hang for ever, with an asyncio traceback)."""
    result = run(["--config", str(config), *request_args], tmp_path)
    says = "the request is empty" if request_args else "no request: give one as an argument"
    _one_clear_line(result, 2, f"orchestrator: {says}")


@pytest.mark.parametrize("piped", ["", "\n  \n\n"], ids=["empty", "blank-lines"])
def test_a_pipe_that_brings_no_request_exits_2(piped: str, config: Path, tmp_path: Path) -> None:
    result = run(["--config", str(config)], tmp_path, text_in=piped)
    _one_clear_line(result, 2, "orchestrator: no request: give one as an argument")


def test_a_closed_stdin_exits_2(config: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        ["sh", "-c", 'exec "$0" -m orchestrator --config "$1" <&-', sys.executable, str(config)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=BOUND,
    )
    _one_clear_line(result, 2, "orchestrator: no request: give one as an argument")


def test_a_file_on_stdin_is_read_as_requests(tmp_path: Path, notes_file: Path) -> None:
    """A regular file (not a pipe) still gives one request a line, and not a byte is lost to
    an encoding: a bad byte is replaced, not a traceback."""
    config = tmp_path / "c.yaml"
    entry = server_entry("notes", env={"NOTES_FILE": str(notes_file)})
    config.write_text(f"mcp:\n  servers:\n    notes: {entry}\n")
    requests = tmp_path / "requests.txt"
    requests.write_bytes(b"\n  \nlist my notes \xff\n")
    with requests.open("rb") as stdin:
        result = run(["--config", str(config)], tmp_path, stdin=stdin.fileno())
    assert result.returncode in (0, 1), result.stderr  # answered (the router may refuse)
    assert "Traceback" not in result.stderr and result.stdout.strip()


@pytest.mark.parametrize("value", ["-1", "0", "nan", "inf", "soon"])
def test_a_timeout_that_is_not_a_positive_number_is_a_usage_error(
    value: str, config: Path, tmp_path: Path
) -> None:
    result = run(["--config", str(config), "--timeout", value, "list my notes"], tmp_path)
    _one_clear_line(result, 2, "argument --timeout:")
    assert repr(value) in result.stderr


BILLION_LAUGHS = "\n".join(
    [
        'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
        *(
            f"{name}: &{name} [{', '.join([f'*{prev}'] * 9)}]"
            for prev, name in zip("abcdefgh", "bcdefghi", strict=True)
        ),
        "mcp:",
        "  servers:",
        "    x: {command: echo, args: *i}",
        "",
    ]
)


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("mcp_agent.config.yaml", BILLION_LAUGHS.encode(),
         "its YAML aliases expand to more than 100000 values"),
        ("mcp_agent.config.yaml", b"a: &a [*a]\nmcp: {servers: {x: {command: echo}}}\n",
         "a YAML alias refers to a list or mapping that contains it"),
        ("mcp_agent.config.yaml", b"mcp:\n  servers:\n    x: {command: caf\xe9}\n",
         "not UTF-8 text: byte 0xe9 at offset 36 is not valid UTF-8"),
        ("mcp_agent.config.yaml", b"mcp:\n  servers:\n", "mcp.servers: no server configured"),
        ("mcp_agent.config.yaml", b"mcp:\n  servers:\n    x: {command: echo, env: {A: '${HOME'}}\n",
         "mcp.servers.x.env.A: '${HOME' opens a variable that no '}' closes"),
        ("mcp_agent.config.yaml", b"a: " + b"[" * 3000 + b"]" * 3000 + b"\n",
         "values nest deeper than 64 levels"),
        ("mcp_agent.config.yaml", b"#" * (5 * 1024 * 1024), "the file is larger than 4 MiB"),
        ("mcp.json", b'{"mcpServers": {"x": {"command": "caf\xc3"}}}',
         "not UTF-8 text: byte 0xc3 at offset 37"),
    ],
    ids=["billion-laughs", "self-alias", "latin-1", "empty-servers", "unterminated-variable",
         "deep-nesting", "huge", "json-latin-1"],
)  # fmt: skip
def test_a_hostile_config_above_the_working_directory_fails_fast_with_a_config_error(
    name: str, content: bytes, problem: str, tmp_path: Path
) -> None:
    """A cloned repository may hold a config in any folder above where the user runs the
    orchestrator: reading it is bounded, and what is wrong is named with the file."""
    (tmp_path / name).write_bytes(content)
    inside = tmp_path / "repo" / "src"
    inside.mkdir(parents=True)
    found = name == "mcp_agent.config.yaml"  # found upwards; the others given with --config
    args = ["list my notes"] if found else ["--config", str(tmp_path / name), "hi"]
    result = run(args, inside)
    _one_clear_line(result, 2, f"orchestrator: config error in {tmp_path / name}: {problem}")
