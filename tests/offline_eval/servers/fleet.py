"""The fleet contract's 11 tools (`fleet-tools.md`, `fleet-metadata.md`) on an in-memory store:
the same names, parameters, constraints and annotations as `servers/fleet`, with agents that
are records rather than processes in worktrees (for routing, the schemas are what matters)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from tests.offline_eval.servers._state import load, save

mcp = MCPServer("fleet")

AgentStatus = Literal["starting", "idle", "busy", "failed", "stopping", "stopped", "deleting"]
_READ = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)
_WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False)
_DESTRUCTIVE = ToolAnnotations(read_only_hint=False, destructive_hint=True)
_NAME = Field(
    min_length=1,
    max_length=32,
    pattern=r"^[A-Za-z0-9-]{1,32}$",
    description="Agent name: 1-32 letters, digits and hyphens (unique without regard to case)",
)
AgentName = Annotated[str, _NAME]
PROJECTS = {"Setup": ["coder", "operator", "manager"], "DataOne": ["coder", "analyst"]}


class Agent(BaseModel):
    name: str
    workspace_id: str
    status: AgentStatus
    role: str
    project: str
    last_task: str | None
    created_at: str
    updated_at: str
    metadata_count: int = 0
    metadata: dict[str, Any] = {}


def _now() -> str:
    return datetime.now(UTC).isoformat()


def _agents() -> dict[str, dict]:
    return load().get("agents", {})


def _store(agents: dict[str, dict]) -> None:
    save({"agents": agents})


def _public(raw: dict) -> Agent:
    return Agent(**{k: v for k, v in raw.items() if k in Agent.model_fields})


def _get(agents: dict[str, dict], name: str) -> dict:
    found = agents.get(name.lower())
    if found is None:
        raise ToolError(
            f'{{"error": {{"code": "NOT_FOUND", "message": "Agent \'{name}\' '
            f'not found", "details": {{"agent_name": "{name}"}}}}}}'
        )
    return found


@mcp.tool(
    description="List the fleet's agents with their status, project, role and last "
    "task, optionally filtered by status or project; each with the values of its list "
    "metadata fields.",
    annotations=_READ,
)
def list_agents(
    status_filter: Annotated[
        AgentStatus | None, Field(description="Only agents with this status")
    ] = None,
    project_filter: Annotated[str | None, Field(description="Only agents of this project")] = None,
) -> dict[str, Any]:
    agents = [
        _public(a)
        for a in _agents().values()
        if (status_filter is None or a["status"] == status_filter)
        and (project_filter is None or a["project"].lower() == project_filter.lower())
    ]
    return {"agents": [a.model_dump() for a in agents], "total_count": len(agents)}


@mcp.tool(
    description="Show one agent in detail, with all its workspace metadata (git branch, "
    "pull request, ...).",
    annotations=_READ,
)
def show_agent(agent_name: AgentName) -> dict[str, Any]:
    return {"agent": _public(_get(_agents(), agent_name)).model_dump()}


@mcp.tool(description="List the projects agents can be created on.", annotations=_READ)
def list_agent_projects() -> dict[str, Any]:
    projects = [
        {"id": f"tpl-{n.lower()}", "name": n, "description": f"the {n} repository"}
        for n in PROJECTS
    ]
    return {"projects": projects, "total_count": len(projects)}


@mcp.tool(description="List the roles (agent commands or presets) of a project.", annotations=_READ)
def list_agent_roles(
    project: Annotated[str, Field(min_length=1, description="Project name to list the roles of")],
) -> dict[str, Any]:
    name = next((p for p in PROJECTS if p.lower() == project.lower()), None)
    if name is None:
        raise ToolError(f"Project '{project}' not found")
    roles = [
        {"id": f"{name}-{r}", "name": r, "project_id": f"tpl-{name.lower()}"}
        for r in PROJECTS[name]
    ]
    return {"project": name, "roles": roles, "total_count": len(roles)}


@mcp.tool(
    description="Create an agent in its own workspace on a project and start its first "
    "task. The role defaults to the project's default role.",
    annotations=_WRITE,
)
def create_agent(
    name: AgentName,
    project: Annotated[
        str, Field(min_length=1, description="Project name (see list_agent_projects)")
    ],
    task: Annotated[
        str, Field(min_length=1, description="The first task: objectives and constraints")
    ],
    role: Annotated[
        str | None,
        Field(
            min_length=1,
            description="Role (see list_agent_roles); "
            "default: the project's default role, else 'coder'",
        ),
    ] = None,
) -> dict[str, Any]:
    agents = _agents()
    if name.lower() in agents:
        raise ToolError(f"Agent '{name}' already exists")
    project_name = next((p for p in PROJECTS if p.lower() == project.lower()), None)
    if project_name is None:
        raise ToolError(f"Project '{project}' not found")
    role = role or PROJECTS[project_name][0]
    if role not in PROJECTS[project_name]:
        raise ToolError(f"Role '{role}' not found in project '{project_name}'")
    now = _now()
    agents[name.lower()] = {
        "name": name,
        "workspace_id": str(uuid.uuid4()),
        "status": "busy",
        "role": role,
        "project": project_name,
        "last_task": task,
        "created_at": now,
        "updated_at": now,
        "tasks": [{"message": task, "created_at": now}],
    }
    _store(agents)
    return {
        "agent": _public(agents[name.lower()]).model_dump(),
        "message": f"Agent '{name}' created successfully",
    }


@mcp.tool(
    description="Delete an agent and its workspace, even while busy (local: uncommitted "
    "work is kept in a patch file, named in the message).",
    annotations=_DESTRUCTIVE,
)
def delete_agent(agent_name: AgentName) -> dict[str, Any]:
    agents = _agents()
    gone = _get(agents, agent_name)
    del agents[agent_name.lower()]
    _store(agents)
    return {
        "agent_name": gone["name"],
        "workspace_id": gone["workspace_id"],
        "message": f"Agent '{gone['name']}' deleted successfully",
    }


@mcp.tool(
    description="Restart an agent whatever its state: stop what runs and bring it back to idle.",
    annotations=_DESTRUCTIVE,
)
def restart_agent(agent_name: AgentName) -> dict[str, Any]:
    agents = _agents()
    agent = _get(agents, agent_name)
    agent.update(status="idle", updated_at=_now())
    _store(agents)
    return {
        "agent_name": agent["name"],
        "workspace_id": agent["workspace_id"],
        "status": "idle",
        "message": f"Agent '{agent['name']}' restarted",
    }


@mcp.tool(description="Send a task to an idle agent (it becomes busy).", annotations=_WRITE)
def start_agent_task(
    agent_name: AgentName,
    task_description: Annotated[
        str, Field(min_length=1, description="Description of the task to perform")
    ],
) -> dict[str, Any]:
    agents = _agents()
    agent = _get(agents, agent_name)
    if agent["status"] == "busy":
        raise ToolError(f"Agent '{agent['name']}' is busy")
    now = _now()
    agent["tasks"].insert(0, {"message": task_description, "created_at": now})
    agent.update(status="busy", last_task=task_description, updated_at=now)
    _store(agents)
    return {
        "agent_name": agent["name"],
        "task": {"message": task_description, "created_at": now},
        "message": f"Task assigned to agent '{agent['name']}'",
    }


@mcp.tool(
    description="Cancel a busy agent's task by sending it an interrupt (Ctrl-C); it "
    "returns to idle once the task stops.",
    annotations=_DESTRUCTIVE,
)
def cancel_agent_task(agent_name: AgentName) -> dict[str, Any]:
    agents = _agents()
    agent = _get(agents, agent_name)
    if agent["status"] != "busy":
        raise ToolError(f"Agent '{agent['name']}' is not busy")
    agent.update(status="idle", updated_at=_now())
    _store(agents)
    return {
        "agent_name": agent["name"],
        "interrupt_sent": True,
        "message": f"Interrupt signal sent to agent '{agent['name']}'",
    }


@mcp.tool(description="An agent's tasks, newest first, in pages.", annotations=_READ)
def show_agent_task_history(
    agent_name: AgentName,
    page: Annotated[int, Field(ge=1, description="Page number (1-indexed)")] = 1,
    page_size: Annotated[int, Field(ge=1, le=100, description="Items per page (max 100)")] = 20,
) -> dict[str, Any]:
    tasks = _get(_agents(), agent_name)["tasks"]
    window = tasks[(page - 1) * page_size : page * page_size]
    return {
        "agent_name": agent_name,
        "total_count": len(tasks),
        "page": page,
        "page_size": page_size,
        "has_next_page": page * page_size < len(tasks),
        "has_previous_page": page > 1,
        "tasks": [{**t, "uri": None, "needs_user_attention": False} for t in window],
    }


@mcp.tool(
    description="An agent's log lines, newest first, in pages (by default only the latest line).",
    annotations=_READ,
)
def show_agent_log(
    agent_name: AgentName,
    page: Annotated[int, Field(ge=1, description="Page number (1-indexed)")] = 1,
    page_size: Annotated[
        int, Field(ge=1, le=100, description="Items per page (max 100, default 1)")
    ] = 1,
) -> dict[str, Any]:
    agent = _get(_agents(), agent_name)
    logs = [
        {"timestamp": t["created_at"], "message": f"working on: {t['message']}", "level": "INFO"}
        for t in agent["tasks"]
    ]
    window = logs[(page - 1) * page_size : page * page_size]
    return {
        "agent_name": agent["name"],
        "logs": window,
        "total_count": len(logs),
        "page": page,
        "page_size": page_size,
        "has_next_page": page * page_size < len(logs),
        "has_previous_page": page > 1,
    }


if __name__ == "__main__":
    mcp.run()
