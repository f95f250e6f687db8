"""A local agent's tasks: started now or queued, launched, cancelled, read back.

Each project runs at most ``max_busy_agents`` tasks at once (default: this machine's cores). A
task beyond that is stored ``queued``; it starts, oldest first, as soon as a slot frees, by
whichever server process sharing the fleet notices first (:meth:`LocalTasks.dispatch`, which
every server's watcher calls): the project's rows are locked while slots are counted, so no two
processes take one slot. Cancelling a queued task takes it out of the queue: it stays in the
history as ``cancelled`` (it never ran), and the agent is again what its task before made it.

A project with a ``budget`` refuses a task once its tasks have spent it (the costs their CLIs
reported, read from each run's ``usage.json``), and launches each task with what is left (or
its ``task_usd``, if smaller) for its supervisor to stop it at.
"""

from __future__ import annotations

import logging
import os
import shutil
import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import anyio.to_thread

from servers._common import tracing
from servers._common.process import ARGUMENT_LIMIT
from servers.fleet._process import agent_env, child_env
from servers.fleet._usage import AgentUsage
from servers.fleet.backend import FOLLOW_START, LogCursor, Records, StartedTask
from servers.fleet.errors import ConflictError, InvalidInputError
from servers.fleet.local import _runs
from servers.fleet.local._status import condition, task_status
from servers.fleet.local._store import AgentRow, FleetStore, TaskRow
from servers.fleet.local.fleetfile import FleetConfig, RoleConfig, expand_command
from servers.fleet.models import LogEntryDetail, QueuedTask, TaskDetail, TaskUsage

__all__ = ["LocalTasks", "check_runnable"]

logger = logging.getLogger(__name__)

Rows = list[tuple[AgentRow, TaskRow | None]]


def check_runnable(role: RoleConfig, name: str, task: str) -> None:
    """Refuse (INVALID_INPUT) a role whose program is not on PATH, or a ``task`` that would not
    fit in one command-line argument of its command (or in ``FLEET_TASK``): the launch would
    fail with E2BIG. Called before anything of the task or agent is made."""
    sizes = [len(arg.encode(errors="surrogatepass")) for arg in expand_command(role, task)]
    size = max([*sizes, len(f"FLEET_TASK={task}".encode(errors="surrogatepass"))])
    if size > ARGUMENT_LIMIT:
        raise InvalidInputError(
            f"The task takes {size} bytes as role '{name}' runs it, and its command gets it as "
            f"one command-line argument, which takes at most {ARGUMENT_LIMIT}: shorten it, or "
            "put the details in a file of the project and name it in the task",
            role=name,
            size=size,
            limit=ARGUMENT_LIMIT,
        )
    program = role.command[0]
    if "/" in program:  # a path: relative ones are relative to the workspace, checked at launch
        return
    path = child_env(role.env).get("PATH")
    if shutil.which(program, path=path) is None:
        raise InvalidInputError(
            f"Role '{name}' runs '{program}', which is not on PATH; install it or pick another "
            "role",
            role=name,
        )


def _usage(found: AgentUsage | None) -> TaskUsage | None:
    return None if found is None else TaskUsage.model_validate(found.as_dict())


def _entry(line: _runs.LogLine) -> LogEntryDetail:
    return LogEntryDetail(timestamp=line.time, message=line.message, level=line.level)


