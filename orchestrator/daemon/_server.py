"""The warm orchestrator: one process per user, working directory and environment
(`_protocol.env_key`), that keeps the `Orchestrator`s it started (their servers, sessions and
the provider's client) between one-shot requests.

Each request runs the command line's own code (`orchestrator.cli._ask`) with the caller's
stdin, stdout and stderr (`_routes`), on a warm `Orchestrator` lent for that request only: one
per set of options that shape it (config file, `--server`, provider, model and its retries,
`--yes`, `--no-cache`, `--detach`, whether the caller can be asked anything: `_Shape`), since
they are bound when it starts. Two requests at once with the same options take turns on one
(a set being started is waited for, not started twice); only one that waited `_SHARE_WAIT`
for a set up and busy gets another, not kept beside its twin. At most `_KEPT` are kept between
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
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from orchestrator import tracing
from orchestrator.daemon import _protocol as protocol
from orchestrator.daemon._routes import ROUTE, Route, install
from orchestrator.errors import RequestError, UsageError

if TYPE_CHECKING:
    from orchestrator.config import Settings
    from orchestrator.core import Orchestrator
    from orchestrator.handlers import ClientHandlers, Progress
    from orchestrator.result import ToolCall
    from orchestrator.tasks import TaskEntry, TaskPolicy

__all__ = ["serve"]

logger = logging.getLogger("orchestrator.daemon")
_ASKING = ("elicit", "approve_sampling", "authorize")
_CLOSE_WAIT = 20.0
_KEPT = 3  # warm orchestrators kept between requests; beyond, the least recently used closes
_SHARE_WAIT = 10.0  # seconds a request waits for the busy set of its options, once that is up


@dataclass(frozen=True)
class _Shape:
    """What a warm `Orchestrator` is bound to from its start, so that a request is lent one of
    its own shape only: its settings (config file, `--server`), its model (provider, model, and
    the retry policy made of `--provider-attempts` and `--provider-timeout`), whether calls
    that change data are approved (`--yes`, in its tool runner), how its servers start and list
    their tools (`--no-cache`), the client capabilities its servers were initialized with
    (whether the caller can be asked: elicitation, sampling, sign-in) and whether a tool that
    offers tasks is called as one (`--detach`). Not `--no-early-start`: it only says when a
    cold start spawns the servers, and a warm one's are up; not `--timeout` (set per request)."""

    config: str
    servers: tuple[str, ...]
    provider: str | None
    model: str | None
    yes: bool
    catalogue_cache: bool | None
    provider_attempts: int | None
    provider_timeout: float | None
    asking: bool
    detach: bool

    @classmethod
    def of(cls, settings: Settings, args: argparse.Namespace, request: str) -> _Shape:
        return cls(
            str(settings.source), tuple(args.server), args.provider, args.model, args.yes,
            args.catalogue_cache, args.provider_attempts, args.provider_timeout,
            _asking_key(args, request), bool(args.detach),
        )  # fmt: skip

    def flags(self, config: bool) -> str:
        """The options as the command line says them (`config`: with its `--config`)."""
        words = [f"--config {self.config}"] if config else []
        words += [f"--server {name}" for name in self.servers]
        if self.provider is not None:
            words.append(f"--provider {self.provider}")
        if self.model is not None:
            words.append(f"--model {self.model}")
        if self.yes:
            words.append("--yes")
        if self.catalogue_cache is False:
            words.append("--no-cache")
        if self.provider_attempts is not None:
            words.append(f"--provider-attempts {self.provider_attempts}")
        if self.provider_timeout is not None:
            words.append(f"--provider-timeout {self.provider_timeout:g}")
        if self.detach:
            words.append("--detach")
        asked = "asked" if self.asking else "declined"
        return f"{' '.join(words) or 'no options'} (servers' questions {asked})"


