"""The seam between the fleet's rules and where agents live: local worktrees or Coder.

A backend knows agents by name (unique without regard to case) and answers in plain frozen
dataclasses, which carry the agent's name as it was created (so the service never looks an
agent up just to learn it); the service turns them into the contract's models, pages lists and
adds metadata.
Every method raises :class:`~servers.fleet.errors.FleetError` subclasses only.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar

from servers.fleet.metadata import Metadata
from servers.fleet.models import (
    AgentStatus,
    Commit,
    DiffFile,
    LogEntryDetail,
    MergeStrategy,
    Project,
    QueuedTask,
    Role,
    TaskDetail,
    WorkAtRisk,
)

__all__ = [
    "FOLLOW_START",
    "AgentDiff",
    "AgentState",
    "Backend",
    "Deleted",
    "LogCursor",
    "Merged",
    "Records",
    "Restarted",
    "StartedTask",
]

T = TypeVar("T")


@dataclass(frozen=True)
class AgentState:
    """An agent as a backend sees it now (status derived from its records, never cached)."""

    name: str
    workspace_id: str
    status: AgentStatus
    role: str
    project: str
    last_task: str | None
    created_at: datetime
    updated_at: datetime
    location: str = ""  # where its workspace is: a folder (local) or an app URL (Coder)
    attention: str | None = None  # why its user should look at it now (None: no need)
    last_task_usage: dict[str, Any] | None = None  # what its latest task's CLI reported using


@dataclass(frozen=True)
class StartedTask:
    agent_name: str
    message: str
    created_at: datetime
    queued: bool = False  # it waits for a free slot


@dataclass(frozen=True)
class Cancelled:
    """A task cancelled: its run interrupted, or (``interrupted`` False) taken out of the queue
    before it started."""

    agent_name: str
    interrupted: bool = True


@dataclass(frozen=True)
class Deleted:
    """A delete done (or, with ``dry_run``, what one would do)."""

    agent_name: str
    workspace_id: str
    note: str = ""  # said after "Agent 'x' deleted", e.g. where uncommitted work was kept
    dry_run: bool = False
    work: WorkAtRisk | None = None
    patch: str | None = None


@dataclass(frozen=True)
class Restarted:
    """A restart done (or, with ``dry_run``, what one would do)."""

    agent: AgentState
    note: str = ""
    dry_run: bool = False


@dataclass(frozen=True)
class AgentDiff:
    """What an agent changed since it started, every file (the service pages them)."""

    agent_name: str
    branch: str | None
    base_commit: str
    commits: list[Commit]
    uncommitted_files: list[str]
    files: list[DiffFile]


@dataclass(frozen=True)
class Merged:
    agent_name: str
    base_branch: str
    strategy: MergeStrategy | None
    merged_commit: str | None
    commits: int
    pull_request_url: str | None = None


FOLLOW_START = 200
LogCursor = str
"""Where a reader of an agent's log got to, opaque to everyone but its backend."""


@dataclass(frozen=True)
class Records(Generic[T]):
    """An agent's tasks or log lines, newest first."""

    agent_name: str
    items: list[T]


class Backend(Protocol):
    """Where the fleet's agents live."""

    async def list_projects(self) -> list[Project]: ...

    async def list_roles(self, project: str) -> tuple[Project, list[Role], str | None]:
        """The project (NotFoundError if unknown), its roles, and its default role if any."""
        ...

    async def list_agents(self) -> list[AgentState]: ...

    async def get_agent(self, name: str) -> AgentState:
        """The agent named ``name`` in any case; NotFoundError if there is none."""
        ...

    async def create_agent(self, name: str, project: str, role: str, task: str) -> AgentState:
        """Make the agent's workspace and start ``task`` in it (CONFLICT if the name is taken)."""
        ...

    async def delete_agent(self, name: str, *, force: bool, dry_run: bool) -> Deleted:
        """Delete the agent; CONFLICT, saying what would be lost, when its worktree holds work
        on no other branch and not ``force``; with ``dry_run``, change nothing."""
        ...

    async def restart_agent(self, name: str, *, force: bool, dry_run: bool) -> Restarted:
        """Stop what runs and bring the agent back; CONFLICT as delete_agent when the restart
        would lose work."""
        ...

    async def start_task(self, name: str, task: str) -> StartedTask:
        """Send ``task`` to an idle agent (CONFLICT when busy, INVALID_INPUT when offline);
        queued when the project has no free slot."""
        ...

    async def queue(self) -> list[QueuedTask]:
        """The tasks waiting for a free slot, in the order they will start."""
        ...

    async def dispatch(self) -> None:
        """Start the queued tasks that have a free slot now (any server process may)."""
        ...

    async def diff(self, name: str) -> AgentDiff:
        """What the agent changed since it started: commits and uncommitted changes."""
        ...

    async def merge(self, name: str, *, open_pull_request: bool) -> Merged:
        """Bring the agent's work into its base branch (or open a pull request); CONFLICT,
        naming the files, and nothing changed, when it does not merge cleanly."""
        ...

    async def follow_log(
        self, name: str, cursor: LogCursor | None
    ) -> tuple[list[LogEntryDetail], LogCursor]:
        """The agent's log lines after ``cursor``, oldest first, and the cursor after them;
        with no cursor, the latest task's lines so far (at most FOLLOW_START lines)."""
        ...

    async def cancel_task(self, name: str) -> Cancelled:
        """Interrupt the running task, or take the queued one out of the queue (INVALID_INPUT
        when there is neither)."""
        ...

    async def task_history(self, name: str) -> Records[TaskDetail]:
        """The agent's tasks, newest first."""
        ...

    async def logs(self, name: str) -> Records[LogEntryDetail]:
        """The agent's log lines, newest first."""
        ...

    async def metadata(self, agent: AgentState) -> Metadata:
        """The agent's workspace metadata, collected now (never raises: errors are fields)."""
        ...
