"""Workspace metadata from a Taskfile: each task with ``meta: {include_in_list: bool}`` is a field.

    collector = TaskfileMetadata(timeout=5.0)
    fields = await collector.collect(Path("/path/to/worktree"))   # {name: MetadataValue}
    fields = await collector.collect(worktree, ["GITHUB_PAT"])   # with its fleet file's pass_env

- The Taskfile is ``Taskfile.yml`` or ``Taskfile.yaml`` in the folder (none: no fields). It is
  run with the ``task`` binary of the ``go-task-bin`` package installed beside this interpreter,
  never whatever ``task`` comes first on PATH (Taskwarrior installs one too).
- go-task gets the server's environment without any secret but the ``passed`` names
  (:func:`servers.fleet._process.passed_env`): the Taskfile is the agent's to edit, so a field
  that prints ``$PGPASSWORD`` or an agent CLI's key shows nothing.
- Which tasks exist comes from ``task --list-all --json``, so included Taskfiles count (their
  fields are named ``namespace:task``); go-task 3.54 does not report ``meta`` there, so each
  task's ``meta`` is read from the YAML file and line go-task gives as its location. Internal
  tasks are not listed by go-task and so are never fields; a field's description is its ``desc``.
- All fields of one workspace run in **one** go-task process, at once: ``task --parallel
  --output prefixed --verbose --silent NAME...``. Each output line comes back prefixed with its
  task's name (``[git_branch] main``; a task's own ``prefix:`` is honoured), and go-task's verbose
  lines say how each task ended (``task: "NAME" finished`` / ``failed: exit status N``), so each
  field keeps its own value, error and timeout. A field's value is its task's trimmed output
  (go-task's prefixed output carries a task's standard error along with its standard output): a
  JSON number becomes a number, empty becomes null, anything else stays a string. A task that
  fails gives ``value: null`` and ``error`` (its last output line says why); one still running at
  the timeout is ``timed out`` (the process group is killed: go-task and everything it started).
  A field whose output cannot be told apart (it calls other tasks, which print under their own
  names) is run again on its own.
- All workspaces run at once (up to MAX_PROCESSES processes); :class:`MetadataCache` keeps
  results for list views.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import sysconfig
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import yaml

from servers._common.process import Completed, run_command
from servers.fleet._process import passed_env

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
    prefix: str | None = None  # the task's own output prefix, when it sets one


_ENDED = re.compile(r'^task: "(.+)" (finished|failed: .*)$', re.MULTILINE)
_KILLED = re.compile(r"exit status (?:143|137)$|signal: (?:terminated|killed)")


def _owner(line: str, owners: dict[str, str]) -> tuple[str, str] | None:
    """The field a prefixed output line belongs to, and the line without its prefix."""
    if not line.startswith("["):
        return None
    end = line.find("] ")
    while end != -1:
        if (name := owners.get(line[1:end])) is not None:
            return name, line[end + 2 :]
        end = line.find("] ", end + 1)
    if line.endswith("]") and (name := owners.get(line[1:-1])) is not None:
        return name, ""
    return None


class TaskfileMetadata:
    """Collects a folder's metadata fields by running its Taskfile's tasks in parallel."""

    def __init__(
        self, *, timeout: float, binary: Path | None = None, concurrency: int = MAX_PROCESSES
    ) -> None:
        self._timeout = timeout
        self._binary = binary or task_binary()
        self._limiter = anyio.CapacityLimiter(concurrency)

    async def _run(self, argv: list[str], cwd: Path, env: dict[str, str]) -> Completed:
        async with self._limiter:
            argv = [argv[0], "--color=false", *argv[1:]]
            return await run_command(argv, env=env, timeout=self._timeout, cwd=cwd)

    async def collect(self, folder: Path, passed: Collection[str] = ()) -> Metadata:
        """The fields of ``folder``'s Taskfile; its tasks see no secret but the ``passed``
        names."""
        taskfile = next((folder / n for n in TASKFILE_NAMES if (folder / n).is_file()), None)
        if taskfile is None:
            return {}
        # Plain text whatever the environment says (go-task colours its output under CI=true).
        env = passed_env(passed, {"NO_COLOR": "1"})
        try:
            fields = await self._fields(taskfile, env)
        except _TaskfileError as exc:
            logger.warning("no metadata from %s: %s", taskfile, exc)
            return {}
        if not fields:
            return {}
        values = await self._values(taskfile, fields, env)
        return {f.name: values[f.name] for f in fields}

    async def _values(
        self, taskfile: Path, fields: list[_Field], env: dict[str, str]
    ) -> dict[str, MetadataValue]:
        """Every field's value from one go-task process running them all in parallel."""
        argv = [str(self._binary), "--taskfile", str(taskfile), "--parallel", "--silent"]
        argv += ["--verbose", "--output", "prefixed", *(f.name for f in fields)]
        try:
            done = await self._run(argv, taskfile.parent, env)
        except OSError as exc:
            error = f"cannot run go-task: {exc.strerror}"
            return {
                f.name: MetadataValue(None, error, f.description, f.include_in_list) for f in fields
            }
        outputs: dict[str, list[str]] = {f.name: [] for f in fields}
        owners = {f.prefix or f.name: f.name for f in fields}
        stray = False
        for line in done.stdout.splitlines():
            owner = _owner(line, owners)
            if owner is None:
                stray = stray or line.startswith("[")
            else:
                outputs[owner[0]].append(owner[1])
        endings = dict(_ENDED.findall(done.stderr))
        values: dict[str, MetadataValue] = {}
        again: list[_Field] = []
        for field in fields:
            ending = endings.get(field.name)
            lines = outputs[field.name]
            if done.timed_out and ending is not None and _KILLED.search(ending):
                ending = None  # ended by the deadline's SIGTERM, not on its own
            if ending is None:
                if done.timed_out:
                    error = f"task '{field.name}' timed out after {self._timeout:g} s"
                else:
                    reason = _first_line(done.stderr, skip_prefix="task: ") or "it did not run"
                    error = f"task '{field.name}' failed: {reason}"
                values[field.name] = MetadataValue(
                    None, error[:_MAX_ERROR], field.description, field.include_in_list
                )
            elif ending.startswith("failed"):
                reason = next((ln.strip() for ln in reversed(lines) if ln.strip()), "")
                status = ending.removeprefix("failed: ")
                error = f"task '{field.name}' failed ({status})" + (f": {reason}" if reason else "")
                values[field.name] = MetadataValue(
                    None, error[:_MAX_ERROR], field.description, field.include_in_list
                )
            elif not lines and stray and not field.prefix:
                again.append(field)  # its output went out under other tasks' names
            else:
                values[field.name] = MetadataValue(
                    parse_value("\n".join(lines)), None, field.description, field.include_in_list
                )
        for field in again:
            values[field.name] = await self._value(taskfile, field, env)
        return values

    async def _fields(self, taskfile: Path, env: dict[str, str]) -> list[_Field]:
        argv = [str(self._binary), "--taskfile", str(taskfile), "--list-all", "--json"]
        done = await self._run(argv, taskfile.parent, env)
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
            body = metas.task(location.get("taskfile", ""), location.get("line", 0))
            meta = body.get("meta")
            include = meta.get("include_in_list") if isinstance(meta, dict) else None
            prefix = body.get("prefix")
            if isinstance(include, bool):
                fields.append(
                    _Field(
                        entry["name"],
                        entry.get("desc") or "",
                        include,
                        prefix if isinstance(prefix, str) and "{{" not in prefix else None,
                    )
                )
        return fields

    async def _value(self, taskfile: Path, field: _Field, env: dict[str, str]) -> MetadataValue:
        argv = [str(self._binary), "--taskfile", str(taskfile), "--silent", "--exit-code"]
        argv.append(field.name)
        try:
            done = await self._run(argv, taskfile.parent, env)
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
    """Reads a task's body (its ``meta``, its ``prefix``) from its Taskfile, by the line go-task
    reports it at."""

    def __init__(self) -> None:
        self._files: dict[str, dict[int, dict[str, Any]]] = {}

    def task(self, path: str, line: int) -> dict[str, Any]:
        if path not in self._files:
            self._files[path] = _tasks_by_line(Path(path))
        return self._files[path].get(line) or {}


def _tasks_by_line(path: Path) -> dict[int, dict[str, Any]]:
    """``{line of the task's key: its body}`` for every task of one Taskfile with a body."""
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
    bodies: dict[int, dict[str, Any]] = {}
    for key, _ in node.value:
        body = tasks.get(key.value)
        if isinstance(body, dict):
            bodies[key.start_mark.line + 1] = body
    return bodies


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
