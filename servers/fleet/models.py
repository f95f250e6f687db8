"""Fleet types at the MCP boundary: the tools' inputs and the contract's response models.

Names follow the contract: domain models have no suffix (``Agent``, ``Project``, ``Role``),
responses are ``{ToolName}Response``. Tool inputs are flat scalar fields.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal
from uuid import UUID

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from servers._common.process import ARGUMENT_LIMIT

AgentStatus = Literal[
    "starting", "queued", "idle", "busy", "failed", "stopping", "stopped", "deleting"
]
"""``starting``: being made; ``queued``: its task waits for a free slot (the project's
``max_busy_agents``); ``idle``: ready for a task; ``busy``: running one; ``failed``: the last
task failed, or making or deleting the agent was cut short (until the next task); ``stopping``;
``stopped``: not running (its process or workspace is down); ``deleting``."""

AGENT_STATUSES: tuple[AgentStatus, ...] = (
    "starting",
    "queued",
    "idle",
    "busy",
    "failed",
    "stopping",
    "stopped",
    "deleting",
)
MergeStrategy = Literal["fast-forward", "rebase", "merge"]
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


def _fits_an_argument(value: str) -> str:
    size = len(value.encode("utf-8", errors="surrogatepass"))
    if size > ARGUMENT_LIMIT:
        raise ValueError(
            f"takes {size} bytes; the agent's command gets the task as one command-line argument, "
            f"which takes at most {ARGUMENT_LIMIT}: put the details in a file of the project and "
            "name it in the task"
        )
    return value


TaskText = Annotated[
    str, Field(min_length=1), AfterValidator(_not_blank), AfterValidator(_fits_an_argument)
]

_INPUT = ConfigDict(extra="forbid")


# --- tool inputs -------------------------------------------------------------------------------


class ListAgentsInput(BaseModel):
    model_config = _INPUT

    status_filter: AgentStatus | None = Field(
        default=None, description="Only agents with this status"
    )
    project_filter: str | None = Field(default=None, description="Only agents of this project")


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
        default=None,
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


class ChangeAgentInput(BaseModel):
    """The input of delete_agent and restart_agent: what would be lost is said first."""

    model_config = _INPUT

    agent_name: AgentName
    force: bool = Field(
        default=False,
        description="delete_agent: go ahead even when the agent's worktree holds work that is on "
        "no other branch (it is kept in a patch file); restart_agent never loses work and needs "
        "no force",
    )
    dry_run: bool = Field(
        default=False, description="Only say what would be done and what work would be lost"
    )


class ShowAgentDiffInput(BaseModel):
    model_config = _INPUT

    agent_name: AgentName
    page: int = Field(1, ge=1, description="Page number (1-indexed), in changed files")
    page_size: int = Field(20, ge=1, le=100, description="Files per page (max 100)")


class MergeAgentWorkInput(BaseModel):
    model_config = _INPUT

    agent_name: AgentName
    open_pull_request: bool = Field(
        default=False,
        description="Push the agent's branch and open a pull request with gh instead of "
        "merging here",
    )


class FeedbackComment(BaseModel):
    model_config = _INPUT

    path: str = Field(min_length=1, description="A file of the agent's diff")
    line: int = Field(ge=1, description="A line of that file, as the agent's version has it")
    comment: TaskText = Field(description="What to change there")


class SendAgentFeedbackInput(BaseModel):
    model_config = _INPUT

    agent_name: AgentName
    comments: list[FeedbackComment] = Field(
        default_factory=list, max_length=100, description="Comments on files and lines"
    )
    message: str | None = Field(default=None, min_length=1, description="A general comment")

    @model_validator(mode="after")
    def _something_to_send(self) -> SendAgentFeedbackInput:
        if not self.comments and not (self.message and self.message.strip()):
            raise ValueError("give comments or a message")
        return self


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


class TaskUsage(BaseModel):
    """Tokens and cost a task's agent CLI reported (the CLI's own figures)."""

    input_tokens: int = Field(description="Every input token, cached or not")
    output_tokens: int
    cached_tokens: int = 0
    cache_write_tokens: int = 0
    reasoning_tokens: int = 0
    total_tokens: int
    reported: bool = Field(description="False: the CLI reported no tokens (unknown, not zero)")
    cost_usd: float | None = Field(
        description="The CLI's own cost, else priced by model; null: unknown, never a guess"
    )
    cost_source: Literal["cli", "prices"] | None = Field(
        description="cli: the CLI's figure; prices: the orchestrator's price table"
    )
    model: str | None = Field(description="The model, when the CLI or the command named it")


class _AgentBase(BaseModel):
    name: str
    workspace_id: UUID
    status: AgentStatus
    role: str
    project: str
    last_task: str | None = Field(description="The most recent task, if any")
    created_at: datetime
    updated_at: datetime
    needs_user_attention: bool = Field(
        default=False, description="It finished, failed or waits for input: someone should look"
    )
    attention_reason: str | None = Field(
        default=None, description="Why it needs its user, if it does"
    )
    metadata_count: int = Field(ge=0, description="How many metadata fields the workspace has")
    last_task_usage: TaskUsage | None = Field(
        default=None,
        description="What its latest task's agent CLI reported using (so far); null when it "
        "reported nothing",
    )


class Agent(_AgentBase):
    """An agent with its full workspace metadata (show_agent). In create_agent's answer the
    workspace has not been read yet: no metadata there (metadata_count 0), show_agent has it."""

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


TaskStatus = Literal[
    "queued", "running", "finished", "failed", "interrupted", "stopped", "lost", "cancelled"
]


class TaskDetail(BaseModel):
    message: str
    uri: str | None
    needs_user_attention: bool
    created_at: datetime
    status: TaskStatus | None = Field(
        default=None,
        description="What became of it: queued (waits for a free slot), running, finished, "
        "failed, interrupted (cancel_agent_task), stopped (a restart, or past its budget), lost "
        "(its supervisor vanished), cancelled (taken out of the queue before it started: it "
        "never ran); null where the backend cannot tell (Coder's status reports)",
    )
    usage: TaskUsage | None = Field(
        default=None,
        description="What its agent CLI reported using; null when it reported nothing (the "
        "role's command asks for no machine-readable output, or the task has not run)",
    )


class LogEntryDetail(BaseModel):
    timestamp: datetime
    message: str
    level: LogLevel


class Commit(BaseModel):
    id: str = Field(description="The commit's short id")
    subject: str
    created_at: datetime


class WorkAtRisk(BaseModel):
    """What an agent's worktree holds that no other branch has."""

    commits: list[Commit] = Field(description="Commits on its branch and no other, oldest first")
    files: list[str] = Field(description="Files changed, added or deleted and not committed")
    known: bool = Field(default=True, description="False when the workspace could not be inspected")


