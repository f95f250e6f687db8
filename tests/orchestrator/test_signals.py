"""The command line as scripts and people stop it: signals at any point end the run promptly with
every server it started stopped (checked in /proc), and the call in flight cancelled on the wire
(`notifications/cancelled`, as `--timeout` does); `--timeout` covers start-up; piped requests
are answered as they arrive; exit codes say whether the request was done; a call's progress is
one line on a terminal's stderr."""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import pytest
import yaml

from orchestrator.testing import server_entry
from tests._processes import alive, descendants
from tests._wait import eventually_sync

pytestmark = pytest.mark.processes

WAIT = 20.0  # seconds any single wait below may take at most
# ... but the first sign of a run: an orchestrator and its servers starting on a loaded machine
# (two test runs side by side, two workers each, beside eight-server tests) took over 20 s
START = 60.0


def read_until(stream: IO[str], needle: str, timeout: float = WAIT) -> str:
    """Read `stream` (a pipe) until `needle` appears, for `timeout` at most. Byte by byte from the
    file descriptor: a buffered readline could take lines past the needle into Python's buffer,
    where the selector no longer sees them."""
    selector = selectors.DefaultSelector()
    selector.register(stream, selectors.EVENT_READ)
    seen = b""
    deadline = time.monotonic() + timeout
    while needle.encode() not in seen:
        if not selector.select(timeout=max(deadline - time.monotonic(), 0)):
            raise AssertionError(f"{needle!r} never came; got {seen.decode(errors='replace')!r}")
        byte = os.read(stream.fileno(), 1)
        if not byte:
            raise AssertionError(f"the stream ended before {needle!r}; got {seen!r}")
        seen += byte
    return seen.decode()


@pytest.fixture
def config(tmp_path: Path) -> Callable[..., Path]:
    def write(servers: dict[str, Any], **orchestrator: Any) -> Path:
        path = tmp_path / "mcp_agent.config.yaml"
        data = {
            "mcp": {"servers": servers},
            "orchestrator": {"provider": "offline", **orchestrator},
        }
        path.write_text(yaml.safe_dump(data))
        return path

    return write


