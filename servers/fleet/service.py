"""The fleet's rules, over any backend: no MCP here, no SQL, no HTTP.

- Names are looked up without regard to case; responses carry the name as it was created.
- ``create_agent`` without a role takes the project's default role, else ``coder`` if the
  project has it, else it is INVALID_INPUT listing the roles.
- Metadata: ``show_agent`` always collects it fresh; ``list_agents`` collects every agent's at
  once, and may serve values this process collected up to ``metadata_ttl`` seconds ago. A list
  shows the values of ``include_in_list`` fields only, with the count of all fields. Collecting
  metadata never fails a call: what cannot be read is an empty set or a field's ``error``.
- History and logs come newest first, in pages (a page past the end is empty).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, TypeVar

import anyio

from servers.fleet.backend import AgentState, Backend
from servers.fleet.errors import InvalidInputError
from servers.fleet.metadata import Metadata, MetadataCache
from servers.fleet.models import (
    Agent,
    AgentListItem,
    AgentNameInput,
    CancelAgentTaskResponse,
    CreateAgentInput,
    CreateAgentResponse,
    DeleteAgentResponse,
    ListAgentProjectsInput,
    ListAgentProjectsResponse,
    ListAgentRolesInput,
    ListAgentRolesResponse,
    ListAgentsInput,
    ListAgentsResponse,
    MetadataField,
    MetadataSchema,
    RestartAgentResponse,
    ShowAgentLogInput,
    ShowAgentLogResponse,
    ShowAgentResponse,
    ShowAgentTaskHistoryInput,
    ShowAgentTaskHistoryResponse,
    StartAgentTaskInput,
    StartAgentTaskResponse,
    TaskInfo,
)

__all__ = ["FleetService"]

logger = logging.getLogger(__name__)

T = TypeVar("T")
DEFAULT_ROLE = "coder"


class FleetService:
    def __init__(self, backend: Backend, *, metadata_ttl: float = 10.0) -> None:
        self._backend = backend
        self._cache = MetadataCache(metadata_ttl)

    # --- discovery -----------------------------------------------------------------------------

    async def list_agents(self, args: ListAgentsInput) -> ListAgentsResponse:
        agents = await self._backend.list_agents()
        if args.status_filter is not None:
            agents = [a for a in agents if a.status == args.status_filter]
        if args.project_filter is not None:
            wanted = args.project_filter.casefold()
            agents = [a for a in agents if a.project.casefold() == wanted]
        metadata = await self._metadata_of(agents)
        items = [
            AgentListItem(
                **_fields(agent),
                metadata_count=len(fields),
                metadata={k: v.value for k, v in fields.items() if v.include_in_list},
            )
            for agent, fields in zip(agents, metadata, strict=True)
        ]
        return ListAgentsResponse(agents=items, total_count=len(items))

    async def show_agent(self, args: AgentNameInput) -> ShowAgentResponse:
        agent = await self._backend.get_agent(args.agent_name)
        fields = await self._collect(agent)
        return ShowAgentResponse(agent=_agent(agent, fields))

    async def list_agent_projects(self, args: ListAgentProjectsInput) -> ListAgentProjectsResponse:
        projects = await self._backend.list_projects()
        return ListAgentProjectsResponse(projects=projects, total_count=len(projects))

    async def list_agent_roles(self, args: ListAgentRolesInput) -> ListAgentRolesResponse:
        project, roles, _ = await self._backend.list_roles(args.project)
        return ListAgentRolesResponse(project=project.name, roles=roles, total_count=len(roles))

    # --- lifecycle -----------------------------------------------------------------------------

    async def create_agent(self, args: CreateAgentInput) -> CreateAgentResponse:
        role = args.role
        if role is None:
            project, roles, default = await self._backend.list_roles(args.project)
            names = [r.name for r in roles]
            role = default or (DEFAULT_ROLE if DEFAULT_ROLE in names else None)
            if role is None:
                raise InvalidInputError(
                    f"role: project '{project.name}' has no default role; give one of: "
                    + ", ".join(names),
                    field="role",
                    roles=names,
                )
        agent = await self._backend.create_agent(args.name, args.project, role, args.task)
        return CreateAgentResponse(
            agent=_agent(agent, {}), message=f"Agent '{agent.name}' created successfully"
        )

    async def delete_agent(self, args: AgentNameInput) -> DeleteAgentResponse:
        deleted = await self._backend.delete_agent(args.agent_name)
        self._cache.drop(deleted.workspace_id)
        return DeleteAgentResponse(
            agent_name=deleted.agent_name,
            workspace_id=deleted.workspace_id,  # type: ignore[arg-type]
            message=f"Agent '{deleted.agent_name}' deleted successfully{deleted.note}",
        )

    async def restart_agent(self, args: AgentNameInput) -> RestartAgentResponse:
        agent = await self._backend.restart_agent(args.agent_name)
        return RestartAgentResponse(
            agent_name=agent.name,
            workspace_id=agent.workspace_id,  # type: ignore[arg-type]
            status=agent.status,
            message=f"Agent '{agent.name}' restart initiated",
        )

    # --- tasks ---------------------------------------------------------------------------------

    async def start_agent_task(self, args: StartAgentTaskInput) -> StartAgentTaskResponse:
        started = await self._backend.start_task(args.agent_name, args.task_description)
        return StartAgentTaskResponse(
            agent_name=started.agent_name,
            task=TaskInfo(message=started.message, created_at=started.created_at),
            message=f"Task assigned to agent '{started.agent_name}'",
        )

    async def cancel_agent_task(self, args: AgentNameInput) -> CancelAgentTaskResponse:
        name = await self._backend.cancel_task(args.agent_name)
        return CancelAgentTaskResponse(
            agent_name=name,
            message=f"Interrupt signal sent to agent '{name}'",
            interrupt_sent=True,
        )

    async def show_agent_task_history(
        self, args: ShowAgentTaskHistoryInput
    ) -> ShowAgentTaskHistoryResponse:
        tasks = await self._backend.task_history(args.agent_name)
        page, has_next = _page(tasks.items, args.page, args.page_size)
        return ShowAgentTaskHistoryResponse(
            agent_name=tasks.agent_name,
            tasks=page,
            total_count=len(tasks.items),
            page=args.page,
            page_size=args.page_size,
            has_next_page=has_next,
            has_previous_page=args.page > 1,
        )

    async def show_agent_log(self, args: ShowAgentLogInput) -> ShowAgentLogResponse:
        logs = await self._backend.logs(args.agent_name)
        page, has_next = _page(logs.items, args.page, args.page_size)
        return ShowAgentLogResponse(
            agent_name=logs.agent_name,
            logs=page,
            total_count=len(logs.items),
            page=args.page,
            page_size=args.page_size,
            has_next_page=has_next,
            has_previous_page=args.page > 1,
        )

    # --- metadata ------------------------------------------------------------------------------

    async def _collect(self, agent: AgentState) -> Metadata:
        """Fresh metadata of one agent (kept for later lists)."""
        try:
            fields = await self._backend.metadata(agent)
        except Exception:
            logger.warning("no metadata for agent %s", agent.name, exc_info=True)
            fields = {}
        self._cache.put(agent.workspace_id, fields)
        return fields

    async def _metadata_of(self, agents: Sequence[AgentState]) -> list[Metadata]:
        """Every agent's metadata, collected at once (recent values served from the cache)."""
        results: list[Metadata] = [{} for _ in agents]

        async def one(index: int, agent: AgentState) -> None:
            cached = self._cache.get(agent.workspace_id)
            results[index] = cached if cached is not None else await self._collect(agent)

        async with anyio.create_task_group() as tg:
            for index, agent in enumerate(agents):
                tg.start_soon(one, index, agent)
        return results


def _fields(agent: AgentState) -> dict[str, Any]:
    return {
        "name": agent.name,
        "workspace_id": agent.workspace_id,
        "status": agent.status,
        "role": agent.role,
        "project": agent.project,
        "last_task": agent.last_task,
        "created_at": agent.created_at,
        "updated_at": agent.updated_at,
    }


def _agent(agent: AgentState, fields: Metadata) -> Agent:
    return Agent(
        **_fields(agent),
        metadata_count=len(fields),
        metadata={
            name: MetadataField(
                value=f.value,
                error=f.error,
                schema=MetadataSchema(description=f.description, include_in_list=f.include_in_list),
            )
            for name, f in fields.items()
        },
    )


def _page(items: Sequence[T], page: int, size: int) -> tuple[list[T], bool]:
    start = (page - 1) * size
    return list(items[start : start + size]), start + size < len(items)
