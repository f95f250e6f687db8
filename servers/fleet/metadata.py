"""Workspace metadata from a Taskfile: each task with ``meta: {include_in_list: bool}`` is a field.

    collector = TaskfileMetadata(timeout=5.0)
    fields = await collector.collect(Path("/path/to/worktree"))   # {name: MetadataValue}

- The Taskfile is ``Taskfile.yml`` or ``Taskfile.yaml`` in the folder (none: no fields). It is
  run with the ``task`` binary of the ``go-task-bin`` package installed beside this interpreter,
  never whatever ``task`` comes first on PATH (Taskwarrior installs one too).
- Which tasks exist comes from ``task --list-all --json``, so included Taskfiles count (their
  fields are named ``namespace:task``); go-task 3.54 does not report ``meta`` there, so each
  task's ``meta`` is read from the YAML file and line go-task gives as its location. Internal
  tasks are not listed by go-task and so are never fields; a field's description is its ``desc``.
- A field's value is the trimmed standard output of ``task --silent NAME``: a JSON number becomes
  a number, empty becomes null, anything else stays a string. A task that fails or outlives the
  timeout gives ``value: null`` and ``error`` (the timed-out task's process group is killed).
- All fields of all workspaces run at once (up to MAX_PROCESSES processes); :class:`MetadataCache`
  keeps results for list views.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import sysconfig
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import yaml

from servers._common.process import Completed, run_command
from servers.fleet._process import child_env

__all__ = [
    "TASKFILE_NAMES",
    "Metadata",
    "MetadataCache",
    "MetadataValue",
    "TaskfileMetadata",
    "parse_value",
    "task_binary",
]

logger = logging.getLogger(__name__)

TASKFILE_NAMES = ("Taskfile.yml", "Taskfile.yaml")
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?")
_MAX_ERROR = 300
MAX_PROCESSES = 64  # go-task processes at once, across all workspaces (most of them just wait)


@dataclass(frozen=True)
class MetadataValue:
    value: int | float | str | None
    error: str | None
    description: str
    include_in_list: bool


Metadata = dict[str, MetadataValue]


def task_binary() -> Path:
    """The go-task binary the ``go-task-bin`` package installed beside this interpreter."""
    name = "task.exe" if sys.platform == "win32" else "task"
    return Path(sysconfig.get_path("scripts")) / name


def parse_value(output: str) -> int | float | str | None:
    """A task's output as a field value: trimmed; a JSON number as a number; empty as null."""
    text = output.strip()
    if not text:
        return None
    match = _NUMBER.fullmatch(text)
    if match is None:
        return text
    return float(text) if match.group(1) or match.group(2) else int(text)


@dataclass(frozen=True)
class _Field:
    name: str
    description: str
    include_in_list: bool


