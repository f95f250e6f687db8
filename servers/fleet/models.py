"""Fleet types at the MCP boundary: the tools' inputs and the contract's response models.

Names follow the contract: domain models have no suffix (``Agent``, ``Project``, ``Role``),
responses are ``{ToolName}Response``. Tool inputs are flat scalar fields.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal
from uuid import UUID

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

AgentStatus = Literal["starting", "idle", "busy", "failed", "stopping", "stopped", "deleting"]
"""``starting``: being made; ``idle``: ready for a task; ``busy``: running one; ``failed``: the
last task failed (until the next); ``stopping``; ``stopped``: not running (its process or
workspace is down); ``deleting``."""

AGENT_STATUSES: tuple[AgentStatus, ...] = (
    "starting",
    "idle",
    "busy",
    "failed",
    "stopping",
    "stopped",
    "deleting",
)
AGENT_NAME_PATTERN = r"^[A-Za-z0-9-]{1,32}$"
LogLevel = Literal["DEBUG", "INFO", "WARN", "ERROR"]


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be blank")
    return value


AgentName = Annotated[
    str,
    Field(
        min_length=1,
        max_length=32,
        pattern=AGENT_NAME_PATTERN,
        description="Agent name: 1-32 letters, digits and hyphens (unique without regard to case)",
    ),
]
TaskText = Annotated[str, Field(min_length=1), AfterValidator(_not_blank)]

_INPUT = ConfigDict(extra="forbid")


# --- tool inputs -------------------------------------------------------------------------------


class ListAgentsInput(BaseModel):
    model_config = _INPUT

    status_filter: AgentStatus | None = Field(None, description="Only agents with this status")
    project_filter: str | None = Field(None, description="Only agents of this project")


class AgentNameInput(BaseModel):
    """The input of the tools that take only an agent's name."""

    model_config = _INPUT

    agent_name: AgentName


class ListAgentProjectsInput(BaseModel):
    model_config = _INPUT


class ListAgentRolesInput(BaseModel):
    model_config = _INPUT

    project: str = Field(min_length=1, description="Project name to list the roles of")


class CreateAgentInput(BaseModel):
    model_config = _INPUT

    name: AgentName
    project: str = Field(min_length=1, description="Project name (see list_agent_projects)")
    task: TaskText = Field(description="The first task: objectives and constraints")
    role: str | None = Field(
        None,
        min_length=1,
        description="Role (see list_agent_roles); default: the project's default role, "
        "else 'coder'",
    )


class StartAgentTaskInput(BaseModel):
    model_config = _INPUT

    agent_name: AgentName
    task_description: TaskText = Field(description="Description of the task to perform")


class ShowAgentTaskHistoryInput(BaseModel):
    model_config = _INPUT

    agent_name: AgentName
    page: int = Field(1, ge=1, description="Page number (1-indexed)")
    page_size: int = Field(20, ge=1, le=100, description="Items per page (max 100)")


class ShowAgentLogInput(BaseModel):
    model_config = _INPUT

    agent_name: AgentName
    page: int = Field(1, ge=1, description="Page number (1-indexed)")
    page_size: int = Field(1, ge=1, le=100, description="Items per page (max 100, default 1)")


# --- domain models -----------------------------------------------------------------------------


class MetadataSchema(BaseModel):
    description: str = Field(description="What the field means (the task's desc)")
    include_in_list: bool = Field(description="Whether list_agents shows it")


class MetadataField(BaseModel):
    """One workspace metadata field, as show_agent returns it."""

    model_config = ConfigDict(serialize_by_alias=True, validate_by_name=True)

    value: Any = Field(description="A number, a string, or null")
    error: str | None = Field(description="Why the value could not be read, else null")
    field_schema: MetadataSchema = Field(alias="schema")


class _AgentBase(BaseModel):
    name: str
    workspace_id: UUID
    status: AgentStatus
    role: str
    project: str
    last_task: str | None = Field(description="The most recent task, if any")
    created_at: datetime
    updated_at: datetime
    metadata_count: int = Field(ge=0, description="How many metadata fields the workspace has")


class Agent(_AgentBase):
    """An agent with its full workspace metadata (show_agent, create_agent)."""

    metadata: dict[str, MetadataField]


class AgentListItem(_AgentBase):
    """An agent as list_agents shows it: values of the include_in_list fields only."""

    metadata: dict[str, Any]


class Project(BaseModel):
    id: str
    name: str
    description: str


class Role(BaseModel):
    id: str
    name: str
    project_id: str


class TaskInfo(BaseModel):
    message: str
    created_at: datetime


class TaskDetail(BaseModel):
    message: str
    uri: str | None
    needs_user_attention: bool
    created_at: datetime


class LogEntryDetail(BaseModel):
    timestamp: datetime
    message: str
    level: LogLevel


# --- responses ---------------------------------------------------------------------------------


class ListAgentsResponse(BaseModel):
    agents: list[AgentListItem]
    total_count: int


class ShowAgentResponse(BaseModel):
    agent: Agent


class ListAgentProjectsResponse(BaseModel):
    projects: list[Project]
    total_count: int


class ListAgentRolesResponse(BaseModel):
    project: str
    roles: list[Role]
    total_count: int


class CreateAgentResponse(BaseModel):
    agent: Agent
    message: str


class DeleteAgentResponse(BaseModel):
    agent_name: str
    workspace_id: UUID
    message: str


class RestartAgentResponse(BaseModel):
    agent_name: str
    workspace_id: UUID
    status: AgentStatus
    message: str


class StartAgentTaskResponse(BaseModel):
    agent_name: str
    task: TaskInfo
    message: str


class CancelAgentTaskResponse(BaseModel):
    agent_name: str
    message: str
    interrupt_sent: bool


class ShowAgentTaskHistoryResponse(BaseModel):
    agent_name: str
    tasks: list[TaskDetail]
    total_count: int
    page: int
    page_size: int
    has_next_page: bool
    has_previous_page: bool


class ShowAgentLogResponse(BaseModel):
    agent_name: str
    logs: list[LogEntryDetail]
    total_count: int
    page: int
    page_size: int
    has_next_page: bool
    has_previous_page: bool
