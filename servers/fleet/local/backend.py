"""The local backend, the embedded default: agents in git worktrees on this machine.

Projects and roles come from the fleet file (:mod:`servers.fleet.local.fleetfile`). Each agent
has a workspace (a worktree on branch ``fleet/<name>``, or a copy of a plain folder) under the
fleet's home folder, and each task runs there under a detached supervisor
(:mod:`servers.fleet._supervisor`) that outlives this process. The shared SQL store holds the
agents and their tasks; an agent's status and whether it needs its user are derived from its
records (:mod:`servers.fleet.local._status`), tasks are started or queued by
:mod:`servers.fleet.local._tasks`, and the work is reviewed and landed by
:mod:`servers.fleet.local._review`.

Work is never lost: ``delete_agent`` refuses (CONFLICT, naming the commits and files) when the
agent's branch or its worktree's HEAD holds commits on no other branch (either may have been
removed by hand: the other is read), or the worktree uncommitted changes, unless ``force``, and
then keeps them in a patch file; ``restart_agent`` keeps the worktree and its branch (a worktree
removed by hand is made again from the branch), and what the stopped task left is committed.
Both take ``dry_run``. A server killed while making or deleting an agent leaves it ``failed``
with the reason, not ``starting`` for ever.
"""

from __future__ import annotations

import logging
import shutil
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio.to_thread

