"""The warm orchestrator: one process per user, working directory and environment
(`_protocol.env_key`), that keeps the `Orchestrator`s it started (their servers, sessions and
the provider's client) between one-shot requests.

Each request runs the command line's own code (`orchestrator.cli._ask`) with the caller's
stdin, stdout and stderr (`_routes`), on a warm `Orchestrator` lent for that request only: one
per set of options that shape it (config file, `--server`, provider, model and its retries,
`--yes`, `--no-cache`, `--detach`, whether the caller can be asked anything: `Shape`), since
they are bound when it starts. Two requests at once with the same options take turns on one
(a set being started is waited for, not started twice); only one that waited `_pool._SHARE_WAIT`
for a set up and busy gets another, not kept beside its twin. At most `KEPT` are kept between
requests: beyond, the least recently used is closed (its servers stopped). A fresh session
each time: no conversation carries over. The warnings of loading the config (loaded once) are
said at each request, on the caller's stderr, as the command line says them at each run.

The servers down (or withdrawn) when a request comes are started again first, as a new run
would (`Discovery.retry_down`); one whose last start failed slowly (it hung) is started again
only in the background, with a growing backoff, and the requests meanwhile go on without it
(`daemon status` names it). A request cancelled by its client (Ctrl-C, SIGTERM, a lost
connection) ends as in the command line, and its orchestrator is closed, not lent again; so is
one whose request gave up on a call still under way (`--timeout`), so that the call ends in its
server as the command's exit would end it. The orchestrator's progress and task handlers relay
to the request it is lent to; a task that request left running (`--detach`) keeps the
orchestrator, its servers and the daemon up until the task ends.

It stops (every server with it) when a client asks (`orchestrator daemon stop`), on SIGTERM,
SIGINT or SIGHUP, after `daemon_idle_seconds` unused, and when a request finds it out of date:
another package version, or its config file (or the secrets file beside it) changed; that
client then starts a new one. A config with `daemon: false` leaves a marker for the clients
(`_protocol.DaemonPaths.off`) and the daemon goes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from orchestrator import tracing
from orchestrator.daemon import _protocol as protocol
from orchestrator.daemon._pool import KEPT, Pool, Shape, lent
from orchestrator.daemon._routes import ROUTE, Route, install

if TYPE_CHECKING:
    from orchestrator.config import Settings

__all__ = ["serve"]

logger = logging.getLogger("orchestrator.daemon")


class Daemon:
    def __init__(self, paths: protocol.DaemonPaths, version: str, key: str) -> None:
        self.paths = paths
        self.version = version
        self.key = key
        self.pool = Pool(self._task_ended)
        self.prints: dict[str, list[list[object]]] = {}  # config file -> its files' stamps
        self.loaded: dict[tuple[str, tuple[str, ...]], _Loaded] = {}  # by config, --server
        self.idle_limit = 600.0
        self.started = self.last = time.monotonic()
        self.requests = 0
        self.active: set[asyncio.Task[Any]] = set()
        self.looked_at: set[asyncio.Task[Any]] = set()  # connections that only asked the status
        self.stopping = asyncio.Event()
        self.touched = asyncio.Event()  # a connection ended
        self.socket_inode: int | None = None
        self.stopped: list[socket.socket] = []  # told once every server has stopped

    # -- life ----------------------------------------------------------------------------
    async def run(self, ready_fd: int | None) -> None:
        loop = asyncio.get_running_loop()
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        # Bound under another name and renamed once it listens: a client (or `daemon status`)
        # that finds the socket can connect, and never takes a socket still starting for a
        # stale one and removes it.
        unready = self.paths.unready_socket
        with contextlib.suppress(OSError):
            os.unlink(unready)
        old = os.umask(0o177)
        try:
            listener.bind(unready)
        finally:
            os.umask(old)
        os.chmod(unready, 0o600)
        self.socket_inode = os.stat(unready).st_ino
        listener.listen(64)
        listener.setblocking(False)
        os.rename(unready, self.paths.socket)
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            loop.add_signal_handler(sig, self.stop)
        if ready_fd is not None:
            os.write(ready_fd, b"ready\n")
            os.close(ready_fd)
        accept = loop.create_task(self._accept(listener))
        idle = loop.create_task(self._idle())
        try:
            await self.stopping.wait()
        finally:
            self._unlink()
            accept.cancel()
            idle.cancel()
            for task in list(self.active):
                task.cancel()
            await asyncio.gather(accept, idle, *self.active, return_exceptions=True)
            await self.pool.close_all()
            listener.close()
            for conn in self.stopped:
                conn.close()

    def stop(self) -> None:
        self._unlink()  # a new client starts a new daemon at once, not this one
        self.stopping.set()

    def _unlink(self) -> None:
        """Remove our socket file (not one a newer daemon bound since)."""
        with contextlib.suppress(OSError):
            if os.stat(self.paths.socket).st_ino == self.socket_inode:
                os.unlink(self.paths.socket)

    async def _idle(self) -> None:
        """Stop after `idle_limit` with no connection (each one's end starts it again)."""
        while not self.stopping.is_set():  # (a cancel that came as a connection ended is
            # lost in `wait_for` on Python 3.11: stopping, this returns all the same)
            self.touched.clear()
            left = self.last + self.idle_limit - time.monotonic()
            busy = bool(self.active) or self.pool.holding()  # a request, or a task left running
            if left <= 0 and not busy:
                logger.info("unused for %gs: stopping", self.idle_limit)
                self.stop()
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.touched.wait(), None if busy else left)

    def _task_ended(self) -> None:
        self.last = time.monotonic()
        self.touched.set()

    def _ended(self, task: asyncio.Task[Any]) -> None:
        self.active.discard(task)
        if task in self.looked_at:  # `daemon status` is no use: it keeps nothing warm
            self.looked_at.discard(task)
        else:
            self.last = time.monotonic()
        self.touched.set()

    async def _accept(self, listener: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            conn, _ = await loop.sock_accept(listener)
            task = loop.create_task(self._connection(conn))
            self.active.add(task)
            task.add_done_callback(self._ended)

    # -- one connection ------------------------------------------------------------------
    async def _connection(self, conn: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        files: list[IO[str]] = []
        try:
            message, fds, rest = await _first_message(loop, conn)
            op = message.get("op")
            if op == "status":
                task = asyncio.current_task()
                if task is not None:
                    self.looked_at.add(task)
                await _send(loop, conn, self._status())
            elif op == "stop":
                await _send(loop, conn, {"pid": os.getpid()})
                self.stopped.append(conn)  # closed once every server stopped (`run`)
                self.stop()
            elif op == "ask":
                files = _open_files(fds, message.get("encodings"))
                fds = []
                await self._ask(loop, conn, message, files, rest)
        except Exception:
            logger.exception("a connection failed")
        finally:
            for fd in fds:
                with contextlib.suppress(OSError):
                    os.close(fd)
            for file in files:
                with contextlib.suppress(OSError):
                    file.close()
            if conn not in self.stopped:
                conn.close()

    def _status(self) -> dict[str, Any]:
        now = time.monotonic()
        sets = self._sets()
        return {
            "pid": os.getpid(),
            "cwd": os.getcwd(),
            "up": round(now - self.started),
            "idle": round(now - self.last),
            "idle_limit": self.idle_limit,
            "requests": self.requests,
            "warm": sorted({name for one in sets for name in one["servers"]}),
            "retried": sorted({name for one in sets for name in one["down"]}),
            "sets": sets,
            "kept": KEPT,
        }

    def _sets(self) -> list[dict[str, Any]]:
        """Each warm orchestrator: the options it is for, its servers running (a cached one not
        started, a down one: not), those down after a slow start and retried in the background,
        and whether a request has it or tasks left running keep it."""
        every = [*self.pool.warm, *self.pool.retired]
        configs = {w.shape.config for w in every}
        return [
            {
                "options": warm.shape.flags(config=len(configs) > 1),
                **warm.servers(),
                "busy": warm.busy,
                "tasks": len(warm.following),
            }
            for warm in every
        ]

    async def _ask(
        self,
        loop: asyncio.AbstractEventLoop,
        conn: socket.socket,
        message: dict[str, Any],
        files: list[IO[str]],
        rest: bytearray,
    ) -> None:
        if message.get("version") != self.version or message.get("key") != self.key:
            # Our socket goes before the client hears "stale": it reconnects at once, and must
            # find no daemon (and start a new one), not this one again on its way out.
            self.stop()
            await _send(loop, conn, {"stale": "version"})
            return
        self.requests += 1
        decided = self._decide(list(message.get("argv") or []))  # prints nothing to the caller
        if isinstance(decided, str):
            await _send(loop, conn, {decided: True})
            return
        route = Route()
        route.files = dict(zip(("stdin", "stdout", "stderr"), files, strict=True))
        ROUTE.set(route)
        loaded, args, request = decided
        await _send(loop, conn, {"accepted": True})
        received: list[int] = []
        work = loop.create_task(self._answer(loaded, args, request, received))
        watch = loop.create_task(_cancels(loop, conn, rest, work, received))
        try:
            code = await work
        finally:
            watch.cancel()
            await asyncio.gather(watch, return_exceptions=True)
        for file in files[1:]:
            with contextlib.suppress(OSError):
                file.flush()
        with contextlib.suppress(OSError):
            await _send(loop, conn, {"exit": code})
        # The request's spans leave now, as a one-shot's do at its exit (not some seconds later,
        # with the next batch), once its caller has its answer.
        await asyncio.to_thread(tracing.flush)

    def _decide(self, argv: list[str]) -> str | tuple[_Loaded, argparse.Namespace, str]:
        """The request to answer here, or what the client is to do: "fallback" (run it
        yourself), "stale" (this daemon is out of date and goes: start a new one)."""
        from orchestrator import commands
        from orchestrator.cli import SUBCOMMANDS, build_parser
        from orchestrator.config import find_config, load_config
        from orchestrator.errors import OrchestratorError

        try:
            args = build_parser().parse_args(argv)
        except SystemExit:
            return "fallback"  # the command line says what is wrong, as before
        words = args.request
        if args.verbose or not words or (len(words) == 1 and words[0] in SUBCOMMANDS):
            return "fallback"
        try:
            source = str(find_config(args.config).resolve())
        except OrchestratorError:
            return "fallback"  # the command line reports it
        from orchestrator._dialects import secrets_files

        stamps = protocol.file_prints([source, *map(str, secrets_files(Path(source)))])
        if self.prints.setdefault(source, stamps) != stamps:
            logger.info("%s changed: restarting", source)
            self.stop()
            return "stale"
        key = (source, tuple(args.server))
        loaded = self.loaded.get(key)
        if loaded is None:
            try:
                with _said() as said:  # its warnings: each request says them, as in process
                    settings = load_config(source, servers=args.server or None)
            except OrchestratorError:
                return "fallback"
            loaded = self.loaded[key] = _Loaded(settings, tuple(said))
        settings = loaded.settings
        self.idle_limit = settings.orchestrator.daemon_idle_seconds
        if not settings.orchestrator.daemon:
            self._turn_off(args.config, stamps)
            return "fallback"
        request = " ".join(words).strip()
        if (
            not request
            or commands.parse(words, settings) is not None
            or commands.mistyped(words, settings) is not None
        ):
            return "fallback"
        return loaded, args, request

    def _turn_off(self, config: str | None, stamps: list[list[object]]) -> None:
        """Leave the clients a marker (this `--config`, these files as they are now) and go."""
        with contextlib.suppress(OSError), open(self.paths.off, "w", encoding="utf-8") as file:
            json.dump({"config": config, "files": stamps}, file)
        self.stop()

    async def _answer(
        self, loaded: _Loaded, args: argparse.Namespace, request: str, received: list[int]
    ) -> int:
        """`cli._ask` on a warm orchestrator, ending as `cli.main` does."""
        from orchestrator.cli import EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, EXIT_TERMINATED, _ask
        from orchestrator.errors import OrchestratorError

        settings = loaded.settings
        for record in loaded.said:  # on the caller's stderr, as `cli.main`'s loading says them
            logging.getLogger(record.name).handle(record)
        shape = Shape.of(settings, args, request)

        def make(settings: Settings, args: argparse.Namespace, **asking: Any) -> Any:
            return lent(self.pool, shape, settings, args, asking)

        try:
            # Tracing set up before the request's `orchestrator` span, as `cli.main` does (not
            # on the first warm orchestrator's entry, inside it): that span is the request's
            # root, and the warm orchestrator, its servers' starts and its cache lookups, all
            # entered in the request's context, are under it.
            tracing.configure(settings)
            return await _ask(settings, args, request, make=make)
        except OrchestratorError as exc:
            print(f"orchestrator: {exc}", file=sys.stderr)
            return exc.exit_code
        except BrokenPipeError:  # the caller's reader went away (`| head -1`): end quietly
            return EXIT_BROKEN_PIPE
        except asyncio.CancelledError:
            sig = received[0] if received else signal.SIGINT
            if sig == signal.SIGINT:
                return EXIT_INTERRUPTED
            print(f"orchestrator: stopped by {signal.Signals(sig).name}", file=sys.stderr)
            return EXIT_TERMINATED


@dataclass(frozen=True)
class _Loaded:
    """A config as loaded once (`--config`, `--server`), with the warnings its loading logged
    (keys not used here, ...), which the command line says at each run."""

    settings: Settings
    said: tuple[logging.LogRecord, ...]


class _Keeper(logging.Handler):
    """Keeps the records this thread logs while it is the root logger's."""

    def __init__(self) -> None:
        super().__init__()
        self.thread = threading.get_ident()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self.thread:
            self.records.append(record)


@contextlib.contextmanager
def _said() -> Iterator[list[logging.LogRecord]]:
    """The records logged in this thread inside the block, at the levels the daemon's log
    shows (those the command line shows on stderr: it never runs with `-v` here)."""
    keeper = _Keeper()
    root = logging.getLogger()
    root.addHandler(keeper)
    try:
        yield keeper.records
    finally:
        root.removeHandler(keeper)


def _open_files(fds: list[int], encodings: Any) -> list[IO[str]]:
    modes = ("r", "w", "w")
    found = []
    for i, fd in enumerate(fds[:3]):
        encoding, errors = ("utf-8", "strict")
        if isinstance(encodings, list) and i < len(encodings):
            encoding, errors = encodings[i][0], encodings[i][1]
        found.append(
            open(fd, modes[i], encoding=encoding, errors=errors, closefd=True)  # noqa: SIM115
        )
    return found


async def _first_message(
    loop: asyncio.AbstractEventLoop, conn: socket.socket
) -> tuple[dict[str, Any], list[int], bytearray]:
    """The client's first message with the descriptors sent along (its stdio)."""
    buffer = bytearray()
    fds: list[int] = []
    while b"\n" not in buffer:
        readable: asyncio.Future[None] = loop.create_future()
        loop.add_reader(conn.fileno(), _settle, readable)
        try:
            await readable
        finally:
            loop.remove_reader(conn.fileno())
        try:
            data, more, _, _ = socket.recv_fds(conn, 65536, 3)
        except BlockingIOError:
            continue
        fds.extend(more)
        if not data:
            raise ConnectionError("the client closed the connection before its request")
        buffer += data
    line, _, rest = bytes(buffer).partition(b"\n")
    message = json.loads(line)
    if not isinstance(message, dict):
        raise ValueError("a message is a JSON object")
    return message, fds, bytearray(rest)


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


async def _send(
    loop: asyncio.AbstractEventLoop, conn: socket.socket, message: dict[str, Any]
) -> None:
    await loop.sock_sendall(conn, json.dumps(message).encode() + b"\n")


async def _cancels(
    loop: asyncio.AbstractEventLoop,
    conn: socket.socket,
    rest: bytearray,
    work: asyncio.Task[int],
    received: list[int],
) -> None:
    """Cancel `work` when the client says so (its Ctrl-C or SIGTERM) or goes away."""
    buffer = rest
    while True:
        while b"\n" in buffer:
            line, _, tail = bytes(buffer).partition(b"\n")
            buffer = bytearray(tail)
            with contextlib.suppress(ValueError):
                message = json.loads(line)
                if isinstance(message, dict) and message.get("op") == "cancel":
                    received.append(int(message.get("signal") or signal.SIGINT))
                    work.cancel()
        try:
            chunk = await loop.sock_recv(conn, 4096)
        except OSError:
            chunk = b""
        if not chunk:
            received.append(signal.SIGHUP)
            work.cancel()
            return
        buffer += chunk


def serve(ready_fd: int | None = None) -> None:
    """The daemon's whole life (`python -m orchestrator.daemon [READY_FD]`)."""
    from orchestrator.cli import _setup_logging

    paths = protocol.daemon_paths(os.environ, os.getcwd())
    if paths is None:
        raise SystemExit("orchestrator daemon: no private folder for its socket")
    version = protocol.code_version()
    install()
    _setup_logging(0)
    daemon = Daemon(paths, version, paths.name)
    asyncio.run(daemon.run(ready_fd))