class LocalTasks:
    def __init__(
        self,
        fleet: FleetConfig,
        store: FleetStore,
        agents_dir: Path,
        clock: Callable[[], datetime],
        cores: int | None = None,
    ) -> None:
        self._fleet = fleet
        self._store = store
        self._agents_dir = agents_dir
        self._clock = clock
        self._cores = cores or os.cpu_count() or 1

    def limit(self, project: str) -> int:
        found = self._fleet.project(project)
        configured = found[1].max_busy_agents if found else None
        return configured or self._cores

    def _spent(self, project: str) -> float:
        """USD the tasks of ``project``'s agents have spent, as their CLIs reported it."""
        total = 0.0
        for agent, _ in self._store.agents():
            if agent.project != project:
                continue
            for task in self._store.tasks(agent.id):
                usage = _runs.read_usage(Path(task.run_dir))
                total += usage.cost_usd if usage is not None and usage.cost_usd else 0.0
        return total

    async def allowance(self, project: str) -> float | None:
        """USD the next task of ``project`` may spend (None: no budget); ConflictError when the
        project has spent its budget."""
        found = self._fleet.project(project)
        budget = found[1].budget if found else None
        if budget is None:
            return None
        spent = await anyio.to_thread.run_sync(self._spent, project)
        if spent >= budget.usd:
            raise ConflictError(
                f"Project '{project}' has spent ${spent:.4f} of its budget ${budget.usd:.2f} "
                "(budget.usd in the fleet file): raise the budget to start another task",
                project=project,
                spent_usd=round(spent, 6),
                budget_usd=budget.usd,
            )
        left = budget.usd - spent
        return left if budget.task_usd is None else min(left, budget.task_usd)

    def _role(self, agent: AgentRow) -> RoleConfig | None:
        found = self._fleet.project(agent.project)
        return found[1].roles.get(agent.role) if found else None

    def _slots(self, rows: Rows, project: str) -> int:
        """Free slots of ``project``, whose agents are ``rows``, less the tasks already queued."""
        now = self._clock()
        states = [condition(a, t, now).status for a, t in rows]
        return self.limit(project) - states.count("busy") - states.count("queued")

    # --- starting ------------------------------------------------------------------------------

    async def start(self, agent: AgentRow, role: RoleConfig, task: str) -> StartedTask:
        """Start ``task`` on ``agent`` now, or queue it when the project has no free slot."""
        await self.allowance(agent.project)
        now = self._clock()
        task_id = str(uuid.uuid4())

        def make(seq: int, start: bool) -> TaskRow:
            run_dir = self._agents_dir / agent.id / "runs" / f"{seq:05d}-{task_id[:8]}"
            return TaskRow(
                task_id,
                agent.id,
                seq,
                task,
                str(run_dir),
                now,
                "started" if start else "queued",
                now if start else None,
            )

        def check(current: AgentRow, latest: TaskRow | None) -> None:
            status = condition(current, latest, now).status
            if status in ("busy", "queued"):
                what = "busy with a task" if status == "busy" else "waiting in the queue"
                raise ConflictError(
                    f"Agent '{current.name}' is {what}; cancel it or wait until it ends",
                    agent_name=current.name,
                    status=status,
                )
            if current.phase != "ready" or status == "stopped":
                raise InvalidInputError(
                    f"Agent '{current.name}' is {status} and cannot take a task"
                    + ("; restart it first (restart_agent)" if status == "stopped" else ""),
                    agent_name=current.name,
                    status=status,
                )

        def admit(rows: Rows) -> bool:
            return self._slots(rows, agent.project) > 0

        row = await anyio.to_thread.run_sync(self._store.add_task, agent.id, make, check, admit)
        if row.state == "started":
            try:
                await self._launch(agent, role, row)
            except BaseException as exc:
                with anyio.CancelScope(shield=True):
                    await anyio.to_thread.run_sync(self._store.delete_task, row.id)
                    await anyio.to_thread.run_sync(shutil.rmtree, row.run_dir, True)
                if isinstance(exc, _runs.LaunchError):
                    raise InvalidInputError(
                        f"Cannot start the task of '{agent.name}': {exc}", agent_name=agent.name
                    ) from exc
                raise
        return StartedTask(agent.name, row.message, row.created_at, queued=row.state == "queued")

    async def _launch(self, agent: AgentRow, role: RoleConfig, row: TaskRow) -> None:
        if not await anyio.Path(agent.workspace, ".git").exists():
            again = (
                f"restart_agent makes it again from its branch {agent.branch}, or "
                if agent.branch
                else ""
            )
            raise _runs.LaunchError(
                f"its workspace {agent.workspace} is gone (removed by hand?): {again}delete_agent "
                "deletes the agent, keeping its work"
            )
        env = agent_env(
            role.command,
            self._fleet.passed(agent.project, agent.role),
            {
                **role.env,
                "FLEET_TASK": row.message,
                "FLEET_SYSTEM_PROMPT": role.system_prompt or "",
                "FLEET_AGENT": agent.name,
                **tracing.child_context(),  # the agent's CLI continues the trace
            },
        )
        try:
            budget = await self.allowance(agent.project)
        except ConflictError as exc:
            raise _runs.LaunchError(str(exc)) from exc
        await _runs.launch(
            Path(row.run_dir), Path(agent.workspace), expand_command(role, row.message), env, budget
        )

    async def dispatch(self) -> int:
        """Start the queued tasks that have a free slot now; how many were started."""
        queued = await anyio.to_thread.run_sync(self._store.queued)
        started = 0
        for project in dict.fromkeys(agent.project for agent, _ in queued):

            def free(rows: Rows, project: str = project) -> int:
                return self._slots(rows, project) + sum(
                    1 for _, t in rows if t is not None and t.state == "queued"
                )

            promoted = await anyio.to_thread.run_sync(
                self._store.promote, project, free, self._clock()
            )
            for agent, row in promoted:
                role = self._role(agent)
                try:
                    if role is None:
                        raise _runs.LaunchError(
                            f"role '{agent.role}' is no longer in project '{agent.project}'"
                        )
                    await self._launch(agent, role, row)
                    started += 1
                except _runs.LaunchError as exc:
                    logger.warning("queued task of %s could not start: %s", agent.name, exc)
                    await anyio.to_thread.run_sync(
                        _runs.record_failure, Path(row.run_dir), str(exc)
                    )
        return started

    async def queue(self) -> list[QueuedTask]:
        queued = await anyio.to_thread.run_sync(self._store.queued)
        positions: dict[str, int] = {}
        items = []
        for agent, task in queued:
            positions[agent.project] = positions.get(agent.project, 0) + 1
            items.append(
                QueuedTask(
                    agent_name=agent.name,
                    project=agent.project,
                    task=task.message,
                    position=positions[agent.project],
                    queued_at=task.created_at,
                )
            )
        return items

    # --- cancelling ----------------------------------------------------------------------------

    async def cancel(self, agent: AgentRow, task: TaskRow | None) -> bool:
        """Interrupt the running task (True), or take the queued one out of the queue (False)."""
        status = condition(agent, task, self._clock()).status
        if status == "queued" and task is not None:
            if await anyio.to_thread.run_sync(self._store.drop_task, task.id):
                return False
            status = "busy"  # it started meanwhile
        if status != "busy" or task is None or not _runs.interrupt(Path(task.run_dir)):
            shown = "busy, its task still starting" if status == "busy" else status
            raise InvalidInputError(
                f"Agent '{agent.name}' has no running task to cancel (status: {shown})",
                agent_name=agent.name,
                status=status,
            )
        return True

    # --- reading back --------------------------------------------------------------------------

    async def history(self, agent: AgentRow) -> Records[TaskDetail]:
        """Every task, newest first, each with what became of it; the agent's attention is its
        latest task's that was not taken out of the queue (that one never ran)."""
        tasks = await anyio.to_thread.run_sync(self._store.tasks, agent.id)
        now = self._clock()
        ran = next((t for t in tasks if t.state != "dropped"), None)
        attention = condition(agent, ran, now).attention if ran is not None else None

        def read() -> list[TaskDetail]:
            return [
                TaskDetail(
                    message=t.message,
                    uri=None,
                    needs_user_attention=t is ran and attention is not None,
                    created_at=t.created_at,
                    usage=_usage(_runs.read_usage(Path(t.run_dir))),
                    status=task_status(t, now),
                )
                for t in tasks
            ]

        return Records(agent.name, await anyio.to_thread.run_sync(read))

    async def logs(self, agent: AgentRow) -> Records[LogEntryDetail]:
        tasks = await anyio.to_thread.run_sync(self._store.tasks, agent.id)

        def read() -> list[LogEntryDetail]:
            entries: list[LogEntryDetail] = []
            for t in tasks:  # newest task first, and within it the newest line first
                entries.extend(_entry(line) for line in reversed(_runs.read_lines(Path(t.run_dir))))
            return entries

        return Records(agent.name, await anyio.to_thread.run_sync(read))

    async def follow(
        self, agent: AgentRow, cursor: LogCursor | None
    ) -> tuple[list[LogEntryDetail], LogCursor]:
        """Lines after ``cursor`` ("task id:byte offset"), across the tasks since."""
        tasks = await anyio.to_thread.run_sync(self._store.tasks, agent.id)
        if not tasks:
            return [], ""
        newest = tasks[0]
        if cursor is None:
            read, position = await anyio.to_thread.run_sync(
                _runs.read_from, Path(newest.run_dir), 0
            )
            return [_entry(line) for line in read[-FOLLOW_START:]], f"{newest.id}:{position}"
        task_id, _, offset = cursor.partition(":")
        since = next((i for i, t in enumerate(tasks) if t.id == task_id), None)
        if since is None:  # the cursor's task is unknown: from the start of the newest
            since, offset = 0, "0"
            task_id = newest.id
        lines: list[LogEntryDetail] = []
        position = int(offset) if offset.isdigit() else 0
        for index in range(since, -1, -1):  # oldest to newest
            t = tasks[index]
            start = position if t.id == task_id else 0
            read, position = await anyio.to_thread.run_sync(_runs.read_from, Path(t.run_dir), start)
            lines.extend(_entry(line) for line in read)
        return lines, f"{newest.id}:{position}"