@pytest.fixture
def cli(tmp_path: Path) -> Iterator[Callable[..., subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []

    def start(*args: str, stdin: int | None = subprocess.DEVNULL) -> subprocess.Popen[str]:
        process = subprocess.Popen(
            [sys.executable, "-m", "orchestrator", *args],
            cwd=tmp_path, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env=dict(os.environ),
        )  # fmt: skip
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait(WAIT)
        for pipe in (process.stdin, process.stdout, process.stderr):
            if pipe is not None:
                pipe.close()


def test_sigterm_while_servers_start_stops_them_all(
    config: Callable[..., Path], cli: Callable[..., subprocess.Popen[str]]
) -> None:
    servers = {"stuck": server_entry("hanging"), "notes": server_entry("notes")}
    path = config(servers, startup_timeout_seconds=60)
    process = cli("--config", str(path), "what notes do I have?")
    children = eventually_sync(
        lambda: (d := descendants(process.pid)) and len(d) >= 2 and d, timeout=START, what="servers"
    )
    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    assert process.wait(WAIT) == 143
    assert time.monotonic() - started < 10  # promptly, not after the 60 s start-up timeout
    assert "stopped by SIGTERM" in process.stderr.read()  # type: ignore[union-attr]
    assert not alive(children), "a server outlived the run"


def test_sigint_during_a_call_in_flight_stops_the_run_and_its_servers(
    config: Callable[..., Path], cli: Callable[..., subprocess.Popen[str]]
) -> None:
    path = config({"reports": server_entry("slow")})
    process = cli("-v", "--config", str(path), "create a report titled Q3")
    read_until(process.stderr, "calling create_report", START)  # the minute-long call runs
    children = descendants(process.pid)
    assert children
    process.send_signal(signal.SIGINT)
    assert process.wait(WAIT) == 130
    assert not alive(children), "a server outlived the run"


def test_piped_requests_are_answered_as_they_arrive_and_ctrl_c_ends_it(
    config: Callable[..., Path],
    cli: Callable[..., subprocess.Popen[str]],
    notes_file: Path,
) -> None:
    path = config({"notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)})})
    process = cli("--config", str(path), "--json", stdin=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("jot down a note: water the plants\n")
    process.stdin.flush()
    first = json.loads(read_until(process.stdout, "\n", START))  # answered before more input comes
    assert first["tool_calls"][0]["tool"] == "jot_note"
    process.stdin.write("what notes do I have?\n")
    process.stdin.flush()
    second = json.loads(read_until(process.stdout, "\n"))
    assert "water the plants" in second["answer"]
    children = descendants(process.pid)
    process.send_signal(signal.SIGINT)  # stdin still open: one Ctrl-C is enough
    assert process.wait(WAIT) == 130
    assert not alive(children)


def test_timeout_covers_start_up(
    config: Callable[..., Path], cli: Callable[..., subprocess.Popen[str]]
) -> None:
    path = config({"stuck": server_entry("hanging")}, startup_timeout_seconds=60)
    started = time.monotonic()
    process = cli("--config", str(path), "--timeout", "2", "what notes do I have?")
    assert process.wait(WAIT) == 1
    # the 2 s deadline, plus start-up and stopping the server: far below the 60 s start-up
    # timeout it would wait for if the deadline did not cover start-up (a loaded machine has
    # taken 12 s for the rest)
    assert time.monotonic() - started < 30
    assert "no answer within 2s" in process.stderr.read()  # type: ignore[union-attr]


def test_a_request_whose_servers_are_down_exits_1(
    config: Callable[..., Path], cli: Callable[..., subprocess.Popen[str]]
) -> None:
    path = config({"todo": {"command": "/no/such/mcp-server"}})
    process = cli("--config", str(path), "remind me to buy eggs")
    assert process.wait(WAIT) == 1
    out = process.stdout.read()  # type: ignore[union-attr]
    assert "server 'todo' is unavailable (command not found: /no/such/mcp-server)" in out


def received(record: Path) -> list[dict[str, Any]]:
    if not record.exists():
        return []
    return [json.loads(line) for line in record.read_text().splitlines() if line.strip()]


def cancelled_call(record: Path) -> dict[str, Any] | None:
    """The `tools/call` the server was told to stop, if it was."""
    messages = received(record)
    calls = {m["id"]: m for m in messages if m.get("method") == "tools/call"}
    for message in messages:
        if message.get("method") == "notifications/cancelled":
            return calls.get(message["params"]["requestId"])
    return None


def progress_asked(record: Path) -> bool:
    calls = [m for m in received(record) if m.get("method") == "tools/call"]
    return bool(calls) and "progressToken" in (calls[0]["params"].get("_meta") or {})


@pytest.fixture
def record(tmp_path: Path) -> Path:
    return tmp_path / "received.jsonl"


@pytest.fixture
def recorded(config: Callable[..., Path], record: Path) -> Path:
    """A config whose one server writes down every message it receives in `record`."""
    return config({"reports": server_entry("recorder", env={"RECORDER_FILE": str(record)})})


@pytest.mark.parametrize(
    ("how", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["ctrl-c", "sigterm"]
)
def test_a_signal_cancels_the_call_in_flight_on_the_wire(
    how: signal.Signals,
    code: int,
    recorded: Path,
    record: Path,
    cli: Callable[..., subprocess.Popen[str]],
) -> None:
    process = cli("--config", str(recorded), "create a report titled Q3")
    eventually_sync(lambda: progress_asked(record), timeout=START, what="the call")
    process.send_signal(how)
    assert process.wait(WAIT) == code
    cancelled = eventually_sync(lambda: cancelled_call(record), timeout=WAIT, what="the cancel")
    assert cancelled["params"]["name"] == "create_report"


def test_timeout_cancels_the_call_in_flight_on_the_wire(
    recorded: Path, record: Path, cli: Callable[..., subprocess.Popen[str]]
) -> None:
    request = "create a report titled Q3"
    process = cli("--config", str(recorded), "--json", "--timeout", "10", request)
    eventually_sync(lambda: progress_asked(record), timeout=START, what="the call")
    out, err = process.communicate(timeout=WAIT)
    assert process.returncode == 1, err
    assert "no answer within 10s" in err
    transcript = json.loads(out)  # --json: the transcript alone on stdout, no progress
    assert transcript["error"] == "no answer within 10s"
    cancelled = eventually_sync(lambda: cancelled_call(record), timeout=WAIT, what="the cancel")
    assert cancelled["params"]["arguments"] == {"title": "Q3"}


def test_on_a_terminal_a_calls_progress_is_one_line_that_updates(
    recorded: Path, record: Path, tmp_path: Path
) -> None:
    import pty

    leader, follower = pty.openpty()  # stderr is a terminal; stdout a pipe
    request = "create a report titled Q3"
    process = subprocess.Popen(
        [sys.executable, "-m", "orchestrator", "--config", str(recorded), request],
        cwd=tmp_path, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=follower,
        text=True, env=dict(os.environ),
    )  # fmt: skip
    os.close(follower)
    with os.fdopen(leader, "rb", buffering=0) as terminal:
        try:
            shown = read_until(terminal, "reports.create_report: 0% writing", START)
            shown += read_until(terminal, "\r\x1b[Kreports.create_report: 0% writing")
            process.send_signal(signal.SIGINT)
            out, _ = process.communicate(timeout=WAIT)
        finally:
            if process.poll() is None:
                process.kill()
                process.communicate(timeout=WAIT)
    assert process.returncode == 130
    assert "\n" not in shown.split("\r\x1b[K", 1)[1]  # rewritten in place, never a new line
    assert "writing" not in out  # nothing of it on stdout
    assert cancelled_call(record) is not None
