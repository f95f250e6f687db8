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
from typing import Generic, Protocol, TypeVar

from servers.fleet.metadata import Metadata
from servers.fleet.models import AgentStatus, LogEntryDetail, Project, Role, TaskDetail

__all__ = ["AgentState", "Backend", "Deleted", "Records", "StartedTask"]

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


@dataclass(frozen=True)
class StartedTask:
    agent_name: str
    message: str
    created_at: datetime


@dataclass(frozen=True)
class Deleted:
    agent_name: str
    workspace_id: str
    note: str = ""  # said after "Agent 'x' deleted", e.g. where uncommitted work was kept


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

    async def delete_agent(self, name: str) -> Deleted: ...

    async def restart_agent(self, name: str) -> AgentState: ...

    async def start_task(self, name: str, task: str) -> StartedTask:
        """Send ``task`` to an idle agent (CONFLICT when busy, INVALID_INPUT when offline)."""
        ...

    async def cancel_task(self, name: str) -> str:
        """Interrupt the running task (INVALID_INPUT when none runs); the agent's name once
        the interrupt is sent."""
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