class TaskfileMetadata:
    """Collects a folder's metadata fields by running its Taskfile's tasks in parallel."""

    def __init__(
        self, *, timeout: float, binary: Path | None = None, concurrency: int = MAX_PROCESSES
    ) -> None:
        self._timeout = timeout
        self._binary = binary or task_binary()
        self._limiter = anyio.CapacityLimiter(concurrency)

    async def _run(self, argv: list[str], cwd: Path) -> Completed:
        async with self._limiter:
            return await run_command(argv, env=child_env(), timeout=self._timeout, cwd=cwd)

    async def collect(self, folder: Path) -> Metadata:
        taskfile = next((folder / n for n in TASKFILE_NAMES if (folder / n).is_file()), None)
        if taskfile is None:
            return {}
        try:
            fields = await self._fields(taskfile)
        except _TaskfileError as exc:
            logger.warning("no metadata from %s: %s", taskfile, exc)
            return {}
        values: dict[str, MetadataValue] = {}

        async def run(field: _Field) -> None:
            values[field.name] = await self._value(taskfile, field)

        async with anyio.create_task_group() as tg:
            for field in fields:
                tg.start_soon(run, field)
        return {f.name: values[f.name] for f in fields}

    async def _fields(self, taskfile: Path) -> list[_Field]:
        argv = [str(self._binary), "--taskfile", str(taskfile), "--list-all", "--json"]
        done = await self._run(argv, taskfile.parent)
        if done.exit_code != 0:
            raise _TaskfileError(_first_line(done.stderr) or "task --list-all failed")
        try:
            listed = json.loads(done.stdout)["tasks"]
        except (ValueError, KeyError, TypeError) as exc:
            raise _TaskfileError("task --list-all --json gave no task list") from exc
        metas = _MetaReader()
        fields: list[_Field] = []
        for entry in listed:
            location = entry.get("location") or {}
            meta = metas.meta(location.get("taskfile", ""), location.get("line", 0))
            include = meta.get("include_in_list") if isinstance(meta, dict) else None
            if isinstance(include, bool):
                fields.append(_Field(entry["name"], entry.get("desc") or "", include))
        return fields

    async def _value(self, taskfile: Path, field: _Field) -> MetadataValue:
        argv = [str(self._binary), "--taskfile", str(taskfile), "--silent", "--exit-code"]
        argv.append(field.name)
        try:
            done = await self._run(argv, taskfile.parent)
        except OSError as exc:
            return MetadataValue(
                None,
                f"cannot run go-task: {exc.strerror}",
                field.description,
                field.include_in_list,
            )
        if done.timed_out:
            error: str | None = f"task '{field.name}' timed out after {self._timeout:g} s"
        elif done.exit_code != 0:
            reason = _first_line(done.stderr, skip_prefix="task: ")
            error = f"task '{field.name}' failed (exit status {done.exit_code})"
            error += f": {reason}" if reason else ""
        else:
            error = None
        value = parse_value(done.stdout) if error is None else None
        return MetadataValue(
            value, error and error[:_MAX_ERROR], field.description, field.include_in_list
        )


class _TaskfileError(Exception):
    pass


class _MetaReader:
    """Reads a task's ``meta`` from its Taskfile, by the line go-task reports it at."""

    def __init__(self) -> None:
        self._files: dict[str, dict[int, Any]] = {}

    def meta(self, path: str, line: int) -> Any:
        if path not in self._files:
            self._files[path] = _metas_by_line(Path(path))
        return self._files[path].get(line)


def _metas_by_line(path: Path) -> dict[int, Any]:
    """``{line of the task's key: its meta}`` for every task of one Taskfile."""
    try:
        text = path.read_text(encoding="utf-8")
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except (OSError, yaml.YAMLError) as exc:
        raise _TaskfileError(f"{path}: {exc}") from exc
    if not isinstance(root, yaml.MappingNode) or not isinstance(data, dict):
        return {}
    tasks = data.get("tasks")
    node = next((v for k, v in root.value if k.value == "tasks"), None)
    if not isinstance(tasks, dict) or not isinstance(node, yaml.MappingNode):
        return {}
    metas: dict[int, Any] = {}
    for key, _ in node.value:
        body = tasks.get(key.value)
        if isinstance(body, dict) and "meta" in body:
            metas[key.start_mark.line + 1] = body["meta"]
    return metas


def _first_line(text: str, *, skip_prefix: str | None = None) -> str:
    for line in text.splitlines():
        line = line.strip()
        if line and not (skip_prefix and line.startswith(skip_prefix)):
            return line
    return ""


class MetadataCache:
    """Metadata kept in this process for ``ttl`` seconds, by workspace."""

    def __init__(self, ttl: float, clock: Callable[[], float] = time.monotonic) -> None:
        self._ttl = ttl
        self._clock = clock
        self._entries: dict[str, tuple[float, Metadata]] = {}

    def get(self, key: str) -> Metadata | None:
        entry = self._entries.get(key)
        if entry is None or self._clock() - entry[0] > self._ttl:
            return None
        return entry[1]

    def put(self, key: str, value: Metadata) -> None:
        self._entries[key] = (self._clock(), value)

    def drop(self, key: str) -> None:
        self._entries.pop(key, None)
