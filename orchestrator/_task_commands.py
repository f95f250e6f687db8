"""`orchestrator tasks`: the tasks this user's calls started (`orchestrator.tasks.TaskStore`),
listed; `orchestrator tasks result ID` waits for one (its status as progress on a terminal) and
prints the tool's result; `orchestrator tasks cancel ID` cancels one. Both start only the task's
server, with no model.

The listing asks the servers of the tasks not ended yet how they are now (``tasks/get``), each
server at the same time and within `FRESH_SECONDS` (its start and its answers), and keeps what
they say; a task whose server cannot be reached (or is no longer in the config) is shown with
its status as last seen, marked stale with the reason (`stale` in `--json`)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from orchestrator.errors import ConfigError, OrchestratorError, UsageError
from orchestrator.tasks import TaskEntry, TaskStore, endpoint_of

if TYPE_CHECKING:
    from orchestrator.config import Settings
    from orchestrator.core import Orchestrator

__all__ = ["FRESH_SECONDS", "VERBS", "run_tasks"]

VERBS = ("list", "result", "cancel")
FRESH_SECONDS = 5.0  # how long a server has, in a listing, to start and say how its tasks are
MakeOrchestrator = Callable[..., AbstractAsyncContextManager["Orchestrator"]]


def _ago(moment: float) -> str:
    seconds = max(0, int(time.time() - moment))
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{seconds // size}{unit} ago"
    return f"{seconds}s ago"


def _listing(entries: list[TaskEntry], stale: dict[str, str], as_json: bool) -> None:
    """The tasks, newest first; ``stale``: why a task's status is as last seen (by task id)."""
    if as_json:
        found = [{**e.__dict__, "stale": stale.get(e.task_id)} for e in entries]
        print(json.dumps(found, ensure_ascii=False))
        return
    if not entries:
        print("no tasks yet (a tool call made as a task is kept here)")
        return
    rows = [("SERVER", "TOOL", "ID", "STATUS", "STARTED")] + [
        (e.server, e.tool, e.task_id, e.status + (" (stale)" if e.task_id in stale else ""),
         _ago(e.created))
        for e in entries
    ]  # fmt: skip
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:4])) + "  " + row[4])
    for reason in dict.fromkeys(stale[e.task_id] for e in entries if e.task_id in stale):
        print(f"(stale) {reason}: the status shown is the one last seen")


async def _refresh(
    store: TaskStore, settings: Settings, args: argparse.Namespace, make: MakeOrchestrator
) -> tuple[list[TaskEntry], dict[str, str]]:
    """Every task kept, those not ended as their servers say now (and saved so); and why the
    others are as last seen, by task id (a server not reached, or no longer in the config).
    A task started with another config is asked of its server there."""
    entries = store.entries()
    open_ = [e for e in entries if not e.done]
    stale: dict[str, str] = {}
    here = settings.source.resolve()
    groups: dict[tuple[Path, str | None], tuple[Settings, list[TaskEntry]]] = {}
    for entry in open_:
        key: tuple[Path, str | None]
        if entry.config is None or Path(entry.config) == here:
            if entry.server not in settings.servers:
                stale[entry.task_id] = f"server {entry.server!r} is no longer in the config"
                continue
            key, where = (here, None), settings
        else:
            key = (Path(entry.config), entry.server)
            if key not in groups:
                try:
                    groups[key] = (_settings_of(entry, settings), [])
                except UsageError as exc:
                    stale[entry.task_id] = str(exc)
                    continue
            where = groups[key][0]
        groups.setdefault(key, (where, []))[1].append(entry)
    fresh: dict[str, TaskEntry] = {}
    await asyncio.gather(
        *(_ask(store, where, tasks, args, make, stale, fresh) for where, tasks in groups.values())
    )
    return [fresh.get(e.task_id, e) for e in entries], stale


async def _ask(
    store: TaskStore,
    settings: Settings,
    open_: list[TaskEntry],
    args: argparse.Namespace,
    make: MakeOrchestrator,
    stale: dict[str, str],
    fresh: dict[str, TaskEntry],
) -> None:
    """Ask the servers of ``settings`` how the tasks ``open_`` are (all at once)."""
    servers = sorted({e.server for e in open_})
    async with make(_quick(settings.select(servers)), args, model_needed=False) as orch:

        async def ask(server: str) -> None:
            from orchestrator import _task_wire as wire

            tasks = [e for e in open_ if e.server == server]
            report = orch.discovery.reports[server]
            client = orch.discovery.connection(server).client if report.state == "up" else None
            if client is None:
                for entry in tasks:
                    stale[entry.task_id] = (
                        f"server {server!r} could not be reached: {report.reason}"
                    )
                return
            try:
                async with asyncio.timeout(FRESH_SECONDS):
                    states = await asyncio.gather(
                        *(wire.get(client, e.task_id) for e in tasks), return_exceptions=True
                    )
            except TimeoutError:
                for entry in tasks:
                    stale[entry.task_id] = (
                        f"server {server!r} did not answer within {FRESH_SECONDS:g}s"
                    )
                return
            for entry, state in zip(tasks, states, strict=True):
                if isinstance(state, Exception):
                    stale[entry.task_id] = f"server {server!r}: {state}"
                elif isinstance(state, BaseException):
                    raise state
                elif (state.status, state.status_message) != (entry.status, entry.message):
                    fresh[entry.task_id] = entry.seen(state.status, state.status_message)
                    store.save(fresh[entry.task_id])

        await asyncio.gather(*map(ask, servers))