from servers._common.progress import report_progress
from servers.fleet._checkpoint import checkpoint
from servers.fleet._process import child_env
from servers.fleet.backend import (
    AgentDiff,
    AgentState,
    Cancelled,
    Deleted,
    LogCursor,
    Merged,
    Records,
    Restarted,
    StartedTask,
)
from servers.fleet.errors import (
    ConflictError,
    FleetError,
    InternalError,
    InvalidInputError,
    NotFoundError,
    agent_exists,
    agent_not_found,
    describe_work,
)
from servers.fleet.local import _review, _runs
from servers.fleet.local._git import (
    GitError,
    Workspace,
    branch_exists,
    checked_out_at,
    is_git_repo,
    lost_repository,
    make_workspace,
    remove_workspace,
    restore_worktree,
    run_git,
    save_work,
)
from servers.fleet.local._status import condition, owner_identity
from servers.fleet.local._store import AgentRow, FleetStore, TaskRow
from servers.fleet.local._tasks import LocalTasks, check_runnable
from servers.fleet.local.fleetfile import (
    FleetConfig,
    ProjectConfig,
    RoleConfig,
    project_id,
    role_id,
)
from servers.fleet.metadata import Metadata, TaskfileMetadata
from servers.fleet.models import LogEntryDetail, Project, QueuedTask, Role, TaskDetail, WorkAtRisk

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
        cores: int | None = None,
    ) -> None:
        self._fleet = fleet
        self._store = store
        self._home = home
        self._collector = collector
        self._clock = clock
        self._tasks = LocalTasks(fleet, store, home / "agents", clock, cores)

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
        current = condition(agent, task, now)
        return AgentState(
            name=agent.name,
            workspace_id=agent.id,
            status=current.status,
            role=agent.role,
            project=agent.project,
            last_task=task.message if task else None,
            created_at=agent.created_at,
            updated_at=agent.updated_at,
            location=agent.workspace,
            attention=current.attention,
            last_task_usage=_last_usage(task),
        )

    async def create_agent(self, name: str, project: str, role: str, task: str) -> AgentState:
        project_name, config = self._project(project)
        role_config = self._role(project_name, role)
        check_runnable(role_config, role, task)
        source = config.source
        if not await anyio.Path(source).is_dir():  # moved or deleted since the server started
            fix = (
                "start the fleet server in the repository where it is now"
                if self._fleet.origin.startswith("default")
                else f"correct it in the fleet file {self._fleet.origin} and restart the server"
            )
            raise InvalidInputError(
                f"Cannot make agents in project '{project_name}': projects.{project_name}.source: "
                f"{source} is not a folder (moved or deleted?); {fix}",
                project=project_name,
                source=str(source),
            )
        branch = f"fleet/{name}"
        if (taken := await anyio.to_thread.run_sync(self._store.agent, name)) is not None:
            raise agent_exists(name, taken[0].name)
        if await branch_exists(source, branch) and (at := await checked_out_at(source, branch)):
            raise ConflictError(  # never "delete it": a live agent of another fleet, perhaps
                f"Branch '{branch}' already exists in {source} and is checked out in {at} (an "
                "agent of another fleet on this repository, or a worktree made by hand): choose "
                "another name",
                agent_name=name,
                branch=branch,
            )
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
            owner=owner_identity(),
            base_branch=await _current_branch(source) if is_git else None,
        )
        await anyio.to_thread.run_sync(self._store.add_agent, row)
        try:
            await report_progress(1, 3, f"making the workspace of '{name}'")
            ready = await self._make_workspace(row)
            await report_progress(2, 3, f"starting the task of '{name}'")
            await self._tasks.start(ready, role_config, task)
        except BaseException as exc:
            with anyio.CancelScope(shield=True):
                await self._discard(row)
            if isinstance(exc, GitError):
                raise InternalError(f"Cannot make the workspace of '{name}': {exc}") from exc
            raise
        await report_progress(3, 3, f"'{name}' is at work")
        return await self.get_agent(name)

    async def _make_workspace(self, row: AgentRow) -> AgentRow:
        workspace = await make_workspace(Path(row.source), Path(row.workspace), f"fleet/{row.name}")
        now = self._clock()
        await anyio.to_thread.run_sync(
            lambda: self._store.set_agent(
                row.id, now, phase="ready", owner=None, base_commit=workspace.base_commit
            )
        )
        found = await self._find(row.name)
        return found[0]

    async def _discard(self, row: AgentRow) -> None:
        """Undo a create that failed half-way: nothing of it is left."""
        try:
            await remove_workspace(Path(row.source), _workspace(row))
        except GitError:
            logger.warning("could not remove the workspace of %s", row.name, exc_info=True)
        await anyio.to_thread.run_sync(shutil.rmtree, self._agent_dir(row.id), True)
        await anyio.to_thread.run_sync(self._store.delete_agent, row.id)

    def _agent_dir(self, agent_id: str) -> Path:
        return self._home / "agents" / agent_id

    async def _at_risk(self, agent: AgentRow) -> WorkAtRisk:
        """What only this agent holds, in its worktree or on its branch (either may have been
        removed by hand); nothing, for a workspace never finished."""
        if not agent.base_commit:
            return WorkAtRisk(commits=[], files=[])
        try:
            return await _review.at_risk(
                Path(agent.source), Path(agent.workspace), f"fleet/{agent.name}", agent.base_commit
            )
        except GitError as exc:
            raise _git_failed(
                agent, f"Cannot tell what the worktree of '{agent.name}' holds", exc
            ) from exc

    async def _gone(self, agent: AgentRow) -> str:
        """What of its workspace was removed by hand, in words ("" when nothing was)."""
        path, branch = Path(agent.workspace), agent.branch
        if branch is None or not agent.base_commit or lost_repository(path):
            return ""
        worktree = (path / ".git").exists()
        try:
            kept = await _review.has_branch(path if worktree else Path(agent.source), branch)
        except (GitError, OSError):
            return ""
        if worktree and not kept:
            return (
                f" (its branch {branch} is gone, deleted by hand?; its worktree's HEAD holds its "
                f"commits: git -C {path} switch -c {branch} makes the branch again)"
            )
        if not worktree:
            held = f"its branch {branch} holds its commits" if kept else f"so is {branch}"
            return f" (its worktree {path} is gone, removed by hand?; {held})"
        return ""

    async def delete_agent(self, name: str, *, force: bool, dry_run: bool) -> Deleted:
        agent, task = await self._find(name)
        status = self._state(agent, task, self._clock()).status
        if status in ("starting", "deleting") and not force:
            raise ConflictError(
                f"Agent '{agent.name}' is {status} (another call is at it); try again once it "
                "is done, or delete with force: true",
                agent_name=agent.name,
                status=status,
            )
        work = await self._at_risk(agent)
        risky = bool(work.commits or work.files)
        gone = await self._gone(agent)
        if dry_run:
            said = describe_work(work)
            note = (
                f"; it would lose {said}" + ("" if force else " (refused without force)")
                if risky
                else "; nothing in its worktree or on its branch is on no other branch"
            )
            return Deleted(agent.name, agent.id, note + gone, dry_run=True, work=work)
        if risky and not force:
            raise ConflictError(
                f"Agent '{agent.name}' holds work that is on no other branch: "
                f"{describe_work(work)}{gone}. Merge it first (merge_agent_work), or delete with "
                "force: true (the work is then kept only in a patch file)",
                agent_name=agent.name,
                commits=[c.id for c in work.commits],
                files=work.files,
            )
        now = self._clock()
        await anyio.to_thread.run_sync(
            lambda: self._store.set_agent(agent.id, now, phase="deleting", owner=owner_identity())
        )
        if task is not None:
            await _runs.stop(Path(task.run_dir), Path(agent.workspace), task.message)
            work = await self._at_risk(agent)  # what the stopped task left counts too
            risky = bool(work.commits or work.files)
        stamp = now.strftime("%Y%m%dT%H%M%SZ")
        patch = self._home / "patches" / f"{agent.name}-{stamp}.patch"
        try:
            # What is on another branch is not lost; the rest is kept in a patch (force).
            source = Path(agent.source)
            changed = await save_work(_workspace(agent), patch, source) if risky else 0
            await remove_workspace(source, _workspace(agent))
        except GitError as exc:
            await anyio.to_thread.run_sync(
                lambda: self._store.set_agent(agent.id, self._clock(), phase="ready", owner=None)
            )
            raise _git_failed(agent, f"Cannot delete agent '{agent.name}'", exc) from exc
        await anyio.to_thread.run_sync(shutil.rmtree, self._agent_dir(agent.id), True)
        await anyio.to_thread.run_sync(self._store.delete_agent, agent.id)
        await self._tasks.dispatch()  # its slot is free
        note = ""
        if changed:
            files = "1 file" if changed == 1 else f"{changed} files"
            note = f"; its work ({files} changed since it started) is kept in {patch}"
        return Deleted(
            agent.name,
            agent.id,
            note,
            work=work if risky else None,
            patch=str(patch) if changed else None,
        )

    async def restart_agent(self, name: str, *, force: bool, dry_run: bool) -> Restarted:
        agent, task = await self._find(name)
        state = self._state(agent, task, self._clock())
        if agent.phase == "deleting":
            raise InvalidInputError(
                f"Agent '{agent.name}' is {state.status} (being deleted); delete it again",
                agent_name=agent.name,
                status=state.status,
            )
        if agent.phase == "creating":
            if state.status == "starting":
                raise InvalidInputError(
                    f"Agent '{agent.name}' is still being made", agent_name=agent.name
                )
            never = (  # its making was cut short before its task began
                "; the task it was created with was never started: start it with start_agent_task"
            )
            if dry_run:
                return Restarted(state, f"; its workspace would be made again{never}", dry_run=True)
            await self._remake(agent)
            return Restarted(await self.get_agent(name), f"; its workspace was made again{never}")
        running = state.status in ("busy", "queued", "stopped") and task is not None
        try:
            lost, cannot = await self._lost_worktree(agent, running), ""
        except _Unmakeable as exc:
            lost, cannot = None, f"; {exc}"
        if dry_run:
            stop = (
                f"; it would stop its task '{task.message[:60]}' (what the task changed is "
                "committed on its branch)"
                if running and task is not None
                else ""
            )
            if lost:
                gone = f"its worktree {agent.workspace} is gone: it would be made again from {lost}"
                note = f"{stop}; {gone}" if stop else f"; nothing runs; {gone}"
            elif cannot:
                note = stop + cannot
            elif stop:
                note = f"{stop}; its worktree and branch are kept"
            else:
                note = "; nothing runs: it would only clear its status; its worktree is kept"
            return Restarted(state, note, dry_run=True)
        if task is not None:
            if task.state == "queued":
                await anyio.to_thread.run_sync(self._store.drop_task, task.id)
            await _runs.stop(Path(task.run_dir), Path(agent.workspace), task.message)
        note = ""
        if lost and agent.branch is not None:
            try:
                await restore_worktree(Path(agent.source), Path(agent.workspace), agent.branch)
            except GitError as exc:
                doing = f"Cannot make the worktree of '{agent.name}' again"
                raise _git_failed(agent, doing, exc) from exc
            note = f"; its worktree, gone, was made again from {lost}"
        note += cannot
        now = self._clock()
        await anyio.to_thread.run_sync(lambda: self._store.set_agent(agent.id, now, reset_at=now))
        await self._tasks.dispatch()
        return Restarted(await self.get_agent(name), note)

    async def _lost_worktree(self, agent: AgentRow, running: bool) -> str | None:
        """For an agent whose worktree was removed by hand, the branch it can be made again
        from ("its branch fleet/x"); None when its worktree is there. When it cannot be made
        again: INVALID_INPUT, or, when a task is to be stopped, :class:`_Unmakeable` saying
        why."""
        path, source, branch = Path(agent.workspace), Path(agent.source), agent.branch
        if await anyio.Path(path, ".git").exists():
            return None
        why = (
            "it was a copy of a plain folder"
            if branch is None
            else f"its repository {source} is not a folder (moved?)"
            if not await anyio.Path(source).is_dir()
            else None
        )
        try:
            if why is None and branch is not None and not await _review.has_branch(source, branch):
                why = f"its branch {branch} is gone too"
        except GitError as exc:
            why = str(exc)
        if why is None:
            return f"its branch {branch}"
        cannot = (
            f"its workspace {path} is gone (removed by hand?) and {why}, so there is nothing to "
            "make it again from; delete it (delete_agent)"
        )
        if not running:  # nothing to stop either: the restart would do nothing
            raise InvalidInputError(
                f"Cannot restart agent '{agent.name}': {cannot}", agent_name=agent.name
            )
        raise _Unmakeable(cannot)

    async def _remake(self, agent: AgentRow) -> None:
        """Make again the workspace of an agent whose making was cut short."""
        try:
            await remove_workspace(Path(agent.source), _workspace(agent))
            await anyio.to_thread.run_sync(
                lambda: self._store.set_agent(agent.id, self._clock(), owner=owner_identity())
            )
            await self._make_workspace(agent)
        except GitError as exc:
            raise InternalError(f"Cannot make the workspace of '{agent.name}': {exc}") from exc

    # --- tasks ---------------------------------------------------------------------------------

    async def start_task(self, name: str, task: str) -> StartedTask:
        agent, _ = await self._find(name)
        role = self._role(agent.project, agent.role)
        check_runnable(role, agent.role, task)
        return await self._tasks.start(agent, role, task)

    async def cancel_task(self, name: str) -> Cancelled:
        agent, task = await self._find(name)
        return Cancelled(agent.name, interrupted=await self._tasks.cancel(agent, task))

    async def queue(self) -> list[QueuedTask]:
        return await self._tasks.queue()

    async def dispatch(self) -> None:
        await self._tasks.dispatch()

    async def task_history(self, name: str) -> Records[TaskDetail]:
        agent, _ = await self._find(name)
        return await self._tasks.history(agent)

    async def logs(self, name: str) -> Records[LogEntryDetail]:
        agent, _ = await self._find(name)
        return await self._tasks.logs(agent)

    async def follow_log(
        self, name: str, cursor: LogCursor | None
    ) -> tuple[list[LogEntryDetail], LogCursor]:
        agent, _ = await self._find(name)
        return await self._tasks.follow(agent, cursor)

    # --- review --------------------------------------------------------------------------------

    async def diff(self, name: str) -> AgentDiff:
        agent, _ = await self._find(name)
        path = Path(agent.workspace)
        if not agent.base_commit or not (path / ".git").exists():
            raise InvalidInputError(
                f"Agent '{agent.name}' has no workspace to compare (status: "
                f"{self._state(agent, None, self._clock()).status})",
                agent_name=agent.name,
            )
        try:
            commits = await _review.log_commits(path, "HEAD", agent.base_commit)
            files = await _review.diff_files(path, agent.base_commit)
            pending = await _review.uncommitted(path)
        except GitError as exc:
            raise _git_failed(agent, f"Cannot read the diff of '{agent.name}'", exc) from exc
        return AgentDiff(agent.name, agent.branch, agent.base_commit, commits, pending, files)

    async def merge(self, name: str, *, open_pull_request: bool) -> Merged:
        agent, task = await self._find(name)
        state = self._state(agent, task, self._clock())
        if state.status in ("busy", "queued", "starting", "deleting"):
            raise ConflictError(
                f"Agent '{agent.name}' is {state.status}; merge its work once it is idle",
                agent_name=agent.name,
                status=state.status,
            )
        _, project = self._project(agent.project)
        base = project.base_branch or agent.base_branch
        if agent.branch is None or base is None:
            why = (
                "its project is a plain folder, not a git repository"
                if agent.branch is None
                else "it started from a detached HEAD; set base_branch for the project"
            )
            raise InvalidInputError(
                f"Cannot merge agent '{agent.name}': {why}", agent_name=agent.name
            )
        landing = _review.Landing(
            Path(agent.source), Path(agent.workspace), agent.branch, base, agent.name
        )
        try:
            await self._checkpoint(agent, "before merging")
            if open_pull_request:
                title = f"{agent.name}: {(task.message if task else agent.name)[:60]}"
                body = (
                    f"The work of fleet agent '{agent.name}' (branch {agent.branch}), opened by "
                    "the fleet server.\n\nIts last task:\n\n" + (task.message if task else "(none)")
                )
                return await landing.open_pull_request(title, body)
            return await landing.merge(project.merge)
        except GitError as exc:
            raise _git_failed(agent, f"Cannot merge agent '{agent.name}'", exc) from exc

    async def _checkpoint(self, agent: AgentRow, when: str) -> None:
        """Commit what the worktree holds uncommitted (a task ended without its checkpoint)."""
        message = f"fleet: checkpoint of what {agent.name} left uncommitted, {when}\n"
        saved = await anyio.to_thread.run_sync(
            checkpoint, Path(agent.workspace), message, child_env()
        )
        if saved.error is not None:
            raise GitError(f"git commit failed: {saved.error}")

    async def metadata(self, agent: AgentState) -> Metadata:
        folder = Path(agent.location)
        if not folder.is_dir():
            return {}
        return await self._collector.collect(folder, self._fleet.passed(agent.project, agent.role))


