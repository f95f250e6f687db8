"""The fleet's rules, over any backend: no MCP here, no SQL, no HTTP.

- Names are looked up without regard to case; responses carry the name as it was created.
- ``create_agent`` without a role takes the project's default role, else ``coder`` if the
  project has it, else it is INVALID_INPUT listing the roles.
- Metadata: ``show_agent`` always collects it fresh; ``list_agents`` collects every agent's at
  once, and may serve values this process collected up to ``metadata_ttl`` seconds ago. A list
  shows the values of ``include_in_list`` fields only, with the count of all fields. Collecting
  metadata never fails a call: what cannot be read is an empty set or a field's ``error``.
- History and logs come newest first, in pages (a page past the end is empty); so does a diff,
  by changed file.
- Feedback (``send_agent_feedback``) comments on files and lines of the agent's diff; each is
  checked against the diff (the file must be in it, the line in one of its hunks) and they go to
  the agent as its next task, the commented line quoted.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import anyio

from servers._common import shorten
from servers.fleet.backend import AgentState, Backend
from servers.fleet.errors import InvalidInputError
from servers.fleet.metadata import Metadata, MetadataCache
from servers.fleet.models import (
    Agent,
    AgentListItem,
    AgentNameInput,
    CancelAgentTaskResponse,
    ChangeAgentInput,
    CreateAgentInput,
    CreateAgentResponse,
    DeleteAgentResponse,
    DiffFile,
    DiffStat,
    ListAgentProjectsInput,
    ListAgentProjectsResponse,
    ListAgentRolesInput,
    ListAgentRolesResponse,
    ListAgentsInput,
    ListAgentsResponse,
    MergeAgentWorkInput,
    MergeAgentWorkResponse,
    MetadataField,
    MetadataSchema,
    QueuedTask,
    RestartAgentResponse,
    SendAgentFeedbackInput,
    SendAgentFeedbackResponse,
    ShowAgentDiffInput,
    ShowAgentDiffResponse,
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
    def __init__(
        self,
        backend: Backend,
        *,
        metadata_ttl: float = 10.0,
        changed: Callable[[], None] = lambda: None,
    ) -> None:
        self._backend = backend
        self._cache = MetadataCache(metadata_ttl)
        self._changed = changed  # told after a call that changes an agent (the watcher looks)

    @property
    def backend(self) -> Backend:
        return self._backend

    # --- discovery -----------------------------------------------------------------------------

    async def list_agents(self, args: ListAgentsInput) -> ListAgentsResponse:
        agents, queue = await self._agents_and_queue()
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
        return ListAgentsResponse(agents=items, total_count=len(items), queue=queue)

    async def _agents_and_queue(self) -> tuple[list[AgentState], list[QueuedTask]]:
        """The agents and the queue, read back to back, and again (up to twice) while an agent
        said to be queued is not in the queue read after it: a task that started between the
        two reads (trial 6 saw agents "queued" beside an empty queue)."""
        for _ in range(3):
            agents = await self._backend.list_agents()
            queue = await self._backend.queue()
            waiting = {q.agent_name for q in queue}
            if all(a.name in waiting for a in agents if a.status == "queued"):
                break
        return agents, queue

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
        self._changed()
        said = " (its task waits in the queue)" if agent.status == "queued" else ""
        return CreateAgentResponse(
            agent=_agent(agent, {}), message=f"Agent '{agent.name}' created successfully{said}"
        )

    async def delete_agent(self, args: ChangeAgentInput) -> DeleteAgentResponse:
        deleted = await self._backend.delete_agent(
            args.agent_name, force=args.force, dry_run=args.dry_run
        )
        if deleted.dry_run:
            message = f"Agent '{deleted.agent_name}' would be deleted{deleted.note}"
        else:
            self._cache.drop(deleted.workspace_id)
            self._changed()
            message = f"Agent '{deleted.agent_name}' deleted successfully{deleted.note}"
        return DeleteAgentResponse(
            agent_name=deleted.agent_name,
            workspace_id=deleted.workspace_id,  # type: ignore[arg-type]
            message=message,
            dry_run=deleted.dry_run,
            work=deleted.work,
            patch=deleted.patch,
        )

    async def restart_agent(self, args: ChangeAgentInput) -> RestartAgentResponse:
        restarted = await self._backend.restart_agent(
            args.agent_name, force=args.force, dry_run=args.dry_run
        )
        agent = restarted.agent
        if restarted.dry_run:
            message = f"Agent '{agent.name}' would be restarted{restarted.note}"
        else:
            self._changed()
            message = f"Agent '{agent.name}' restart initiated{restarted.note}"
        return RestartAgentResponse(
            agent_name=agent.name,
            workspace_id=agent.workspace_id,  # type: ignore[arg-type]
            status=agent.status,
            message=message,
            dry_run=restarted.dry_run,
        )

    # --- tasks ---------------------------------------------------------------------------------

    async def start_agent_task(self, args: StartAgentTaskInput) -> StartAgentTaskResponse:
        started = await self._backend.start_task(args.agent_name, args.task_description)
        self._changed()
        said = " (it waits in the queue for a free slot)" if started.queued else ""
        return StartAgentTaskResponse(
            agent_name=started.agent_name,
            task=TaskInfo(message=started.message, created_at=started.created_at),
            message=f"Task assigned to agent '{started.agent_name}'{said}",
            queued=started.queued,
        )

    async def cancel_agent_task(self, args: AgentNameInput) -> CancelAgentTaskResponse:
        cancelled = await self._backend.cancel_task(args.agent_name)
        self._changed()
        name = cancelled.agent_name
        return CancelAgentTaskResponse(
            agent_name=name,
            message=f"Interrupt signal sent to agent '{name}'"
            if cancelled.interrupted
            else f"The queued task of agent '{name}' was taken out of the queue before it started",
            interrupt_sent=cancelled.interrupted,
        )

    async def show_agent_task_history(
        self, args: ShowAgentTaskHistoryInput
    ) -> ShowAgentTaskHistoryResponse:
        tasks = await self._backend.task_history(args.agent_name)
        page, paging = _page(tasks.items, args.page, args.page_size)
        return ShowAgentTaskHistoryResponse(agent_name=tasks.agent_name, tasks=page, **paging)

    async def show_agent_log(self, args: ShowAgentLogInput) -> ShowAgentLogResponse:
        logs = await self._backend.logs(args.agent_name)
        page, paging = _page(logs.items, args.page, args.page_size)
        return ShowAgentLogResponse(agent_name=logs.agent_name, logs=page, **paging)

    # --- review --------------------------------------------------------------------------------

    async def show_agent_diff(self, args: ShowAgentDiffInput) -> ShowAgentDiffResponse:
        diff = await self._backend.diff(args.agent_name)
        page, paging = _page(diff.files, args.page, args.page_size)
        return ShowAgentDiffResponse(
            agent_name=diff.agent_name,
            branch=diff.branch,
            base_commit=diff.base_commit,
            commits=diff.commits,
            uncommitted_files=diff.uncommitted_files,
            stat=DiffStat(
                files_changed=len(diff.files),
                insertions=sum(f.insertions for f in diff.files),
                deletions=sum(f.deletions for f in diff.files),
            ),
            files=page,
            **paging,
        )

    async def merge_agent_work(self, args: MergeAgentWorkInput) -> MergeAgentWorkResponse:
        merged = await self._backend.merge(
            args.agent_name, open_pull_request=args.open_pull_request
        )
        self._changed()
        if merged.pull_request_url is not None:
            message = (
                f"Pull request opened for agent '{merged.agent_name}' into "
                f"'{merged.base_branch}': {merged.pull_request_url}"
            )
        elif merged.commits == 0:
            message = f"Nothing to merge: '{merged.base_branch}' has all of '{merged.agent_name}'"
        else:
            message = (
                f"Merged {merged.commits} commit(s) of agent '{merged.agent_name}' into "
                f"'{merged.base_branch}' ({merged.strategy})"
            )
        return MergeAgentWorkResponse(
            agent_name=merged.agent_name,
            base_branch=merged.base_branch,
            strategy=merged.strategy,
            merged_commit=merged.merged_commit,
            commits=merged.commits,
            pull_request_url=merged.pull_request_url,
            message=message,
        )

    async def send_agent_feedback(self, args: SendAgentFeedbackInput) -> SendAgentFeedbackResponse:
        diff = await self._backend.diff(args.agent_name) if args.comments else None
        files = {f.path: f for f in diff.files} if diff else {}
        parts = [
            "Feedback on your changes (the diff since you started). Address each comment, "
            "then say what you changed."
        ]
        if args.message:
            parts.append(args.message.strip())
        problems: dict[str, str] = {}
        for i, comment in enumerate(args.comments):
            where = f"comments[{i}]"
            found = files.get(comment.path)
            if found is None:
                known = ", ".join(shorten(p, 40) for p in list(files)[:10]) or "none"
                problems[f"{where}.path"] = (
                    f"'{shorten(comment.path)}' is not a file of its diff (its files: {known})"
                )
                continue
            lines = _new_lines(found)
            if lines is not None and comment.line not in lines:
                problems[f"{where}.line"] = (
                    f"line {comment.line} of {shorten(comment.path)} is not in its diff "
                    f"({_ranges(sorted(lines)) or 'no lines: the file was deleted'})"
                )
                continue
            quoted = f"\n    > {lines[comment.line]}" if lines else ""
            parts.append(f"{comment.path}, line {comment.line}:{quoted}\n{comment.comment.strip()}")
        if problems:
            described = "; ".join(f"{k}: {v}" for k, v in problems.items())
            raise InvalidInputError(
                f"Invalid feedback for '{args.agent_name}': {described}", fields=problems
            )
        started = await self._backend.start_task(args.agent_name, "\n\n".join(parts))
        self._changed()
        said = " (it waits in the queue for a free slot)" if started.queued else ""
        count = len(args.comments)
        return SendAgentFeedbackResponse(
            agent_name=started.agent_name,
            task=TaskInfo(message=started.message, created_at=started.created_at),
            comments_sent=count,
            queued=started.queued,
            message=f"Feedback ({count} comment(s)) sent to agent '{started.agent_name}' as "
            f"its next task{said}",
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
        "needs_user_attention": agent.attention is not None,
        "attention_reason": agent.attention,
        "last_task_usage": agent.last_task_usage,
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


def _page(items: Sequence[T], page: int, size: int) -> tuple[list[T], dict[str, Any]]:
    """Page ``page`` of ``items`` and the paging fields every paged response has."""
    start = (page - 1) * size
    return list(items[start : start + size]), {
        "total_count": len(items),
        "page": page,
        "page_size": size,
        "has_next_page": start + size < len(items),
        "has_previous_page": page > 1,
    }


_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")


def _new_lines(file: DiffFile) -> dict[int, str] | None:
    """The lines of the agent's version that the file's patch shows, by number (None: any line
    may be commented: the patch was cut)."""
    if file.truncated:
        return None
    lines: dict[int, str] = {}
    number = 0
    for line in file.patch.splitlines():
        if (hunk := _HUNK.match(line)) is not None:
            number = int(hunk.group(1))
        elif number and line[:1] in ("+", " "):
            lines[number] = line[1:]
            number += 1
    return lines


def _ranges(numbers: list[int]) -> str:
    """``[1, 2, 3, 7]`` as ``"lines 1-3, 7"``."""
    spans: list[list[int]] = []
    for n in numbers:
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    shown = ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in spans[:8])
    return f"lines {shown}" + (", ..." if len(spans) > 8 else "") if spans else ""
