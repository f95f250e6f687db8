"""The `orchestrator` command's front: a one-shot request goes to the warm daemon when it can,
and everything else (or a request the daemon cannot take) runs in this process as before
(`orchestrator.cli`). Standard library only until it falls back: no mcp, no pydantic, no SDK.

Which runs go to the daemon: a request given as arguments (`orchestrator "..."`, with or
without `--json`, `--yes`, `--timeout`, `--detach`, `--server`, `--provider`, ...). Not the
chat, not requests piped in, not the subcommands, not `-v` (its logs are for this run), and
never with `ORCHESTRATOR_DAEMON=0`. The first such run starts the daemon and waits for it;
when it cannot start, its socket is stale or it dies before taking the request, the request
runs here.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import socket
import sys
import time

from orchestrator.daemon import _protocol as protocol

__all__ = ["main"]

_VALUED = ("--config", "--provider", "--model", "--server", "--timeout", "--provider-attempts",
           "--provider-timeout", "--resource")  # fmt: skip
_SWITCHES = ("--json", "--yes", "--continue", "--no-early-start", "--no-cache", "--detach")
_DAEMON = ("status", "stop")
_NOT_REQUESTS = ("tools", "doctor", "chat")
_COMMANDS = ("resources", "read", "prompts", "skills", "login", "logout", "tools")  # the cli's
_START_WAIT = 60.0  # the daemon's start-up until it listens (its imports, on a busy machine)
_CANCEL_WAIT = 15.0  # a cancelled request's servers stopping
_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    words = _words(argv)
    if words is not None and len(words) == 2 and words[0] == "daemon" and words[1] in _DAEMON:
        return _daemon_command(words[1])
    if words is not None and words[:1] == ["daemon"] and len(words) <= 2:  # not a request
        what = f"unknown daemon command {words[1]!r}" if len(words) > 1 else "missing a command"
        print(f"orchestrator: {what}: orchestrator daemon status | stop", file=sys.stderr)
        return 2
    if words and _wanted(words):
        code = _via_daemon(argv)
        if code is not None:
            return code
    from orchestrator.cli import main as run_here

    return run_here(argv)


def _words(argv: list[str]) -> list[str] | None:
    """The request's words, or None when a flag means this run stays here (help, -v, an
    unknown flag: argparse says what is wrong, as before)."""
    words: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            words.extend(argv[i + 1 :])
            break
        if arg.startswith("--") and "=" in arg and arg.split("=", 1)[0] in _VALUED:
            pass
        elif arg in _VALUED:
            i += 1
        elif arg.startswith("-") and arg != "-":
            if arg not in _SWITCHES:
                return None
        else:
            words.append(arg)
        i += 1
    return words


def _wanted(words: list[str]) -> bool:
    if os.environ.get(protocol.SWITCH_VAR, "").strip().lower() in protocol.OFF:
        return False
    if len(words) == 1 and words[0] in _NOT_REQUESTS:
        return False
    return not (words[0] in _COMMANDS and len(words) <= 2)  # may be a command: the cli says


def _via_daemon(argv: list[str]) -> int | None:
    """The request's exit code from the daemon, or None to run it here."""
    paths = protocol.daemon_paths(os.environ, os.getcwd())
    if paths is None or _turned_off(paths, argv):
        return None
    version = protocol.code_version()
    for _ in range(2):  # a stale daemon restarts once
        sock = _connect(paths.socket) or _start(paths)
        if sock is None:
            return None
        with sock:
            outcome = _request(sock, argv, version)
        if outcome != "stale":
            return outcome if isinstance(outcome, int) else None
    return None


def _turned_off(paths: protocol.DaemonPaths, argv: list[str]) -> bool:
    """A daemon found its config turning it off: until that config changes, stay here."""
    try:
        with open(paths.off, encoding="utf-8") as file:
            marker = json.load(file)
    except (OSError, ValueError):
        return False
    if marker.get("config") == _config_option(argv) and marker.get("files") == protocol.file_prints(
        [f[0] for f in marker.get("files", [])]
    ):
        return True
    _unlink(paths.off)
    return False


