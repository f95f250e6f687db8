"""The local backend, the embedded default: agents in git worktrees on this machine.

Projects and roles come from the fleet file (:mod:`servers.fleet.local.fleetfile`). Each agent
has a workspace (a worktree on branch ``fleet/<name>``, or a copy of a plain folder) under the
fleet's home folder, and each task runs there under a detached supervisor
(:mod:`servers.fleet._supervisor`) that outlives this process. The shared SQL store holds the
agents and their tasks; an agent's status is derived from its latest task's records:

    starting  its workspace is being made
    idle      no task, or the last one succeeded, was interrupted, or predates a restart
    busy      a task is launching or running
    failed    the last task ended badly on its own (until the next task or a restart)
    stopped   the last task's supervisor vanished without recording an end (restart to clear)
    deleting  being deleted
"""

from __future__ import annotations

import logging
import shutil
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import anyio.to_thread

from servers.fleet._process import child_env
from servers.fleet.backend import AgentState, Deleted, Records, StartedTask
from servers.fleet.errors import (
    ConflictError,
    InternalError,
    InvalidInputError,
    NotFoundError,
    agent_exists,
    agent_not_found,
)
from servers.fleet.local import _runs
from servers.fleet.local._git import (
    GitError,
    Workspace,
    branch_exists,
    is_git_repo,
    make_workspace,
    remove_workspace,
    save_work,
)
from servers.fleet.local._store import AgentRow, FleetStore, TaskRow
from servers.fleet.local.fleetfile import (
    FleetConfig,
    ProjectConfig,
    RoleConfig,
    expand_command,
    project_id,
    role_id,
)
from servers.fleet.metadata import Metadata, TaskfileMetadata
from servers.fleet.models import AgentStatus, LogEntryDetail, Project, Role, TaskDetail

__all__ = ["LocalBackend"]

logger = logging.getLogger(__name__)


def _utc_now() -> datetime:
    return datetime.now(UTC)


