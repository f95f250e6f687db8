"""The orchestrator as a task requestor: how long a call made as a task is waited for, and the
tasks it knows, kept in the user's state folder
(`$XDG_STATE_HOME/mcp-orchestrator/tasks/<id>.json`, one small file per task, written
atomically), so a later process fetches a task's result or cancels it: `orchestrator tasks`,
`orchestrator tasks result ID`, `orchestrator tasks cancel ID` (an ID may be shortened to any
unique prefix). The newest `KEEP` are kept.

A tool a server lists with `execution.taskSupport` optional or required, on a server that
declares tasks, is called as a task (`orchestrator.connection`): the call polls the task at the
server's interval, shows its status as progress, cancels it on Ctrl-C or `--timeout`, and
returns its result. With `TaskPolicy(wait_seconds=...)` (`--detach`: 0) a call that has not
ended by then is left running: the model is told its id and how to fetch it.

Light on purpose (json, os, pathlib, shlex): the one-shot imports it.
"""

from __future__ import annotations

import json
import os
import secrets
import shlex
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from orchestrator._paths import user_dir
from orchestrator.errors import UsageError

__all__ = ["KEEP", "RELATED_TASK", "TaskEntry", "TaskPolicy", "TaskStore", "left_running_text"]

KEEP = 500
TERMINAL = frozenset({"completed", "failed", "cancelled"})
# The `_meta` key of a call's result that was left running: the task it runs as (MCP's key)
RELATED_TASK = "io.modelcontextprotocol/related-task"


@dataclass(frozen=True)
class TaskEntry:
    """A task the orchestrator started: where, what, and its status when last seen."""

    server: str
    tool: str
    task_id: str
    status: str
    created: float = field(default_factory=time.time)  # seconds since the epoch
    updated: float = field(default_factory=time.time)
    message: str | None = None
    # Where the server came from: the config file the task was started with (absolute), and
    # the server's entry there as it was (its URL, or its command line), to tell a server
    # changed since. None in an entry kept before they were (one of the config now in use).
    config: str | None = None
    endpoint: str | None = None

    @property
    def done(self) -> bool:
        return self.status in TERMINAL

    def made_with(self, config: Path, server: Any) -> TaskEntry:
        """This entry, saying it was started with ``server`` (its settings) of ``config``."""
        return replace(self, config=str(config.resolve()), endpoint=endpoint_of(server))

    def seen(self, status: str, message: str | None = None) -> TaskEntry:
        return replace(self, status=status, message=message, updated=time.time())


@dataclass(frozen=True)
class TaskPolicy:
    """How calls made as tasks are waited for. `wait_seconds`: leave a task running once it has
    run this long (0: at once, `--detach`; None: wait until it ends). `record` is told of each
    task started and of each status seen (the one-shot keeps them in a `TaskStore`)."""

    wait_seconds: float | None = None
    record: Callable[[TaskEntry], None] | None = None


def endpoint_of(server: Any) -> str:
    """A server entry's URL, or its command line: what tells it from another of the same name."""
    if getattr(server, "url", None):
        return str(server.url)
    return shlex.join([str(server.command or ""), *map(str, server.args or [])])


def left_running_text(entry: TaskEntry) -> str:
    """What a call left running says (to the model, and on stderr at the end of a one-shot)."""
    dashes = "-- " if entry.task_id.startswith("-") else ""  # not read as a flag
    return (
        f"{entry.tool} runs on server {entry.server!r} as task {entry.task_id} "
        f"({entry.status}); its result: orchestrator tasks result {dashes}{entry.task_id}"
    )


class TaskStore:
    """The tasks kept in the state folder (`folder`: another one, for tests)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else user_dir("state") / "tasks"

    def _path(self, task_id: str) -> Path:
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in task_id)[:120]
        return self.folder / f"{safe}.json"

    def save(self, entry: TaskEntry) -> None:
        """Write ``entry`` (atomically), then drop the oldest past `KEEP`."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self._path(entry.task_id)
        spare = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
        spare.write_text(json.dumps(asdict(entry)), encoding="utf-8")
        os.replace(spare, path)
        entries = self.entries()
        for old in entries[KEEP:]:
            self._path(old.task_id).unlink(missing_ok=True)

    def entries(self) -> list[TaskEntry]:
        """Every task kept, newest first (a file that cannot be read is skipped)."""
        found: list[TaskEntry] = []
        if not self.folder.is_dir():
            return found
        for path in self.folder.glob("*.json"):
            try:
                data: Any = json.loads(path.read_text(encoding="utf-8"))
                found.append(TaskEntry(**data))
            except (OSError, ValueError, TypeError):
                continue
        return sorted(found, key=lambda e: e.created, reverse=True)

    def find(self, prefix: str) -> TaskEntry:
        """The task whose id is or starts with ``prefix``; a UsageError naming it otherwise."""
        prefix = prefix.strip()
        if not prefix:
            raise UsageError("task ID: give one (orchestrator tasks lists them)")
        entries = self.entries()
        exact = [e for e in entries if e.task_id == prefix]
        matches = exact or [e for e in entries if e.task_id.startswith(prefix)]
        if not matches:
            raise UsageError(
                f"task ID {prefix!r}: no task of this user has it (orchestrator tasks lists them)"
            )
        if len(matches) > 1:
            ids = ", ".join(e.task_id for e in matches[:5])
            raise UsageError(f"task ID {prefix!r}: more than one task starts so ({ids}): give more")
        return matches[0]