def _config_option(argv: list[str]) -> str | None:
    """The `--config` given, if any (the last one wins, as in argparse)."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--config" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--config="):
            found = arg.split("=", 1)[1]
    return found


def _connect(path: str) -> socket.socket | None:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(path)
    except OSError:
        sock.close()
        return None
    return sock


def _start(paths: protocol.DaemonPaths) -> socket.socket | None:
    """Start the daemon (one client at a time) and connect once it listens."""
    import fcntl

    try:
        lock = os.open(paths.lock, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return None
    try:
        if not _locked(lock, fcntl):
            return None
        sock = _connect(paths.socket)  # another client started it meanwhile
        if sock is not None:
            return sock
        _unlink(paths.socket)  # stale: its daemon is gone
        if not _spawn(paths):
            return None
        return _connect(paths.socket)
    finally:
        os.close(lock)  # releases the lock


def _locked(fd: int, fcntl: object) -> bool:
    deadline = time.monotonic() + _START_WAIT
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # type: ignore[attr-defined]
            return True
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EACCES) or time.monotonic() > deadline:
                return False
        time.sleep(0.01)  # another client is starting the daemon: its socket comes soon


def _spawn(paths: protocol.DaemonPaths) -> bool:
    """Fork the daemon off (a new session, not our child) and wait until it listens."""
    import select

    read, write = os.pipe()
    try:
        log = os.open(paths.log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    except OSError:
        os.close(read)
        os.close(write)
        return False
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child execs or exits
        try:
            os.setsid()
            if os.fork() > 0:
                os._exit(0)
            null = os.open(os.devnull, os.O_RDONLY)
            os.dup2(null, 0)
            os.dup2(log, 1)
            os.dup2(log, 2)
            os.set_inheritable(write, True)
            command = [sys.executable, "-m", "orchestrator.daemon", str(write)]
            os.execv(sys.executable, command)
        finally:
            os._exit(127)
    os.close(write)
    os.close(log)
    try:
        os.waitpid(pid, 0)
        ready, _, _ = select.select([read], [], [], _START_WAIT)
        return bool(ready) and os.read(read, 16).startswith(b"ready")
    finally:
        os.close(read)


def _unlink(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def _stdio() -> list[int]:
    """Our stdin, stdout and stderr for the daemon to use (/dev/null for a closed one)."""
    fds = []
    for fd, mode in ((0, os.O_RDONLY), (1, os.O_WRONLY), (2, os.O_WRONLY)):
        try:
            os.fstat(fd)
            fds.append(fd)
        except OSError:
            fds.append(os.open(os.devnull, mode))
    return fds


def _encoding(stream: object) -> list[str]:
    return [
        getattr(stream, "encoding", None) or "utf-8",
        getattr(stream, "errors", None) or "strict",
    ]


def _request(sock: socket.socket, argv: list[str], version: str) -> int | str | None:
    """Send the request with our stdio; follow it to its exit code. "stale" when the daemon is
    out of date (it goes; the caller starts a new one), None to run the request here."""
    message: dict[str, object] = {
        "op": "ask",
        "argv": argv,
        "version": version,
        "key": protocol.env_key(os.environ, os.getcwd()),
        "encodings": [_encoding(s) for s in (sys.stdin, sys.stdout, sys.stderr)],
    }
    accepted = False
    received: list[int] = []

    def cancel(sig: int, _frame: object) -> None:
        if received:  # a second signal: leave now
            raise SystemExit(_signal_code(received[0]))
        received.append(sig)
        sock.settimeout(_CANCEL_WAIT)
        with contextlib.suppress(OSError):
            protocol.send_message(sock, {"op": "cancel", "signal": sig})

    previous = {sig: signal.signal(sig, cancel) for sig in _SIGNALS}
    buffer = bytearray()
    try:
        protocol.send_message(sock, message, tuple(_stdio()))
        while True:
            reply = protocol.read_message(sock, buffer)
            if reply is None:
                break
            if "accepted" in reply:
                accepted = True
            elif "exit" in reply:
                return int(reply["exit"])  # type: ignore[call-overload]
            elif "stale" in reply or "fallback" in reply:
                if received:  # stopped before it began: not run anywhere
                    break
                return "stale" if "stale" in reply else None
    except (OSError, ValueError):
        pass
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if received:  # the daemon did not say how it ended: say it as the command line does
        if received[0] != signal.SIGINT:
            print(f"orchestrator: stopped by {signal.Signals(received[0]).name}", file=sys.stderr)
        return _signal_code(received[0])
    if not accepted:
        return None  # it died before it took the request: nothing done, run it here
    print(
        "orchestrator: the orchestrator daemon stopped during the request; it may have been "
        "partly done (see `orchestrator daemon status`)",
        file=sys.stderr,
    )
    return 1


def _signal_code(sig: int) -> int:
    """The command line's exit code for a signal: 130 for SIGINT, 143 for SIGTERM and SIGHUP."""
    return 130 if sig == signal.SIGINT else 143