@dataclass(eq=False)
class _Warm:
    """One warm `Orchestrator`, held open by its own task (the MCP SDK's task groups are left
    by the task that entered them)."""

    shape: _Shape
    route: Route = field(default_factory=Route)
    asking: dict[str, Any] = field(default_factory=dict)
    handlers: ClientHandlers | None = None  # the current request's progress and task policy
    calls: list[ToolCall] = field(default_factory=list)  # the current request's, as told
    ran: list[ToolCall] = field(default_factory=list)  # those of them that ran to an outcome
    left: list[TaskEntry] = field(default_factory=list)  # its tasks left running (--detach)
    following: set[asyncio.Task[None]] = field(default_factory=set)  # those tasks, until done
    orch: Orchestrator | None = None
    failed: BaseException | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    ready_at: float = 0.0  # when it was up (or failed): `time.monotonic()`
    closing: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    busy: bool = False
    served: bool = False  # a request had it: its servers down are tried again for the next
    retired: bool = False  # closed once the tasks it follows have ended

    def trampolines(self) -> dict[str, Any]:
        """Callbacks for what a server asks, answered as the current request would."""

        def relay(name: str) -> Any:
            async def call(*args: Any) -> Any:
                return await self.asking[name](*args)

            return call

        return {name: relay(name) for name in _ASKING}

    def relays(self, detach: bool) -> dict[str, Any]:
        """The orchestrator's own handlers and observer, which tell the current request: the
        servers' progress (its progress line), the tasks it leaves running (`--detach`: its
        task store, and the daemon follows them) and the calls it makes (`abandoned`)."""
        from orchestrator.handlers import ClientHandlers
        from orchestrator.tasks import TaskPolicy

        def progress(report: Progress) -> None:
            show = self.handlers.progress if self.handlers is not None else None
            if show is not None:
                show(report)

        def record(entry: TaskEntry) -> None:
            policy: TaskPolicy | None = self.handlers.tasks if self.handlers is not None else None
            if policy is not None and policy.record is not None:
                policy.record(entry)
            self.left[:] = [e for e in self.left if e.task_id != entry.task_id] + [entry]

        tasks = TaskPolicy(wait_seconds=0, record=record) if detach else None
        return {
            "handlers": ClientHandlers(progress=progress, tasks=tasks),
            "on_tool_call": self.calls.append,
            "on_tool_result": self.ran.append,
        }

    def servers(self) -> dict[str, list[str]]:
        """Its servers running (a cached one not started, a down one: not), and those down after
        a slow start, retried in the background (with when)."""
        if self.orch is None or self.failed is not None or self.closing.is_set():
            return {"servers": [], "down": []}
        discovery = self.orch.discovery
        reports = discovery.reports.items()
        return {
            "servers": sorted(name for name, report in reports if report.state == "up"),
            "down": sorted(
                f"{name} ({note})"
                for name, report in reports
                if report.state in ("down", "withdrawn")
                and (note := discovery.retry_note(name)) is not None
            ),
        }

    def abandoned(self) -> bool:
        """Whether the request gave up on a call still under way (`--timeout`): told, never
        ran to an outcome (the session records such a call as an `error` that may or may not
        have been done). Its server may go on with it (a stateless HTTP server does not hear
        `notifications/cancelled`): only closing the connection stops it there."""
        return any(
            call.status not in ("not_executed", "started") and all(call is not r for r in self.ran)
            for call in self.calls
        )

    async def hold(self, orch: Orchestrator) -> None:
        ROUTE.set(self.route)  # this task's context: the servers' tasks inherit it
        try:
            async with orch:
                self.orch = orch
                self.ready_at = time.monotonic()
                self.ready.set()
                await self.closing.wait()
        except Exception as exc:  # reported to the request waiting for it
            self.failed = exc
        finally:
            if not self.ready.is_set():
                self.ready_at = time.monotonic()
            self.ready.set()


class _Pool:
    def __init__(self, touched: Callable[[], None] = lambda: None) -> None:
        self.warm: list[_Warm] = []
        self.retired: list[_Warm] = []  # not lent again; closed when their tasks end
        self.touched = touched  # a task it followed ended: the daemon may be idle now
        self.freed = asyncio.Event()  # set (and replaced) when a request gives one back

    async def lend(self, shape: _Shape, settings: Settings, args: argparse.Namespace,
                   asking: dict[str, Any]) -> _Warm:  # fmt: skip
        """The set of servers for `shape`, for one request. Requests with the same options
        share one: a set being started is waited for, and one busy with another request is
        waited for until it is given back (a one-shot's answer), or for `_SHARE_WAIT` once it
        is up; only a request still waiting then gets a set of its own (a long request does
        not hold up the others), closed when given back beside an identical one unused."""
        while True:
            same = [w for w in self.warm if w.shape == shape and w.failed is None]
            for warm in reversed(same):  # the most recently used first
                if not warm.busy:
                    warm.busy = True
                    return warm
            starting = [w for w in same if not w.ready.is_set()]
            if starting:
                await starting[0].ready.wait()
                continue
            left = max((w.ready_at + _SHARE_WAIT for w in same), default=0) - time.monotonic()
            if left <= 0:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.freed.wait(), left)
        from orchestrator.cli import _orchestrator

        warm = _Warm(shape, busy=True)
        extra = warm.trampolines() if asking else {}
        orch = _orchestrator(settings, args, **extra, **warm.relays(bool(args.detach)))
        warm.task = asyncio.get_running_loop().create_task(warm.hold(orch))
        self.warm.append(warm)
        return warm

    def give_back(self, warm: _Warm, keep: bool) -> None:
        self.freed.set()  # the requests waiting for it look again
        self.freed = asyncio.Event()
        warm.busy = False
        warm.served = warm.served or warm.orch is not None
        warm.asking = {}
        warm.handlers = None
        warm.calls.clear()
        warm.ran.clear()
        left, warm.left = [e for e in warm.left if not e.done], []
        warm.route.clear()
        if warm.orch is not None and warm.failed is None:
            for entry in left:
                self._follow(warm, entry)
        if not keep or warm.failed is not None or warm not in self.warm:  # (or stopping)
            self.close(warm)
            return
        self.warm.remove(warm)  # the most recently used: last
        self.warm.append(warm)
        for twin in [w for w in self.warm if w.shape == warm.shape and w is not warm]:
            if not twin.busy:  # one set per set of options is kept
                self.close(twin)
        idle = [w for w in self.warm if not w.busy]
        for unused in idle[: max(0, len(idle) - _KEPT)]:  # the least recently used
            logger.info("more than %d kept: closing %s", _KEPT, unused.shape.flags(config=True))
            self.close(unused)

    def _follow(self, warm: _Warm, entry: TaskEntry) -> None:
        """Keep `warm` (its servers) open until the task `entry` left running has ended: it may
        live in a stdio server's process, which closing would stop."""
        task = asyncio.get_running_loop().create_task(_until_ended(warm, entry))
        warm.following.add(task)

        def ended(done: asyncio.Task[None]) -> None:
            warm.following.discard(done)
            if not warm.following and warm.retired:
                self.close(warm)
            self.touched()

        task.add_done_callback(ended)

    def holding(self) -> bool:
        """Whether tasks left running are followed (the daemon is not idle)."""
        return any(w.following for w in (*self.warm, *self.retired))

    def close(self, warm: _Warm) -> None:
        if warm in self.warm:
            self.warm.remove(warm)
        if warm.following:  # its tasks run on: closed when they end (`_follow`)
            warm.retired = True
            if warm not in self.retired:
                self.retired.append(warm)
            return
        if warm in self.retired:
            self.retired.remove(warm)
        warm.closing.set()

    async def close_all(self) -> None:
        every = [*self.warm, *self.retired]
        tasks = [w.task for w in every if w.task is not None]
        for warm in every:
            for follower in list(warm.following):
                follower.cancel()
            warm.following.clear()
            self.close(warm)
        if tasks:
            await asyncio.wait(tasks, timeout=_CLOSE_WAIT)


