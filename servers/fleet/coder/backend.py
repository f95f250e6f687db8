"""The Coder backend (``FLEET_BACKEND=coder``): each agent is a Coder workspace running an AI task.

- Projects are templates that have a display name and an AI prompt parameter (``AI Prompt``,
  Coder's tasks convention, or ``ai_prompt``); roles are the presets of a template's active
  version (the preset marked ``Default`` is the default role).
- ``create_agent`` creates a workspace from the template with the role's preset and the task as
  the AI prompt; ``delete_agent`` and ``restart_agent`` are builds (``delete``; ``stop`` then,
  once it has stopped, ``start``).
- Status follows the latest build: pending/starting is ``starting``; running with every agent
  connected and ready is ``busy`` while the AI task's app reports ``working`` (``failed`` on
  ``failure``), else ``idle``, and ``starting`` until the agents are ready; stopping/canceling is
  ``stopping``, stopped/canceled ``stopped``, failed ``failed``, deleting/deleted ``deleting``.
- Tasks go through Coder's tasks API (send, logs); history is the AI app's status reports.
- Cancel posts the interrupt key (Ctrl-C by default, ESC for agents that need it) as a raw
  AgentAPI message through the workspace app proxy.
- Metadata: each workspace runs the fleet server in HTTP mode behind an app (slug ``fleet`` by
  default) that answers ``GET /metadata`` for its bearer token (``FLEET_METADATA_TOKEN`` here).
- Review, through the same app: ``GET /diff`` (``show_agent_diff``, ``send_agent_feedback``) and
  ``GET /work`` (what only the workspace holds). ``delete_agent`` refuses when the workspace
  holds work on no other branch, or cannot tell (the app does not answer), unless ``force``.
  ``restart_agent`` stops and starts the workspace, whose persistent volumes Coder keeps.
- Not on Coder: ``merge_agent_work`` (the base branch lives in the workspace's remote: push and
  open the pull request from the agent's own task) and the task queue (Coder schedules its
  workspaces itself); they are refused as ``unsupported``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import anyio

from servers._common import shorten
from servers.fleet.backend import (
    FOLLOW_START,
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
from servers.fleet.coder.client import CoderClient
from servers.fleet.coder.models import (
    PresetRemote,
    TemplateRemote,
    WorkspaceAgentRemote,
    WorkspaceAppRemote,
    WorkspaceRemote,
)
from servers.fleet.errors import (
    ConflictError,
    FleetError,
    InternalError,
    InvalidInputError,
    NotFoundError,
    ServiceUnavailableError,
    agent_exists,
    agent_not_found,
    describe_work,
    unsupported,
)
from servers.fleet.metadata import Metadata, MetadataValue
from servers.fleet.models import (
    AgentStatus,
    Commit,
    DiffFile,
    LogEntryDetail,
    Project,
    QueuedTask,
    Role,
    TaskDetail,
    WorkAtRisk,
)

__all__ = ["INTERRUPT_KEYS", "CoderBackend", "CoderSettings", "workspace_status"]

logger = logging.getLogger(__name__)

INTERRUPT_KEYS = {"ctrl-c": "\u0003", "esc": "\u001b"}
AI_PROMPT_PARAMETERS = ("AI Prompt", "ai_prompt")
_FINISHED_BUILD = {"stopped", "failed", "canceled", "deleted"}
_BUILD_STATUS: dict[str, AgentStatus] = {
    "pending": "starting",
    "starting": "starting",
    "stopping": "stopping",
    "canceling": "stopping",
    "stopped": "stopped",
    "canceled": "stopped",
    "failed": "failed",
    "deleting": "deleting",
    "deleted": "deleting",
}


@dataclass(frozen=True)
class CoderSettings:
    interrupt_key: str = "\u0003"
    task_app_slug: str | None = None  # None: the build's AI task app, else the first app
    metadata_app_slug: str = "fleet"
    metadata_token: str | None = None
    build_timeout: float = 300.0


def workspace_status(workspace: WorkspaceRemote) -> AgentStatus:
    build = workspace.latest_build
    if build.status != "running":
        return _BUILD_STATUS.get(build.status, "failed")
    agents = build.agents()
    if not agents or any(a.status != "connected" or a.lifecycle_state != "ready" for a in agents):
        return "starting"
    state = workspace.latest_app_status.state if workspace.latest_app_status else ""
    if state == "working":
        return "busy"
    return "failed" if state == "failure" else "idle"


class CoderBackend:
    def __init__(self, client: CoderClient, settings: CoderSettings | None = None) -> None:
        self._client = client
        self._settings = settings or CoderSettings()

    # --- projects and roles --------------------------------------------------------------------

    async def _projects(self) -> list[tuple[TemplateRemote, str]]:
        """Templates that are projects, each with the name of its AI prompt parameter."""
        templates = [t for t in await self._client.list_templates() if t.display_name]
        prompts: dict[str, str | None] = {}

        async def inspect(template: TemplateRemote) -> None:
            parameters = await self._client.rich_parameters(template.active_version_id)
            names = {p.name for p in parameters}
            prompts[template.id] = next((n for n in AI_PROMPT_PARAMETERS if n in names), None)

        async with anyio.create_task_group() as tg:
            for template in templates:
                tg.start_soon(inspect, template)
        return [(t, p) for t in templates if (p := prompts.get(t.id))]

    async def _project(self, name: str) -> tuple[TemplateRemote, str]:
        projects = await self._projects()
        folded = name.casefold()
        for template, prompt in projects:
            if template.display_name.casefold() == folded:
                return template, prompt
        known = ", ".join(t.display_name for t, _ in projects) or "none"
        raise NotFoundError(f"Project '{name}' not found; known projects: {known}", project=name)

    async def list_projects(self) -> list[Project]:
        return [
            Project(id=t.id, name=t.display_name, description=t.description)
            for t, _ in await self._projects()
        ]

    async def list_roles(self, project: str) -> tuple[Project, list[Role], str | None]:
        template, _ = await self._project(project)
        presets = await self._client.presets(template.active_version_id)
        roles = [Role(id=p.id, name=p.name, project_id=template.id) for p in presets]
        default = next((p.name for p in presets if p.default), None)
        found = Project(
            id=template.id, name=template.display_name, description=template.description
        )
        return found, roles, default

    # --- agents --------------------------------------------------------------------------------

    async def list_agents(self) -> list[AgentState]:
        workspaces = await self._client.list_workspaces()
        roles = await self._role_names(workspaces)
        return [self._state(w, roles) for w in workspaces]

    async def _role_names(self, workspaces: list[WorkspaceRemote]) -> dict[str, str]:
        """Preset id -> name, for the template versions these workspaces were built from."""
        versions = {
            w.latest_build.template_version_id
            for w in workspaces
            if w.latest_build.template_version_preset_id and w.latest_build.template_version_id
        }
        names: dict[str, str] = {}

        async def fetch(version: str) -> None:
            try:
                presets: list[PresetRemote] = await self._client.presets(version)
            except FleetError:
                return  # a role name is not worth failing a list for
            names.update({p.id: p.name for p in presets})

        async with anyio.create_task_group() as tg:
            for version in versions:
                if version:
                    tg.start_soon(fetch, version)
        return names

    async def _workspace(self, name: str) -> WorkspaceRemote:
        folded = name.casefold()
        for workspace in await self._client.list_workspaces():
            if workspace.name.casefold() == folded:
                return workspace
        raise agent_not_found(name)

    async def get_agent(self, name: str) -> AgentState:
        workspace = await self._workspace(name)
        return self._state(workspace, await self._role_names([workspace]))

    def _state(self, workspace: WorkspaceRemote, roles: dict[str, str]) -> AgentState:
        preset = workspace.latest_build.template_version_preset_id
        status = workspace.latest_app_status
        metadata_app = self._app(workspace, self._settings.metadata_app_slug)
        return AgentState(
            name=workspace.name,
            workspace_id=workspace.id,
            status=workspace_status(workspace),
            role=roles.get(preset or "", "default"),
            project=workspace.template_display_name or workspace.template_name,
            last_task=(status.message or None) if status else None,
            created_at=workspace.created_at,
            updated_at=workspace.updated_at,
            location=self._app_url(workspace, *metadata_app) if metadata_app else "",
            attention=_attention(workspace),
        )

    async def create_agent(self, name: str, project: str, role: str, task: str) -> AgentState:
        template, prompt = await self._project(project)
        presets = await self._client.presets(template.active_version_id)
        preset = next((p for p in presets if p.name == role), None)
        if preset is None:
            known = ", ".join(p.name for p in presets) or "none"
            raise NotFoundError(
                f"Role '{role}' not found in project '{template.display_name}'; its roles: {known}",
                project=template.display_name,
                role=role,
            )
        folded = name.casefold()
        existing = [w for w in await self._client.list_workspaces() if w.name.casefold() == folded]
        if existing:
            raise agent_exists(name, existing[0].name)
        organization = template.organization_id or await self._client.first_organization()
        try:
            workspace = await self._client.create_workspace(
                organization,
                name=name,
                template_id=template.id,
                preset_id=preset.id,
                parameters={prompt: task},
            )
        except ConflictError as exc:
            raise agent_exists(name, name) from exc
        return self._state(workspace, {preset.id: preset.name})

    async def delete_agent(self, name: str, *, force: bool, dry_run: bool) -> Deleted:
        workspace = await self._workspace(name)
        if force and not dry_run:  # told to go ahead: no need to ask the workspace
            await self._client.create_build(workspace.id, "delete")
            return Deleted(workspace.name, workspace.id)
        work = await self._work(workspace)
        risky = not work.known or bool(work.commits or work.files)
        if dry_run:
            what = (
                "it would lose what its workspace holds (its fleet app does not say what)"
                if not work.known
                else f"it would lose {describe_work(work)}"
                if risky
                else "nothing in its workspace is on no other branch"
            )
            return Deleted(workspace.name, workspace.id, f"; {what}", dry_run=True, work=work)
        if risky and not force:
            what = (
                "cannot tell what its workspace holds (its fleet app does not answer)"
                if not work.known
                else f"it holds work that is on no other branch: {describe_work(work)}"
            )
            raise ConflictError(
                f"Agent '{workspace.name}': {what}. Push it from the workspace first, or delete "
                "with force: true (the workspace and everything in it is then gone)",
                agent_name=workspace.name,
                commits=[c.id for c in work.commits],
                files=work.files,
            )
        await self._client.create_build(workspace.id, "delete")
        return Deleted(workspace.name, workspace.id)

    async def restart_agent(self, name: str, *, force: bool, dry_run: bool) -> Restarted:
        workspace = await self._workspace(name)
        if dry_run:
            state = self._state(workspace, await self._role_names([workspace]))
            note = "; its workspace would be stopped and started again (Coder keeps its volumes)"
            return Restarted(state, note, dry_run=True)
        if workspace.latest_build.status not in _FINISHED_BUILD:
            stop = await self._client.create_build(workspace.id, "stop")
            await self._wait_for_build(stop.id, name)
        await self._client.create_build(workspace.id, "start")
        return Restarted(await self.get_agent(name))

    async def _wait_for_build(self, build_id: str, name: str) -> None:
        """Wait until the build has finished; Coder has no push for it over REST, so look
        again with a backing-off delay, within the build timeout."""
        delay = 0.05
        with anyio.move_on_after(self._settings.build_timeout) as scope:
            while (await self._client.get_build(build_id)).status not in _FINISHED_BUILD:
                await anyio.sleep(delay)
                delay = min(delay * 2, 2.0)
        if scope.cancelled_caught:
            raise ServiceUnavailableError(
                f"The workspace of '{name}' did not stop within "
                f"{self._settings.build_timeout:g} s; try again later",
                agent_name=name,
            )

    # --- tasks ---------------------------------------------------------------------------------

    async def start_task(self, name: str, task: str) -> StartedTask:
        workspace = await self._workspace(name)
        status = workspace_status(workspace)
        if status == "busy":
            raise ConflictError(
                f"Agent '{workspace.name}' is busy with a task; cancel it or wait until it ends",
                agent_name=workspace.name,
                status=status,
            )
        if status not in ("idle", "failed"):
            raise InvalidInputError(
                f"Agent '{workspace.name}' is offline ({status}) and cannot take a task",
                agent_name=workspace.name,
                status=status,
            )
        now = datetime.now(UTC)
        await self._client.send_task_input(workspace.owner_name, workspace.id, task)
        return StartedTask(workspace.name, task, now)

    async def cancel_task(self, name: str) -> Cancelled:
        workspace = await self._workspace(name)
        status = workspace_status(workspace)
        if status != "busy":
            raise InvalidInputError(
                f"Agent '{workspace.name}' has no running task to cancel (status: {status})",
                agent_name=workspace.name,
                status=status,
            )
        found = self._task_app(workspace)
        if found is None:
            raise ServiceUnavailableError(
                f"Agent '{workspace.name}' has no AgentAPI app to interrupt",
                agent_name=workspace.name,
            )
        url = self._app_url(workspace, *found)
        if not url:
            raise ServiceUnavailableError(
                f"The AgentAPI app of '{workspace.name}' has no address", agent_name=workspace.name
            )
        if found[1].subdomain and url.startswith("//"):
            url = await self._subdomain_url(url)
        await self._client.request(
            "POST",
            url + "message",
            json={"type": "raw", "content": self._settings.interrupt_key},
            what="AgentAPI",
        )
        return Cancelled(workspace.name)

    async def _subdomain_url(self, url: str) -> str:
        host = await self._client.app_host()
        if not host:
            raise ServiceUnavailableError("Coder serves no subdomain apps (no wildcard host)")
        scheme = self._client.base_url.split("://", 1)[0]
        return f"{scheme}://{url[2:]}{host.lstrip('*')}/"

    async def task_history(self, name: str) -> Records[TaskDetail]:
        workspace = await self._workspace(name)
        found = self._task_app(workspace)
        statuses = found[1].statuses if found else []
        dated = [s for s in statuses if s.created_at is not None]
        dated.sort(key=lambda s: s.created_at or datetime.min.replace(tzinfo=UTC), reverse=True)
        tasks = [
            TaskDetail(
                message=s.message,
                uri=s.uri or None,
                needs_user_attention=s.needs_user_attention,
                created_at=s.created_at,  # type: ignore[arg-type]
            )
            for s in dated
        ]
        return Records(workspace.name, tasks)

    async def logs(self, name: str) -> Records[LogEntryDetail]:
        workspace = await self._workspace(name)
        entries = await self._client.task_logs(workspace.owner_name, workspace.id)
        entries.sort(key=lambda e: e.time, reverse=True)
        lines = [LogEntryDetail(timestamp=e.time, message=e.content, level="INFO") for e in entries]
        return Records(workspace.name, lines)

    async def follow_log(
        self, name: str, cursor: LogCursor | None
    ) -> tuple[list[LogEntryDetail], LogCursor]:
        """Lines after ``cursor`` (how many lines were read: Coder's log only grows)."""
        workspace = await self._workspace(name)
        entries = await self._client.task_logs(workspace.owner_name, workspace.id)
        entries.sort(key=lambda e: e.time)
        seen = max(0, len(entries) - FOLLOW_START)
        if cursor is not None and cursor.isdigit():
            seen = int(cursor)
        lines = [
            LogEntryDetail(timestamp=e.time, message=e.content, level="INFO")
            for e in entries[seen:]
        ]
        return lines, str(len(entries))

    async def queue(self) -> list[QueuedTask]:
        return []  # Coder schedules its workspaces itself

    async def dispatch(self) -> None:
        return None

    # --- review, through the workspace's fleet app ---------------------------------------------

    async def _fleet_app(self, workspace: WorkspaceRemote, path: str) -> Any:
        found = self._app(workspace, self._settings.metadata_app_slug)
        url = self._app_url(workspace, *found) if found else ""
        if not url or url.startswith("//"):
            raise ServiceUnavailableError(
                f"Agent '{workspace.name}' has no fleet app "
                f"('{self._settings.metadata_app_slug}') to ask about its workspace",
                agent_name=workspace.name,
            )
        headers = {}
        if self._settings.metadata_token:
            headers["Authorization"] = f"Bearer {self._settings.metadata_token}"
        return await self._client.request(
            "GET", url + path, headers=headers, what="the workspace's fleet app"
        )

    async def _work(self, workspace: WorkspaceRemote) -> WorkAtRisk:
        try:
            return WorkAtRisk.model_validate(await self._fleet_app(workspace, "work"))
        except (FleetError, ValueError) as exc:
            logger.info("cannot tell what %s holds: %s", workspace.name, exc)
            return WorkAtRisk(commits=[], files=[], known=False)

    async def diff(self, name: str) -> AgentDiff:
        workspace = await self._workspace(name)
        body = await self._fleet_app(workspace, "diff")
        try:
            return AgentDiff(
                agent_name=workspace.name,
                branch=body.get("branch"),
                base_commit=str(body["base_commit"]),
                commits=[Commit.model_validate(c) for c in body.get("commits") or []],
                uncommitted_files=[str(f) for f in body.get("uncommitted_files") or []],
                files=[DiffFile.model_validate(f) for f in body.get("files") or []],
            )
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise InternalError(
                f"The fleet app of '{workspace.name}' answered /diff in an unexpected shape"
            ) from exc

    async def merge(self, name: str, *, open_pull_request: bool) -> Merged:
        workspace = await self._workspace(name)
        raise unsupported(
            "merge_agent_work",
            f"the base branch of '{workspace.name}' lives in its workspace's remote; give the "
            "agent a task to push its branch and open the pull request",
        )

    # --- workspace apps ------------------------------------------------------------------------

    def _app(
        self, workspace: WorkspaceRemote, slug: str
    ) -> tuple[WorkspaceAgentRemote, WorkspaceAppRemote] | None:
        for agent in workspace.latest_build.agents():
            for app in agent.apps:
                if app.slug == slug:
                    return agent, app
        return None

    def _task_app(
        self, workspace: WorkspaceRemote
    ) -> tuple[WorkspaceAgentRemote, WorkspaceAppRemote] | None:
        """The app running the AI task (AgentAPI): the configured slug, else the build's AI
        task app, else the first app that reports statuses."""
        if self._settings.task_app_slug:
            return self._app(workspace, self._settings.task_app_slug)
        sidebar = workspace.latest_build.ai_task_sidebar_app_id
        pairs = [(a, app) for a in workspace.latest_build.agents() for app in a.apps]
        for agent, app in pairs:
            if sidebar and app.id == sidebar:
                return agent, app
        return next(((a, app) for a, app in pairs if app.statuses), None)

    def _app_url(
        self, workspace: WorkspaceRemote, agent: WorkspaceAgentRemote, app: WorkspaceAppRemote
    ) -> str:
        """The app's base URL, ending in "/" (a subdomain app: "//NAME", resolved on use)."""
        if app.subdomain and app.subdomain_name:
            return f"//{app.subdomain_name}"
        base = self._client.base_url
        return f"{base}/@{workspace.owner_name}/{workspace.name}.{agent.name}/apps/{app.slug}/"

    async def metadata(self, agent: AgentState) -> Metadata:
        if not agent.location or agent.location.startswith("//"):
            return {}
        headers = {}
        if self._settings.metadata_token:
            headers["Authorization"] = f"Bearer {self._settings.metadata_token}"
        try:
            body = await self._client.request(
                "GET",
                agent.location + "metadata",
                headers=headers,
                what="the workspace's fleet app",
            )
        except FleetError as exc:
            logger.info("no metadata for %s: %s", agent.name, exc)
            return {}
        return parse_metadata(body)


def _attention(workspace: WorkspaceRemote) -> str | None:
    """Why the agent needs its user, from its AI task's latest report: it asked for them
    (``needs_user_attention``), finished (``complete``) or failed (``failure``)."""
    status = workspace.latest_app_status
    if status is None or workspace.latest_build.status != "running":
        return None
    said = f": {shorten(status.message)}" if status.message else ""
    if status.state == "failure":
        return f"failed{said}"
    if status.needs_user_attention:
        return f"waiting for input{said}"
    if status.state == "complete":
        return f"finished{said}"
    return None


def parse_metadata(body: Any) -> Metadata:
    """The fields of a ``GET /metadata`` answer: ``{"metadata": {name: {value, error,
    schema}}}``."""
    fields: Metadata = {}
    raw = body.get("metadata") if isinstance(body, dict) else None
    if not isinstance(raw, dict):
        return fields
    for name, field in raw.items():
        if not isinstance(field, dict):
            continue
        schema = field.get("schema")
        schema = schema if isinstance(schema, dict) else {}
        value = field.get("value")
        fields[str(name)] = MetadataValue(
            value=value if isinstance(value, int | float | str) or value is None else str(value),
            error=field.get("error") if isinstance(field.get("error"), str) else None,
            description=str(schema.get("description") or ""),
            include_in_list=bool(schema.get("include_in_list")),
        )
    return fields