def _daemon_command(command: str) -> int:
    """`orchestrator daemon status|stop`: every daemon of this user."""
    folder = protocol.runtime_folder()
    names = sorted(n for n in os.listdir(folder) if n.endswith(".sock")) if folder else []
    found = 0
    for name in names:
        path = os.path.join(folder or "", name)
        sock = _connect(path)
        if sock is None:
            _unlink(path)  # stale: its daemon is gone
            continue
        with sock:
            sock.settimeout(_CANCEL_WAIT)
            try:
                protocol.send_message(sock, {"op": command})
                reply = protocol.read_message(sock, bytearray())
                if command == "stop":  # it closes the connection once its servers stopped
                    while sock.recv(4096):
                        pass
            except (OSError, ValueError):
                continue
        if reply is None:
            continue
        found += 1
        if command == "stop":
            print(f"stopped the orchestrator daemon (pid {reply.get('pid')})")
        else:
            print(_status_line(reply))
    if not found:
        print("no orchestrator daemon is running")
    return 0


def _status_line(reply: dict[str, object]) -> str:
    warm = reply.get("warm") or []
    servers = ", ".join(str(s) for s in warm) if isinstance(warm, list) and warm else "none"
    retried = reply.get("retried") or []
    down = ", ".join(str(s) for s in retried) if isinstance(retried, list) else ""
    line = (
        f"pid {reply.get('pid')}: {reply.get('cwd')}; up {reply.get('up')}s, idle "
        f"{reply.get('idle')}s (exits after {reply.get('idle_limit')}s); "
        f"{reply.get('requests')} request{'' if reply.get('requests') == 1 else 's'}; "
        f"warm servers: {servers}" + (f"; down: {down}" if down else "")
    )
    sets = reply.get("sets")
    if not isinstance(sets, list) or len(sets) < 2:
        return line  # one set of servers (or none): the line says it
    return "\n  ".join(
        [
            f"{line}; {len(sets)} warm sets of servers (one per set of options; at most "
            f"{reply.get('kept')} kept between requests):",
            *(_set_line(one) for one in sets if isinstance(one, dict)),
        ]
    )


def _set_line(one: dict[str, object]) -> str:
    """One warm set: the options it is for, its servers, and what keeps it."""
    servers, down, tasks = one.get("servers"), one.get("down"), one.get("tasks")
    names = ", ".join(map(str, servers)) if isinstance(servers, list) and servers else "none"
    line = f"{one.get('options')}: {names}"
    if isinstance(down, list) and down:
        line += f"; down: {', '.join(map(str, down))}"
    if one.get("busy"):
        line += " (answering a request)"
    if isinstance(tasks, int) and tasks == 1:
        line += " (kept until its task left running ends)"
    elif isinstance(tasks, int) and tasks:
        line += f" (kept until its {tasks} tasks left running end)"
    return line
