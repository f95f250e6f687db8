"""`orchestrator tasks`: the tasks this user's calls started (`orchestrator.tasks.TaskStore`),
listed; `orchestrator tasks result ID` waits for one (its status as progress on a terminal) and
prints the tool's result; `orchestrator tasks cancel ID` cancels one. Both start only the task's
server, with no model."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

from orchestrator.errors import OrchestratorError, UsageError
from orchestrator.tasks import TaskEntry, TaskStore

if TYPE_CHECKING:
    from orchestrator.config import Settings
    from orchestrator.core import Orchestrator

__all__ = ["VERBS", "run_tasks"]

VERBS = ("list", "result", "cancel")
MakeOrchestrator = Callable[..., AbstractAsyncContextManager["Orchestrator"]]


def _ago(moment: float) -> str:
    seconds = max(0, int(time.time() - moment))
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{seconds // size}{unit} ago"
    return f"{seconds}s ago"


def _listing(entries: list[TaskEntry], as_json: bool) -> None:
    if as_json:
        print(json.dumps([e.__dict__ for e in entries], ensure_ascii=False))
        return
    if not entries:
        print("no tasks yet (a tool call made as a task is kept here)")
        return
    rows = [("SERVER", "TOOL", "ID", "STATUS", "STARTED")] + [
        (e.server, e.tool, e.task_id, e.status, _ago(e.created)) for e in entries
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:4])) + "  " + row[4])


async def run_tasks(
    argument: str | None, settings: Settings, args: argparse.Namespace, make: MakeOrchestrator
) -> int:
    """Run `orchestrator tasks [list|result ID|cancel ID]` (``argument``: the words after
    `tasks`)."""
    verb, _, task = (argument or "list").partition(" ")
    store = TaskStore()
    if verb == "list":
        _listing(store.entries(), args.json)
        return 0
    entry = store.find(task)
    if entry.server not in settings.servers:
        raise UsageError(
            f"task {entry.task_id} ran on server {entry.server!r}, which the config no longer "
            "has: add it back to fetch the task"
        )
    from orchestrator import _task_wire as wire
    from orchestrator._progress import ProgressLine
    from orchestrator.handlers import Progress

    async with make(settings, args, model_needed=False) as orch:
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

            try:
                outcome = await wire.follow(client, state, told=told)
            finally:
                if shown is not None:
                    shown.clear()
        except Exception as exc:
            if type(exc).__name__ != "MCPError":
                raise
            raise OrchestratorError(f"server {entry.server!r}: {exc}") from None
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