class LocalBackend:
    def __init__(
        self,
        fleet: FleetConfig,
        store: FleetStore,
        home: Path,
        collector: TaskfileMetadata,
        *,
        clock: Callable[[], datetime] = _utc_now,
    ) -> None:
        self._fleet = fleet
        self._store = store
        self._home = home
        self._collector = collector
        self._clock = clock

    # --- projects and roles --------------------------------------------------------------------

    async def list_projects(self) -> list[Project]:
        return [_project(name, p) for name, p in self._fleet.projects.items()]

    async def list_roles(self, project: str) -> tuple[Project, list[Role], str | None]:
        name, config = self._project(project)
        pid = project_id(name)
        roles = [Role(id=role_id(name, r), name=r, project_id=pid) for r in config.roles]
        return _project(name, config), roles, config.default_role

    def _project(self, project: str) -> tuple[str, ProjectConfig]:
        found = self._fleet.project(project)
        if found is None:
            known = ", ".join(self._fleet.projects) or f"none ({self._fleet.origin})"
            raise NotFoundError(
                f"Project '{project}' not found; known projects: {known}", project=project
            )
        return found

    def _role(self, project: str, role: str) -> RoleConfig:
        name, config = self._project(project)
        if role not in config.roles:
            known = ", ".join(config.roles)
            raise NotFoundError(
                f"Role '{role}' not found in project '{name}'; its roles: {known}",
                project=name,
                role=role,
            )
        return config.roles[role]

    # --- agents --------------------------------------------------------------------------------

    async def list_agents(self) -> list[AgentState]:
        rows = await anyio.to_thread.run_sync(self._store.agents)
        now = self._clock()
        return [self._state(agent, task, now) for agent, task in rows]

    async def get_agent(self, name: str) -> AgentState:
        agent, task = await self._find(name)
        return self._state(agent, task, self._clock())

    async def _find(self, name: str) -> tuple[AgentRow, TaskRow | None]:
        found = await anyio.to_thread.run_sync(self._store.agent, name)
        if found is None:
            raise agent_not_found(name)
        return found

    def _state(self, agent: AgentRow, task: TaskRow | None, now: datetime) -> AgentState:
        return AgentState(
            name=agent.name,
            workspace_id=agent.id,
            status=self._status(agent, task, now),
            role=agent.role,
            project=agent.project,
            last_task=task.message if task else None,
            created_at=agent.created_at,
            updated_at=agent.updated_at,
            location=agent.workspace,
        )

    def _status(self, agent: AgentRow, task: TaskRow | None, now: datetime) -> AgentStatus:
        if agent.phase == "creating":
            return "starting"
        if agent.phase == "deleting":
            return "deleting"
        if task is None or (agent.reset_at is not None and task.created_at <= agent.reset_at):
            return "idle"
        run = _runs.read_run(Path(task.run_dir), task.created_at, now)
        if run.phase in ("launching", "running"):
            return "busy"
        if run.phase == "lost":
            return "stopped"
        return "failed" if run.failed else "idle"

    async def create_agent(self, name: str, project: str, role: str, task: str) -> AgentState:
        project_name, config = self._project(project)
        role_config = self._role(project_name, role)
        _check_runnable(role_config, role)
        source = config.source
        branch = f"fleet/{name}"
        if (taken := await anyio.to_thread.run_sync(self._store.agent, name)) is not None:
            raise agent_exists(name, taken[0].name)
        if await branch_exists(source, branch):
            raise ConflictError(
                f"Branch '{branch}' already exists in {source} but belongs to no agent (left "
                "from an earlier one, or made by hand) and may hold work: merge it or delete it "
                f"(git branch -D {branch}), or choose another name",
                agent_name=name,
                branch=branch,
            )
        now = self._clock()
        agent_id = str(uuid.uuid4())
        path = self._home / "worktrees" / f"{name}-{agent_id[:8]}"
        is_git = await anyio.to_thread.run_sync(is_git_repo, source) is not None
        row = AgentRow(
            id=agent_id,
            name=name,
            project=project_name,
            role=role,
            source=str(source),
            workspace=str(path),
            branch=branch if is_git else None,
            base_commit="",
            phase="creating",
            reset_at=None,
            created_at=now,
            updated_at=now,
        )
        await anyio.to_thread.run_sync(self._store.add_agent, row)
        try:
            workspace = await make_workspace(source, path, branch)
            await anyio.to_thread.run_sync(
                lambda: self._store.set_agent(
                    agent_id, self._clock(), phase="ready", base_commit=workspace.base_commit
                )
            )
            await self._start(row, role_config, task)
        except BaseException as exc:
            with anyio.CancelScope(shield=True):
                await self._discard(row)
            if isinstance(exc, GitError):
                raise InternalError(f"Cannot make the workspace of '{name}': {exc}") from exc
            raise
        return await self.get_agent(name)

    async def _discard(self, row: AgentRow) -> None:
        """Undo a create that failed half-way: nothing of it is left."""
        workspace = Workspace(Path(row.workspace), row.branch, row.base_commit)
        try:
            await remove_workspace(Path(row.source), workspace)
        except GitError:
            logger.warning("could not remove the workspace of %s", row.name, exc_info=True)
        await anyio.to_thread.run_sync(shutil.rmtree, self._agent_dir(row.id), True)
        await anyio.to_thread.run_sync(self._store.delete_agent, row.id)

    def _agent_dir(self, agent_id: str) -> Path:
        return self._home / "agents" / agent_id

    async def delete_agent(self, name: str) -> Deleted:
        agent, task = await self._find(name)
        now = self._clock()
        await anyio.to_thread.run_sync(
            lambda: self._store.set_agent(agent.id, now, phase="deleting")
        )
        if task is not None:
            await _runs.stop(Path(task.run_dir))
        workspace = Workspace(Path(agent.workspace), agent.branch, agent.base_commit)
        stamp = now.strftime("%Y%m%dT%H%M%SZ")
        patch = self._home / "patches" / f"{agent.name}-{stamp}.patch"
        try:
            changed = await save_work(workspace, patch) if agent.base_commit else 0
            await remove_workspace(Path(agent.source), workspace)
        except GitError as exc:
            await anyio.to_thread.run_sync(
                lambda: self._store.set_agent(agent.id, self._clock(), phase="ready")
            )
            raise InternalError(
                f"Cannot delete agent '{agent.name}': {exc}; its workspace is kept at "
                f"{agent.workspace}"
            ) from exc
        await anyio.to_thread.run_sync(shutil.rmtree, self._agent_dir(agent.id), True)
        await anyio.to_thread.run_sync(self._store.delete_agent, agent.id)
        note = ""
        if changed:
            files = "1 file" if changed == 1 else f"{changed} files"
            note = f"; its work ({files} changed since it started) is kept in {patch}"
        return Deleted(agent.name, agent.id, note)

    async def restart_agent(self, name: str) -> AgentState:
        agent, task = await self._find(name)
        if task is not None:
            await _runs.stop(Path(task.run_dir))
        if agent.phase == "ready":
            now = self._clock()
            await anyio.to_thread.run_sync(
                lambda: self._store.set_agent(agent.id, now, reset_at=now)
            )
        return await self.get_agent(name)

    # --- tasks ---------------------------------------------------------------------------------

    async def start_task(self, name: str, task: str) -> StartedTask:
        agent, _ = await self._find(name)
        role = self._role(agent.project, agent.role)
        _check_runnable(role, agent.role)
        row = await self._start(agent, role, task)
        return StartedTask(agent.name, row.message, row.created_at)

    async def _start(self, agent: AgentRow, role: RoleConfig, task: str) -> TaskRow:
        now = self._clock()
        task_id = str(uuid.uuid4())

        def make(seq: int) -> TaskRow:
            run_dir = self._agent_dir(agent.id) / "runs" / f"{seq:05d}-{task_id[:8]}"
            return TaskRow(task_id, agent.id, seq, task, str(run_dir), now)

        def check(current: AgentRow, latest: TaskRow | None) -> None:
            status = self._status(current, latest, now)
            if status == "busy":
                raise ConflictError(
                    f"Agent '{current.name}' is busy with a task; cancel it or wait until it ends",
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

        row = await anyio.to_thread.run_sync(self._store.add_task, agent.id, make, check)
        env = child_env(
            {
                **role.env,
                "FLEET_TASK": task,
                "FLEET_SYSTEM_PROMPT": role.system_prompt or "",
                "FLEET_AGENT": agent.name,
            }
        )
        try:
            await _runs.launch(
                Path(row.run_dir), Path(agent.workspace), expand_command(role, task), env
            )
        except BaseException as exc:
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(self._store.delete_task, row.id)
                await anyio.to_thread.run_sync(shutil.rmtree, row.run_dir, True)
            if isinstance(exc, _runs.LaunchError):
                raise InvalidInputError(
                    f"Cannot start the task of '{agent.name}': {exc}", agent_name=agent.name
                ) from exc
            raise
        return row

    async def cancel_task(self, name: str) -> str:
        agent, task = await self._find(name)
        status = self._status(agent, task, self._clock())
        if status != "busy" or task is None or not _runs.interrupt(Path(task.run_dir)):
            shown = "busy, its task still starting" if status == "busy" else status
            raise InvalidInputError(
                f"Agent '{agent.name}' has no running task to cancel (status: {shown})",
                agent_name=agent.name,
                status=status,
            )
        return agent.name

    async def task_history(self, name: str) -> Records[TaskDetail]:
        agent, _ = await self._find(name)
        tasks = await anyio.to_thread.run_sync(self._store.tasks, agent.id)
        now = self._clock()
        return Records(
            agent.name,
            [
                TaskDetail(
                    message=t.message,
                    uri=None,
                    needs_user_attention=_runs.read_run(Path(t.run_dir), t.created_at, now).failed,
                    created_at=t.created_at,
                )
                for t in tasks
            ],
        )

    async def logs(self, name: str) -> Records[LogEntryDetail]:
        agent, _ = await self._find(name)
        tasks = await anyio.to_thread.run_sync(self._store.tasks, agent.id)

        def read() -> list[LogEntryDetail]:
            entries: list[LogEntryDetail] = []
            for t in tasks:  # newest task first, and within it the newest line first
                for line in reversed(_runs.read_lines(Path(t.run_dir))):
                    entries.append(
                        LogEntryDetail(timestamp=line.time, message=line.message, level=line.level)
                    )
            return entries

        return Records(agent.name, await anyio.to_thread.run_sync(read))

    async def metadata(self, agent: AgentState) -> Metadata:
        folder = Path(agent.location)
        if not folder.is_dir():
            return {}
        return await self._collector.collect(folder)


def _project(name: str, config: ProjectConfig) -> Project:
    return Project(id=project_id(name), name=name, description=config.description)


def _check_runnable(role: RoleConfig, name: str) -> None:
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