def _settings_of(entry: TaskEntry, settings: Settings) -> Settings:
    """The settings ``entry``'s server is in: those of the config the task was started with
    (read again, that server alone) when it is not the one in use; the one in use for an entry
    kept before tasks said their config. A UsageError when that config or server is gone."""
    from orchestrator.config import load_config

    here = settings.source.resolve()
    if entry.config is not None and Path(entry.config) != here:
        config = Path(entry.config)
        if not config.is_file():
            raise UsageError(
                f"task {entry.task_id} was started with server {entry.server!r} of {config}, "
                "which no longer exists: its server cannot be asked"
            )
        try:
            settings = load_config(config, servers=[entry.server])
        except ConfigError as exc:
            raise UsageError(
                f"task {entry.task_id} was started with server {entry.server!r} of {config}, "
                f"which cannot be used now: {exc}"
            ) from None
    if entry.server not in settings.servers:
        raise UsageError(
            f"task {entry.task_id} ran on server {entry.server!r}, which the config "
            f"{settings.source} no longer has: add it back to fetch the task"
        )
    return settings


def _changed(entry: TaskEntry, settings: Settings) -> str:
    """What a server's error gets said after it when the server is not the one the task was
    started on (its entry in the config changed since): nothing otherwise."""
    server = settings.servers.get(entry.server)
    if entry.endpoint is None or server is None or endpoint_of(server) == entry.endpoint:
        return ""
    return (
        f" (the task was started on {entry.endpoint}; server {entry.server!r} of "
        f"{settings.source} is now {endpoint_of(server)})"
    )


def _quick(settings: Settings) -> Settings:
    """``settings`` for a listing: each server has at most `FRESH_SECONDS` to start, and none
    is required (one not reached leaves its tasks stale, not the listing failed)."""
    timeout = min(settings.orchestrator.startup_timeout_seconds, FRESH_SECONDS)
    return settings.model_copy(
        update={
            "orchestrator": settings.orchestrator.model_copy(
                update={"startup_timeout_seconds": timeout}
            ),
            "servers": {
                name: entry.model_copy(update={"required": False})
                for name, entry in settings.servers.items()
            },
        }
    )


async def run_tasks(
    argument: str | None, settings: Settings, args: argparse.Namespace, make: MakeOrchestrator
) -> int:
    """Run `orchestrator tasks [list|result ID|cancel ID]` (``argument``: the words after
    `tasks`)."""
    verb, _, task = (argument or "list").partition(" ")
    store = TaskStore()
    if verb == "list":
        _listing(*await _refresh(store, settings, args, make), args.json)
        return 0
    entry = store.find(task)
    settings = _settings_of(entry, settings)
    from orchestrator import _task_wire as wire
    from orchestrator._progress import ProgressLine
    from orchestrator.handlers import Progress

    # Only the task's server: another one, slow or broken, neither holds up nor fails this.
    async with make(settings.select([entry.server]), args, model_needed=False) as orch:
        report = await orch.discovery.ensure(entry.server)
        client = orch.discovery.connection(entry.server).client if report.state == "up" else None
        if client is None:
            raise OrchestratorError(report.describe())
        try:
            if verb == "cancel":
                await wire.cancel(client, entry.task_id)
                state = await wire.get(client, entry.task_id)
                store.save(entry.seen(state.status, state.status_message))
                print(f"task {entry.task_id} ({entry.tool} on {entry.server}): {state.status}")
                return 0
            state = await wire.get(client, entry.task_id)
            shown = ProgressLine.on_terminal()

            def told(now: wire.TaskState) -> None:
                store.save(entry.seen(now.status, now.status_message))
                if shown is not None:
                    said = now.status + (f": {now.status_message}" if now.status_message else "")
                    shown.show(Progress(entry.server, entry.tool, 0, None, said))

            try:  # Ctrl-C stops the waiting, not the task (`tasks cancel ID` does that)
                outcome = await wire.follow(client, state, told=told, cancel_with_caller=False)
            finally:
                if shown is not None:
                    shown.clear()
                if asyncio.current_task().cancelling():  # type: ignore[union-attr]
                    print(
                        f"stopped waiting; task {entry.task_id} goes on: orchestrator tasks "
                        f"result {entry.task_id} (or tasks cancel {entry.task_id})",
                        file=sys.stderr,
                    )
        except Exception as exc:
            if type(exc).__name__ != "MCPError":
                raise
            raise OrchestratorError(
                f"server {entry.server!r}: {exc}{_changed(entry, settings)}"
            ) from None
    assert not isinstance(outcome, wire.TaskState)  # followed to the end
    store.save(entry.seen("failed" if outcome.is_error else "completed"))
    _print_result(outcome, args.json)
    return 1 if outcome.is_error else 0


def _print_result(result: Any, as_json: bool) -> None:
    if as_json:
        print(json.dumps(result.model_dump(mode="json", by_alias=True, exclude_none=True)))
        return
    for block in result.content:
        text = getattr(block, "text", None)
        print(text if text is not None else f"[{block.type}]")
    sys.stdout.flush()
