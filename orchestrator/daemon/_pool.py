"""The warm orchestrators a daemon keeps between requests (`_Pool`), each bound to the options
that shape it from its start (`Shape`) and held open by its own task (`_Warm`); `lent` gives one
to a request and takes it back. The rules (which request shares which, how many are kept, when
one is closed rather than lent again) are said in `orchestrator.daemon._server`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from orchestrator.daemon._routes import ROUTE, Route
from orchestrator.errors import RequestError, UsageError

if TYPE_CHECKING:
    from orchestrator.config import Settings
    from orchestrator.core import Orchestrator
    from orchestrator.handlers import ClientHandlers, Progress
    from orchestrator.result import ToolCall
    from orchestrator.tasks import TaskEntry, TaskPolicy

__all__ = ["KEPT", "Pool", "Shape", "lent"]

logger = logging.getLogger("orchestrator.daemon")

_ASKING = ("elicit", "approve_sampling", "authorize")
_CLOSE_WAIT = 20.0
KEPT = 3  # warm orchestrators kept between requests; beyond, the least recently used closes
_SHARE_WAIT = 10.0  # seconds a request waits for the busy set of its options, once that is up


@dataclass(frozen=True)
class Shape:
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
    def of(cls, settings: Settings, args: argparse.Namespace, request: str) -> Shape:
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

    shape: Shape
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


class Pool:
    def __init__(self, touched: Callable[[], None] = lambda: None) -> None:
        self.warm: list[_Warm] = []
        self.retired: list[_Warm] = []  # not lent again; closed when their tasks end
        self.touched = touched  # a task it followed ended: the daemon may be idle now
        self.freed = asyncio.Event()  # set (and replaced) when a request gives one back

    async def lend(self, shape: Shape, settings: Settings, args: argparse.Namespace,
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
        for unused in idle[: max(0, len(idle) - KEPT)]:  # the least recently used
            logger.info("more than %d kept: closing %s", KEPT, unused.shape.flags(config=True))
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
async def lent(
    pool: Pool, shape: Shape, settings: Settings, args: argparse.Namespace,
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


def _asking_key(args: argparse.Namespace, request: str) -> bool:
    from orchestrator.commands import asking_options

    return bool(asking_options(args, request))
