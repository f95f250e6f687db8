"""A remote server (streamable HTTP) through the warm orchestrator, across its outages: one down
before a request is said down with the reason the in-process run gives, not as a call cut off
under way; once it answers again it is used again, after any number of outages. Real
one-shots in subprocesses and the bundled todo server, killed and started again on its port."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from orchestrator.daemon import _protocol as protocol
from tests._wait import eventually_sync
from tests.orchestrator.daemon.test_daemon import WAIT, config, daemons, run, runtime

pytestmark = pytest.mark.processes

__all__ = ["config", "runtime"]  # the fixtures


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def _notes_server(port: int, notes_file: Path) -> Iterator[None]:
    """The test notebook over streamable HTTP on `port`, once it listens; killed after, as a
    crashed replica is (no goodbye to its clients)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "orchestrator.testing.servers.notes", "--port", str(port)],
        env={**os.environ, "NOTES_FILE": str(notes_file)},
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip

    def listening() -> bool:
        assert process.poll() is None, "the notebook exited before serving"
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", port)) == 0

    try:
        eventually_sync(listening, timeout=WAIT, what="the notebook serving")
        yield
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=WAIT)


def _headlines(notes_file: Path) -> list[str]:
    return [note["headline"] for note in json.loads(notes_file.read_text()).values()]


def test_a_remote_server_down_before_a_request_is_said_down_and_used_again_once_back(
    tmp_path: Path,
    runtime: Path,
    monkeypatch: pytest.MonkeyPatch,
    config: Callable[..., Path],
    notes_file: Path,
) -> None:
    """Trial 7: the warm daemon said a todo server that was already down (connection refused)
    "stopped answering while create_todo was under way ...; it may or may not have been done",
    though nothing was sent, then "withdrawn", and after a second outage refused the server,
    healthy again, for one request. Now: said down as in process; a call whose connection could
    not be made is sent once the server answers again; each todo written once."""
    monkeypatch.setenv(protocol.VERSION_VAR, "1")  # others edit the package meanwhile
    port = _free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    config({"notes": {"transport": "streamable_http", "url": url}})
    jot = "jot down a note: {}"
    with _notes_server(port, notes_file):
        assert run(tmp_path, jot.format("water the plants")).returncode == 0
    (pid,) = daemons(tmp_path)

    here = run(tmp_path, jot.format("feed the cat"), env={"ORCHESTRATOR_DAEMON": "0"})
    warm = run(tmp_path, jot.format("feed the cat"))
    down = f"server 'notes' is down: cannot reach {url}: All connection attempts failed"
    assert down in here.stderr, here.stderr
    assert warm.returncode == here.returncode == 1
    assert down in warm.stderr, warm.stderr
    assert "may or may not" not in warm.stdout + warm.stderr, "nothing was sent"
    assert warm.stdout == here.stdout, "the same answer as in process"
    again = run(tmp_path, jot.format("feed the cat"))
    assert again.returncode == 1 and down in again.stderr, "the cause, not 'withdrawn'"

    with _notes_server(port, notes_file):
        back = run(tmp_path, jot.format("call the bank"))
        assert back.returncode == 0, back.stderr
    for title in ("buy some bread", "fix the door"):  # an outage between two requests, twice
        with _notes_server(port, notes_file):
            restarted = run(tmp_path, jot.format(title))
            assert restarted.returncode == 0, restarted.stderr
            assert "withdrawn" not in restarted.stdout + restarted.stderr
    assert daemons(tmp_path) == [pid], "the same daemon all along"
    written = ["water the plants", "call the bank", "buy some bread", "fix the door"]
    assert _headlines(notes_file) == written, "each written once"
