"""The warm orchestrator, end to end: real one-shot commands in subprocesses, the daemon they
start, the servers it keeps, checked in /proc. Each test has its own runtime folder (never a
real user's daemon) and stops every daemon it started."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest
import yaml

from orchestrator.daemon import _protocol as protocol
from orchestrator.testing import server_entry
from orchestrator.testing.vendors.openai import FakeOpenAI, text, tool_call
from tests._processes import alive, descendants, is_alive
from tests._wait import eventually_sync
from tests.orchestrator.test_cli_client import fake, fill_in_the_booking, llm_config

pytestmark = pytest.mark.processes

__all__ = ["fake"]  # the fixture, shared with the command line's own tests

WAIT = 30.0


@pytest.fixture
def runtime(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private runtime folder (short: a socket path has ~100 bytes) with the daemon on."""
    folder = Path(tempfile.mkdtemp(prefix="od", dir="/tmp"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))
    monkeypatch.setenv("ORCHESTRATOR_DAEMON", "1")
    monkeypatch.delenv("ORCHESTRATOR_DAEMON_VERSION", raising=False)
    yield folder
    subprocess.run(
        [sys.executable, "-m", "orchestrator", "daemon", "stop"],
        capture_output=True, timeout=WAIT, env=dict(os.environ),
    )  # fmt: skip
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def config(tmp_path: Path, notes_file: Path) -> Callable[..., Path]:
    def write(servers: dict[str, Any] | None = None, **orchestrator: Any) -> Path:
        path = tmp_path / "mcp_agent.config.yaml"
        servers = servers or {"notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)})}
        settings = {"provider": "offline", **orchestrator}
        data = {"mcp": {"servers": servers}, "orchestrator": settings}
        path.write_text(yaml.safe_dump(data))
        return path

    return write


def run(
    tmp_path: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "orchestrator", *args],
        cwd=tmp_path, capture_output=True, text=True, timeout=WAIT,
        env={**os.environ, **(env or {})}, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def daemons(tmp_path: Path) -> list[int]:
    """The pids `orchestrator daemon status` shows."""
    done = run(tmp_path, "daemon", "status")
    assert done.returncode == 0, done.stderr
    return [int(pid) for pid in re.findall(r"^pid (\d+):", done.stdout, re.M)]


def test_the_second_one_shot_is_answered_by_the_warm_daemon_and_stop_leaves_nothing(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    config()
    first = run(tmp_path, "jot down a note: water the plants")
    assert first.returncode == 0, first.stderr
    assert "water the plants" in first.stdout
    (pid,) = daemons(tmp_path)
    servers = descendants(pid)
    assert servers, "the daemon keeps the notes server"

    second = run(tmp_path, "--json", "what notes do I have?")
    assert second.returncode == 0, second.stderr
    transcript = json.loads(second.stdout)
    assert "water the plants" in transcript["answer"]
    assert daemons(tmp_path) == [pid]
    assert descendants(pid) == servers, "the same server answered"

    folder = runtime / "mcp-orchestrator"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    (sock,) = folder.glob("*.sock")
    assert stat.S_IMODE(sock.stat().st_mode) == 0o600

    stopped = run(tmp_path, "daemon", "stop")
    assert f"pid {pid}" in stopped.stdout
    assert not alive(servers), "its servers are stopped when `stop` returns"
    eventually_sync(lambda: not is_alive(pid), timeout=WAIT, what="the daemon gone")
    assert not list(folder.glob("*.sock"))


def test_a_continued_one_shot_is_answered_by_the_warm_daemon_too(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    """`--continue` (answering a question, carrying a request on) is a one-shot like any: it
    went to the in-process run, starting every server again (4 to 20 s in a user's trial)."""
    config()
    first = run(tmp_path, "jot down a note: water the plants")
    assert first.returncode == 0, first.stderr
    (pid,) = daemons(tmp_path)
    servers = descendants(pid)

    carried = run(tmp_path, "--continue", "what notes do I have?")
    assert carried.returncode == 0, carried.stderr
    assert "water the plants" in carried.stdout
    status = run(tmp_path, "daemon", "status").stdout
    assert "; 2 requests;" in status, status  # the daemon took it
    assert daemons(tmp_path) == [pid] and descendants(pid) == servers


def test_the_same_answers_json_and_exit_codes_as_the_in_process_run(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    config()
    assert run(tmp_path, "jot down a note: call the bank").returncode == 0
    for args in (["--json", "what notes do I have?"], ["what notes do I have?"],
                 ["--json", "book me a flight to Rome"]):  # fmt: skip
        warm = run(tmp_path, *args)
        here = run(tmp_path, *args, env={"ORCHESTRATOR_DAEMON": "0"})
        assert warm.returncode == here.returncode, (args, warm.stderr, here.stderr)
        if args[0] == "--json":
            warm_t, here_t = json.loads(warm.stdout), json.loads(here.stdout)
            for field in ("answer", "done", "provider"):
                assert warm_t[field] == here_t[field], field
        else:
            assert warm.stdout == here.stdout
        assert warm.stderr == here.stderr
    assert len(daemons(tmp_path)) == 1


def test_two_one_shots_at_once_start_one_daemon_and_both_are_answered(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    config()

    def start(i: int) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-m", "orchestrator", f"jot down a note: task {i}"],
            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            stdin=subprocess.DEVNULL, env=dict(os.environ),
        )  # fmt: skip

    processes = [start(0), start(1)]
    for i, process in enumerate(processes):
        out, err = process.communicate(timeout=WAIT)
        assert process.returncode == 0, err
        assert f"task {i}" in out
    listed = run(tmp_path, "what notes do I have?")
    assert "task 0" in listed.stdout and "task 1" in listed.stdout
    assert len(daemons(tmp_path)) == 1


def test_a_config_edit_between_two_one_shots_restarts_the_daemon(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    config()
    assert run(tmp_path, "jot down a note: old").returncode == 0
    (old,) = daemons(tmp_path)
    servers = descendants(old)
    config(instructions="be brief")  # the same servers, another config
    done = run(tmp_path, "what notes do I have?")
    assert done.returncode == 0, done.stderr
    assert "old" in done.stdout
    (new,) = daemons(tmp_path)
    assert new != old
    eventually_sync(lambda: not alive({old, *servers}), timeout=WAIT, what="the old daemon gone")


def test_a_version_change_restarts_the_daemon(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    config()
    assert run(tmp_path, "jot down a note: apples", env={"ORCHESTRATOR_DAEMON_VERSION": "1"}).stdout
    (old,) = daemons(tmp_path)
    done = run(tmp_path, "what notes do I have?", env={"ORCHESTRATOR_DAEMON_VERSION": "2"})
    assert done.returncode == 0, done.stderr
    assert "apples" in done.stdout
    (new,) = daemons(tmp_path)
    assert new != old
    eventually_sync(lambda: not is_alive(old), timeout=WAIT, what="the old daemon gone")


def test_a_killed_daemon_leaves_a_stale_socket_and_the_next_one_shot_still_answers(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    config()
    assert run(tmp_path, "jot down a note: before").returncode == 0
    (pid,) = daemons(tmp_path)
    servers = descendants(pid)
    os.kill(pid, signal.SIGKILL)
    eventually_sync(lambda: not is_alive(pid), timeout=WAIT, what="the daemon killed")
    eventually_sync(lambda: not alive(servers), timeout=WAIT, what="its servers gone")
    assert list((runtime / "mcp-orchestrator").glob("*.sock")), "the socket is stale"
    done = run(tmp_path, "what notes do I have?")
    assert done.returncode == 0, done.stderr
    assert "before" in done.stdout


def test_a_socket_nobody_can_start_a_daemon_behind_falls_back_to_the_in_process_run(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    config()
    folder = runtime / "mcp-orchestrator"
    folder.mkdir(mode=0o755)  # others may enter: refused, the request runs in the process
    done = run(tmp_path, "jot down a note: buy stamps")
    assert done.returncode == 0, done.stderr
    assert "buy stamps" in done.stdout
    assert not list(folder.iterdir())


def test_the_switches_turn_it_off(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    config()
    done = run(tmp_path, "jot down a note: pay rent", env={"ORCHESTRATOR_DAEMON": "0"})
    assert done.returncode == 0 and "pay rent" in done.stdout
    assert not (runtime / "mcp-orchestrator").exists()
    config(daemon=False)
    for word in ("water ferns", "feed the cat"):
        done = run(tmp_path, f"jot down a note: {word}")
        assert done.returncode == 0, done.stderr
        assert word in done.stdout
        assert daemons(tmp_path) == []
    config(daemon=True)
    assert run(tmp_path, "jot down a note: call mum").returncode == 0
    assert len(daemons(tmp_path)) == 1


def test_it_exits_when_idle_with_its_servers(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    config(daemon_idle_seconds=1)
    assert run(tmp_path, "jot down a note: soon gone").returncode == 0
    (pid,) = daemons(tmp_path)
    servers = descendants(pid)
    eventually_sync(lambda: not alive({pid, *servers}), timeout=WAIT, what="the idle exit")
    assert not list((runtime / "mcp-orchestrator").glob("*.sock"))


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_to_the_one_shot_cancels_its_request_in_the_daemon(
    tmp_path: Path, runtime: Path, config: Callable[..., Path], sig: int, code: int
) -> None:
    config({"reports": server_entry("slow")})
    # Its tools in the catalogue cache: the daemon starts the server for the call, not before.
    assert run(tmp_path, "tools", env={"ORCHESTRATOR_DAEMON": "0"}).returncode == 0
    process = subprocess.Popen(
        [sys.executable, "-m", "orchestrator", "create a report titled Q3"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        stdin=subprocess.DEVNULL, env=dict(os.environ),
    )  # fmt: skip
    with process:
        pid = eventually_sync(lambda: daemons(tmp_path), timeout=WAIT, what="the daemon")[0]
        slow = eventually_sync(lambda: descendants(pid), timeout=WAIT, what="the slow server")
        process.send_signal(sig)
        assert process.wait(WAIT) == code
        if sig == signal.SIGTERM:
            assert "stopped by SIGTERM" in (process.stderr.read() if process.stderr else "")
    eventually_sync(lambda: not alive(slow), timeout=WAIT, what="the cancelled call's server")
    assert is_alive(pid), "the daemon serves the next request"


_LISTENS_LATE = """
import asyncio, json, os, socket, sys
from orchestrator.daemon import _protocol as protocol
from orchestrator.daemon._server import Daemon

paths = protocol.DaemonPaths(sys.argv[1], "key")
shown = []
listen = socket.socket.listen

def listening(sock, *args):
    shown.append(os.path.exists(paths.socket))  # the socket found before it listens?
    listen(sock, *args)

socket.socket.listen = listening
daemon = Daemon(paths, "version", paths.name)

def status():
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
        client.settimeout(10)
        client.connect(paths.socket)  # refused, had it been found before it listened
        protocol.send_message(client, {"op": "status"})
        return protocol.read_message(client, bytearray())

async def main():
    running = asyncio.create_task(daemon.run(None))
    while not os.path.exists(paths.socket) and not running.done():
        await asyncio.sleep(0.01)
    reply = await asyncio.to_thread(status)
    daemon.stop()
    await asyncio.wait_for(running, 10)
    print(json.dumps({"shown": shown, "pid": reply.get("pid"), "left": os.listdir(sys.argv[1])}))

asyncio.run(main())
"""


def test_the_daemons_socket_is_found_only_once_it_listens() -> None:
    """`daemon status` takes a socket it cannot connect to for a stale one and removes it, so a
    daemon must never show its socket before it listens: CI once saw status poll in that gap,
    and the one-shot that had just started the daemon ran its request in-process instead."""
    folder = Path(tempfile.mkdtemp(prefix="od", dir="/tmp"))
    try:
        done = subprocess.run(
            [sys.executable, "-c", _LISTENS_LATE, str(folder)],
            capture_output=True, text=True, timeout=WAIT, env=dict(os.environ),
        )  # fmt: skip
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["shown"] == [False], "the socket was there before the daemon listened"
    assert seen["pid"] and seen["left"] == []


def test_a_servers_question_on_a_terminal_is_asked_on_the_callers_terminal(
    tmp_path: Path, runtime: Path, write_config: Callable[..., Path], fake: FakeOpenAI
) -> None:
    """The LLM path through the daemon, the provider's client kept warm: the concierge's form
    is asked on the one-shot's own terminal, twice (the second time on the warm orchestrator)."""
    path, env = llm_config(write_config, fake)
    for party in ("2", "3"):
        fake.reply(tool_call("book_table", {"restaurant": "Luigi's"}), text(f"Booked for {party}."))
        child = pexpect.spawn(
            sys.executable,
            ["-m", "orchestrator", "--config", str(path), "book a table at Luigi's"],
            env={**os.environ, **env, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1",
                 "NO_COLOR": "1"},
            encoding="utf-8", timeout=WAIT, dimensions=(40, 160), cwd=str(tmp_path),
        )  # fmt: skip
        try:
            fill_in_the_booking(child, party)
            child.expect_exact(f"Booked for {party}.")
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)
        assert child.exitstatus == 0
        tool_output = fake.completions[-1].messages[-1]["content"]
        assert json.loads(tool_output) == {
            "result": f"Booked Luigi's for {party} on 2025-07-14, indoor."
        }
    assert len(daemons(tmp_path)) == 1


def test_a_daemon_that_dies_before_taking_the_request_leaves_it_to_the_in_process_run(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    """A listener that takes the connection and closes it, as a daemon crashing would: the
    request is run by the command itself, once."""
    config()
    env = {**os.environ}
    paths = protocol.daemon_paths(env, str(tmp_path))
    assert paths is not None
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    taken: list[int] = []

    def crash_once() -> None:
        conn, _ = listener.accept()
        with conn:
            _, fds, _, _ = socket.recv_fds(conn, 65536, 3)
            taken.extend(fds)
            for fd in fds:
                os.close(fd)

    with listener:
        listener.bind(paths.socket)
        listener.listen(1)
        crashing = threading.Thread(target=crash_once)
        crashing.start()
        done = run(tmp_path, "jot down a note: once")
        crashing.join(WAIT)
    assert len(taken) == 3, "the client came to the socket with its stdio"
    assert done.returncode == 0, done.stderr
    assert "once" in done.stdout
    listed = run(tmp_path, "--json", "what notes do I have?", env={"ORCHESTRATOR_DAEMON": "0"})
    assert json.loads(listed.stdout)["answer"].count("once") == 1


def test_the_providers_connection_is_kept_between_requests_and_not_across_a_key_change(
    tmp_path: Path, runtime: Path, write_config: Callable[..., Path], fake: FakeOpenAI
) -> None:
    """Two one-shots with the same key reach the provider on one connection (the warm
    orchestrator's client, kept); with another key, another daemon and another connection."""
    path, env = llm_config(write_config, fake)
    keys = ("sk-test-key", "sk-test-key", "sk-other-key")
    for key in keys:
        fake.reply(text("Hello."))
        done = run(tmp_path, "--config", str(path), "say hello", env={**env, "OPENAI_API_KEY": key})
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "Hello."
    sent = fake.completions
    assert [r.headers["authorization"] for r in sent] == [f"Bearer {k}" for k in keys]
    assert sent[0].peer == sent[1].peer, "the same key: the warm client's connection"
    assert sent[2].peer not in (sent[0].peer, sent[1].peer)
    assert len(daemons(tmp_path)) == 2


def test_a_request_a_server_refuses_leaves_its_servers_warm(
    tmp_path: Path, runtime: Path, config: Callable[..., Path]
) -> None:
    """A read the server refuses fails the request (its words, exit 1, as in process), and the
    daemon keeps the orchestrator and its servers: it closed them, as after a crash."""
    config({"concierge": server_entry("concierge")})
    first = run(tmp_path, "--resource", "concierge://guide", "what does the guide say?")
    assert first.returncode in (0, 1), first.stderr
    (pid,) = daemons(tmp_path)
    servers = descendants(pid)
    assert servers
    refused = run(tmp_path, "--resource", "concierge://rooms/lobby", "tell me about it")
    here = run(
        tmp_path, "--resource", "concierge://rooms/lobby", "tell me about it",
        env={"ORCHESTRATOR_DAEMON": "0"},
    )  # fmt: skip
    assert refused.returncode == here.returncode == 1
    assert refused.stderr == here.stderr
    assert refused.stderr.startswith("orchestrator: concierge: Error creating resource")
    assert daemons(tmp_path) == [pid]
    assert descendants(pid) == servers, "the same servers, still warm"


@pytest.mark.parametrize("daemon", ["1", "0"])
def test_a_reader_that_went_away_ends_the_one_shot_quietly(
    tmp_path: Path, runtime: Path, config: Callable[..., Path], daemon: str
) -> None:
    """`orchestrator ... | head -1` whose reader is gone before the answer is written: exit 141
    as a command SIGPIPE ended, no traceback, no "the daemon stopped" (it had not)."""
    config()
    assert run(tmp_path, "jot down a note: call the bank").returncode == 0
    before = {pid: descendants(pid) for pid in daemons(tmp_path)} if daemon == "1" else {}
    read, write = os.pipe()
    os.close(read)  # nobody reads: the first write fails with EPIPE
    try:
        done = subprocess.run(
            [sys.executable, "-m", "orchestrator", "what notes do I have?"],
            cwd=tmp_path, stdout=write, stderr=subprocess.PIPE, text=True, timeout=WAIT,
            env={**os.environ, "ORCHESTRATOR_DAEMON": daemon}, stdin=subprocess.DEVNULL,
        )  # fmt: skip
    finally:
        os.close(write)
    assert done.returncode == 141, done.stderr
    assert done.stderr == ""
    if daemon == "1":  # the same daemon, its servers still warm
        assert {pid: descendants(pid) for pid in daemons(tmp_path)} == before


def test_status_names_the_servers_running_and_does_not_keep_the_daemon_awake(
    tmp_path: Path, runtime: Path, config: Callable[..., Path], notes_file: Path
) -> None:
    config({
        "notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)}),
        "ghost": {"command": "does-not-exist-xyz"},
    })  # fmt: skip
    assert run(tmp_path, "jot down a note: water the plants").returncode == 0
    first = run(tmp_path, "daemon", "status").stdout
    assert first.rstrip().endswith("; 1 request; warm servers: notes"), first  # no ghost: down
    idle = int(re.findall(r"idle (\d+)s", first)[0])
    eventually_sync(
        lambda: (
            int(re.findall(r"idle (\d+)s", run(tmp_path, "daemon", "status").stdout)[0]) >= idle + 2
        ),
        timeout=WAIT,
        what="the idle time going on while only the status is asked",
    )


def test_a_server_down_at_one_request_is_tried_again_at_the_next(
    tmp_path: Path, runtime: Path, config: Callable[..., Path], notes_file: Path
) -> None:
    """A server that failed to start (its database not ready yet) is not "down" for good in the
    warm daemon: the next request starts it again, as a new in-process run would, and one up
    stays warm (the same process) for the requests after."""
    marker = tmp_path / "ready"
    script = tmp_path / "flaky.sh"
    notes = " ".join(server_entry("notes")["args"])
    script.write_text(
        f"#!/bin/sh\nif [ -f {marker} ]; then exec {sys.executable} {notes}; fi\n"
        'echo "database not ready yet" >&2\nexit 1\n'
    )
    script.chmod(0o755)
    config({"notes": {"command": str(script), "env": {"NOTES_FILE": str(notes_file)}}})

    down = run(tmp_path, "jot down a note: water the plants")
    assert down.returncode == 1
    assert "database not ready yet" in down.stderr
    (pid,) = daemons(tmp_path)
    assert run(tmp_path, "jot down a note: water the plants").returncode == 1, "still not ready"

    marker.touch()
    up = run(tmp_path, "jot down a note: water the plants")
    assert up.returncode == 0, up.stderr
    assert "water the plants" in up.stdout
    assert daemons(tmp_path) == [pid], "the same daemon"
    servers = descendants(pid)
    assert servers
    again = run(tmp_path, "what notes do I have?")
    assert again.returncode == 0, again.stderr
    assert "water the plants" in again.stdout
    assert descendants(pid) == servers, "up, it stays warm: not started again"


def test_a_server_that_hangs_at_start_up_does_not_hold_up_the_next_requests(
    tmp_path: Path, runtime: Path, config: Callable[..., Path], notes_file: Path
) -> None:
    """A server whose start hangs until the start-up timeout costs that wait once: the next
    requests go on without it (and name it), while the daemon starts it again in the
    background, and once it answers it joins the warm servers."""
    marker = tmp_path / "ready"
    script = tmp_path / "hangs.sh"
    echo = " ".join(server_entry("echo")["args"])
    script.write_text(
        f"#!/bin/sh\nif [ -f {marker} ]; then exec {sys.executable} {echo}; fi\n"
        'echo "waiting for the database" >&2\nexec sleep 60\n'
    )
    script.chmod(0o755)
    timeout = 5  # a start (Python, the SDK) on a busy machine may take 3s
    config(
        {
            "notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)}),
            "slowpoke": {"command": str(script)},
        },
        startup_timeout_seconds=timeout,
    )
    first = run(tmp_path, "jot down a note: water the plants")
    assert first.returncode == 0, first.stderr
    assert "slowpoke" in first.stdout + first.stderr

    began = time.monotonic()
    second = run(tmp_path, "jot down a note: feed the cat")
    took = time.monotonic() - began
    assert second.returncode == 0, second.stderr
    assert "feed the cat" in second.stdout
    assert "server 'slowpoke' is unavailable" in second.stdout, "the missing server is named"
    assert took < timeout, "its start is not waited for again"
    status = run(tmp_path, "daemon", "status").stdout
    assert re.search(r"warm servers: notes; down: slowpoke \((started|starting) again in the "
                     r"background", status), status  # fmt: skip

    marker.touch()

    def joined() -> bool:
        assert run(tmp_path, "what notes do I have?").returncode == 0
        return (
            run(tmp_path, "daemon", "status")
            .stdout.rstrip()
            .endswith("warm servers: notes, slowpoke")
        )

    eventually_sync(joined, timeout=WAIT, what="the server started again in the background")


def test_the_configs_warnings_are_said_at_each_request_as_in_process(
    tmp_path: Path,
    runtime: Path,
    monkeypatch: pytest.MonkeyPatch,
    config: Callable[..., Path],
    notes_file: Path,
) -> None:
    """A key in a server entry that the orchestrator does not use is named in a warning on
    stderr at every run, in process; the warm daemon loads the config once, and says it at each
    request too, once, on the caller's stderr (stdout stays the answer, or the JSON)."""
    monkeypatch.setenv(protocol.VERSION_VAR, "1")  # others edit the package meanwhile
    entry = server_entry("notes", env={"NOTES_FILE": str(notes_file)})
    config({"notes": {**entry, "startup_timeout_seconds": 5, "bogus_key": 1}})
    warning = (
        f"orchestrator: {tmp_path / 'mcp_agent.config.yaml'}: mcp.servers.notes: keys not used "
        "by the orchestrator, kept as written: bogus_key, startup_timeout_seconds (did you "
        "mean http_timeout_seconds?)\n"
    )
    here = run(tmp_path, "jot down a note: z", env={"ORCHESTRATOR_DAEMON": "0"})
    assert here.returncode == 0, here.stderr
    assert here.stderr == warning
    for args in (["jot down a note: y"], ["what notes do I have?"], ["--json", "list my notes"]):
        warm = run(tmp_path, *args)
        assert warm.returncode == 0, warm.stderr
        assert warm.stderr == warning, args
        if args[0] == "--json":
            assert "z" in json.loads(warm.stdout)["answer"]
        else:
            assert warning.strip() not in warm.stdout
    assert len(daemons(tmp_path)) == 1


def test_one_warm_set_per_set_of_options_each_shown_and_at_most_three_kept(
    tmp_path: Path, runtime: Path, monkeypatch: pytest.MonkeyPatch, config: Callable[..., Path]
) -> None:
    """Options bound when a warm orchestrator starts (`--yes`, the provider's retries,
    `--no-cache`, ...) each get a set of servers of their own: `daemon status` lists each set,
    with its options and servers, and a fourth set kept closes the least recently used one
    (its server stops)."""
    monkeypatch.setenv(protocol.VERSION_VAR, "1")  # others edit the package meanwhile
    config()
    ask = "what notes do I have?"

    def sets() -> list[str]:
        lines = run(tmp_path, "daemon", "status").stdout.splitlines()
        return [line.strip() for line in lines[1:]]

    assert run(tmp_path, ask).returncode == 0
    (pid,) = daemons(tmp_path)
    plain = descendants(pid)
    assert run(tmp_path, "--yes", ask).returncode == 0
    status = run(tmp_path, "daemon", "status").stdout
    summary = "warm servers: notes; 2 warm sets of servers (one per set of options; at most 3 kept"
    assert summary in status, status
    assert sets() == [
        "no options (servers' questions declined): notes",
        "--yes (servers' questions declined): notes",
    ]
    with_yes = descendants(pid) - plain
    assert with_yes, "a server of its own"

    timing = ("--provider-timeout", "2", "--provider-attempts", "1")
    assert run(tmp_path, *timing, ask).returncode == 0
    assert run(tmp_path, "--no-early-start", ask).returncode == 0, "the plain set, warm"
    assert len(sets()) == 3
    assert run(tmp_path, "--no-cache", ask).returncode == 0
    assert sets() == [
        "--provider-attempts 1 --provider-timeout 2 (servers' questions declined): notes",
        "no options (servers' questions declined): notes",
        "--no-cache (servers' questions declined): notes",
    ]
    eventually_sync(lambda: not alive(with_yes), timeout=WAIT, what="--yes's server stopped")
    assert alive(plain) == plain, "the plain set's server is the one it started with"
    assert daemons(tmp_path) == [pid]


def test_one_shots_at_once_with_the_same_options_share_one_warm_set(
    tmp_path: Path, runtime: Path, monkeypatch: pytest.MonkeyPatch, config: Callable[..., Path]
) -> None:
    """Four identical one-shots at once, while the set for their options is still starting,
    are answered by that one set (the others wait for it, then take turns), not by three
    identical sets that fill the daemon's three and close the `--yes` one (trial 7: `daemon
    status` listed three identical lines)."""
    monkeypatch.setenv(protocol.VERSION_VAR, "1")  # others edit the package meanwhile
    config()
    ask = "what notes do I have?"
    assert run(tmp_path, "--yes", ask).returncode == 0
    (pid,) = daemons(tmp_path)

    def start() -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-m", "orchestrator", ask],
            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            stdin=subprocess.DEVNULL, env=dict(os.environ),
        )  # fmt: skip

    processes = [start() for _ in range(4)]
    for process in processes:
        _, err = process.communicate(timeout=WAIT)
        assert process.returncode == 0, err
    lines = run(tmp_path, "daemon", "status").stdout.splitlines()
    assert [line.strip() for line in lines[1:]] == [
        "--yes (servers' questions declined): notes",
        "no options (servers' questions declined): notes",
    ]
    assert daemons(tmp_path) == [pid]
    assert len(descendants(pid)) == 2, "one server per set"