class DiffFile(BaseModel):
    path: str
    old_path: str | None = Field(default=None, description="Where it was, when it was renamed")
    status: Literal["added", "modified", "deleted", "renamed", "copied", "type-changed"]
    insertions: int
    deletions: int
    binary: bool
    patch: str = Field(description="The unified diff of this file (cut when too long)")
    truncated: bool


class DiffStat(BaseModel):
    files_changed: int
    insertions: int
    deletions: int


class QueuedTask(BaseModel):
    agent_name: str
    project: str
    task: str
    position: int = Field(ge=1, description="Its place in its project's queue")
    queued_at: datetime


# --- responses ---------------------------------------------------------------------------------


class ListAgentsResponse(BaseModel):
    agents: list[AgentListItem]
    total_count: int
    queue: list[QueuedTask] = Field(
        default_factory=list, description="Tasks waiting for a free slot, in the order they start"
    )


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
    dry_run: bool = False
    work: WorkAtRisk | None = Field(
        default=None, description="What its worktree held that no other branch had (kept in patch)"
    )
    patch: str | None = Field(default=None, description="The patch file its work was kept in")


class RestartAgentResponse(BaseModel):
    agent_name: str
    workspace_id: UUID
    status: AgentStatus
    message: str
    dry_run: bool = False


class StartAgentTaskResponse(BaseModel):
    agent_name: str
    task: TaskInfo
    message: str
    queued: bool = Field(
        default=False, description="It waits for a free slot (see list_agents' queue)"
    )


class ShowAgentDiffResponse(BaseModel):
    agent_name: str
    branch: str | None = Field(description="The agent's branch")
    base_commit: str = Field(description="Where it started")
    commits: list[Commit] = Field(description="Its commits since it started, oldest first")
    uncommitted_files: list[str] = Field(description="Files changed and not committed yet")
    stat: DiffStat
    files: list[DiffFile] = Field(description="This page of the changed files, with patches")
    total_count: int = Field(description="How many files changed")
    page: int
    page_size: int
    has_next_page: bool
    has_previous_page: bool


class MergeAgentWorkResponse(BaseModel):
    agent_name: str
    base_branch: str
    strategy: MergeStrategy | None = Field(description="How it was merged (none: a pull request)")
    merged_commit: str | None = Field(description="The base branch's new head")
    commits: int = Field(description="How many of the agent's commits it brought")
    pull_request_url: str | None
    message: str


class SendAgentFeedbackResponse(BaseModel):
    agent_name: str
    task: TaskInfo
    comments_sent: int
    queued: bool
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