async def _until_ended(warm: _Warm, entry: TaskEntry) -> None:
    """Ask `entry`'s server how its task is, at the interval it asks for, until it has ended or
    the server cannot say (it stopped)."""
    from orchestrator import _task_wire as wire

    state = wire.TaskState(entry.task_id, entry.status)
    try:
        while not state.done and warm.orch is not None:
            await asyncio.sleep(state.poll_seconds)
            client = warm.orch.discovery.connection(entry.server).client
            if client is None:
                return
            state = await wire.get(client, entry.task_id)
    except Exception as exc:  # the server went, or no longer knows the task
        logger.info("task %s on %s: no longer followed: %s", entry.task_id, entry.server, exc)


@contextlib.asynccontextmanager
async def _lent(
    pool: _Pool, shape: _Shape, settings: Settings, args: argparse.Namespace,
    asking: dict[str, Any],
) -> AsyncIterator[Orchestrator]:  # fmt: skip
    """A warm orchestrator for one request, what `cli._ask` enters in place of a new one."""
    asking = dict(asking)
    handlers = asking.pop("handlers", None)
    warm = await pool.lend(shape, settings, args, asking)
    keep = False
    try:
        warm.asking = asking
        route = ROUTE.get()
        if route is not None:
            warm.route.assign(route)
        await warm.ready.wait()
        if warm.failed is not None:
            raise warm.failed
        assert warm.orch is not None
        if warm.served:  # as a new run would, not the last request's "down" again
            await warm.orch.discovery.retry_down()
        warm.orch.timeout = args.timeout
        warm.orch.server_requests.clear()
        warm.handlers = handlers
        yield warm.orch
        keep = not warm.abandoned()  # closed, as the one-shot's would be: its call ends there
    except (RequestError, UsageError, BrokenPipeError):
        keep = not warm.abandoned()  # the request failed (a server refused it, its reader
        raise  # went), not the orchestrator: it stays warm
    except (TimeoutError, asyncio.CancelledError):
        keep = warm.orch is None  # still starting: the next request takes it over
        raise
    finally:
        pool.give_back(warm, keep)


class Daemon:
    def __init__(self, paths: protocol.DaemonPaths, version: str, key: str) -> None:
        self.paths = paths
        self.version = version
        self.key = key
        self.pool = _Pool(self._task_ended)
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
        old = os.umask(0o177)
        try:
            listener.bind(self.paths.socket)
        finally:
            os.umask(old)
        os.chmod(self.paths.socket, 0o600)
        self.socket_inode = os.stat(self.paths.socket).st_ino
        listener.listen(64)
        listener.setblocking(False)
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
        while True:
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
            "kept": _KEPT,
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
        shape = _Shape.of(settings, args, request)

        def make(settings: Settings, args: argparse.Namespace, **asking: Any) -> Any:
            return _lent(self.pool, shape, settings, args, asking)

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


def _asking_key(args: argparse.Namespace, request: str) -> bool:
    from orchestrator.commands import asking_options

    return bool(asking_options(args, request))


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