def _last_usage(task: TaskRow | None) -> dict[str, Any] | None:
    """What the task's CLI reported using, as its run folder records it (None: nothing)."""
    if task is None or task.state != "started":
        return None
    found = _runs.read_usage(Path(task.run_dir))
    return None if found is None else found.as_dict()


class _Unmakeable(Exception):
    """An agent's workspace is gone and cannot be made again; the message says why."""


def _git_failed(agent: AgentRow, doing: str, exc: GitError) -> FleetError:
    """A git command on the agent's worktree failed: a worktree whose repository moved is
    said with its fix (INVALID_INPUT), anything else is ours (INTERNAL_ERROR). ``doing`` is
    what failed ("Cannot read the diff of 'x'")."""
    lost = lost_repository(Path(agent.workspace))
    if lost is not None:
        return InvalidInputError(
            f"{doing}: its worktree {agent.workspace} has lost its repository "
            f"({lost} is gone: was the repository moved?); run `git worktree repair "
            f"{agent.workspace}` in the repository where it is now, then try again",
            agent_name=agent.name,
            worktree=agent.workspace,
        )
    return InternalError(
        f"{doing}: {exc}; its workspace is at {agent.workspace}",
        agent_name=agent.name,
    )


def _workspace(agent: AgentRow) -> Workspace:
    return Workspace(Path(agent.workspace), agent.branch, agent.base_commit)


def _project(name: str, config: ProjectConfig) -> Project:
    return Project(id=project_id(name), name=name, description=config.description)


async def _current_branch(source: Path) -> str | None:
    try:
        return (await run_git("symbolic-ref", "--quiet", "--short", "HEAD", cwd=source)).strip()
    except GitError:
        return None  # a detached HEAD
