"""The fleet's live web dashboard, served at ``/`` in HTTP mode beside ``/mcp``.

    GET  /                        every agent (status, attention, project and role, last task),
                                  the queue, a form to make an agent
    GET  /agents/NAME             one agent: its log, its tasks, its diff, and buttons to start
                                  a task, cancel, restart, merge and delete
    GET  /events[?agent=NAME]     server-sent events: ``agent`` (a status changed), ``removed``,
                                  ``attention``, and (for NAME) ``log`` lines as they arrive
    POST /agents, /agents/NAME/{start,cancel,restart,merge,delete}
                                  the forms' actions, through the same service as the MCP tools;
                                  then back to the page (303) with what was done or why not
    GET  /static/{dashboard.js,dashboard.css}

Pages are rendered on the server (:mod:`._pages`) and readable without JavaScript; a small
plain script (``static/dashboard.js``, no build step) keeps them live from ``/events``. The
routes sit behind the runner's guard like ``/mcp``: Host and Origin checked (so another site's
page can neither read them nor post their forms), and the bearer token when the server has one
(a browser signs in once; see :class:`servers._common._http.Guard`).
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
from collections.abc import AsyncGenerator, Awaitable, Callable
from contextlib import aclosing
from importlib.resources import files
from typing import Any
from urllib.parse import quote, urlencode

import anyio
from pydantic import BaseModel, ValidationError
from sse_starlette import EventSourceResponse
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from servers._common import describe_validation_error
from servers.fleet._events import (
    AgentChanged,
    AgentRemoved,
    AttentionRaised,
    LogLines,
    agent_summary,
)
from servers.fleet._runtime import FleetRuntime, Opened
from servers.fleet.backend import AgentDiff
from servers.fleet.dashboard._pages import agent_page, error_page, index_page
from servers.fleet.errors import FleetError, NotFoundError, invalid_arguments
from servers.fleet.models import (
    AgentNameInput,
    ChangeAgentInput,
    CreateAgentInput,
    MergeAgentWorkInput,
    StartAgentTaskInput,
)

__all__ = ["DASHBOARD_PATH", "dashboard_routes"]

logger = logging.getLogger(__name__)

DASHBOARD_PATH = "/"
LOG_LINES = 200
PING_SECONDS = 15
SHUTDOWN_GRACE_SECONDS = 2.0
BUFFERED = 100
_STATIC = {"dashboard.js": "text/javascript", "dashboard.css": "text/css"}


def _page(html: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(html, status_code=status, headers={"Cache-Control": "no-store"})


# What a form's action did travels to the page it goes back to in the URL (`said`, `error`),
# signed with this process's key: a page shows a note only from its own redirect, not one a
# link from elsewhere wrote ("/?error=Your+token+expired,+sign+in+at+...").
_NOTE_KEY = secrets.token_bytes(32)


def _signature(said: str, error: str) -> str:
    return hmac.new(_NOTE_KEY, f"{said}\0{error}".encode(), "sha256").hexdigest()[:32]


def _back(path: str, *, said: str = "", error: str = "") -> RedirectResponse:
    query = {k: v for k, v in (("said", said), ("error", error)) if v}
    if query:
        query["sig"] = _signature(said, error)
    return RedirectResponse(f"{path}?{urlencode(query)}" if query else path, status_code=303)


def _notes(request: Request) -> dict[str, str]:
    """The page's notes (`said`, `error`) when this process's redirect wrote them, else none."""
    said = request.query_params.get("said", "")
    error = request.query_params.get("error", "")
    given = request.query_params.get("sig", "")
    if (said or error) and hmac.compare_digest(given.encode(), _signature(said, error).encode()):
        return {"said": said, "error": error}
    return {"said": "", "error": ""}


def _problem(exc: ValidationError, model: type[BaseModel]) -> str:
    return invalid_arguments("the form", describe_validation_error(exc, model)).message


def dashboard_routes(runtime: FleetRuntime) -> list[Route]:
    """The dashboard's routes over the fleet ``runtime`` opens."""

    def opened() -> Opened | None:
        try:
            return runtime.opened
        except FleetError:
            return None

    async def index(request: Request) -> Response:
        fleet = opened()
        if fleet is None:
            return _page(error_page("Starting", "The fleet is opening its storage."), 503)
        backend = fleet.service.backend
        agents = await backend.list_agents()
        return _page(
            index_page(
                agents,
                await backend.queue(),
                await backend.list_projects(),
                **_notes(request),
            )
        )

    async def agent(request: Request) -> Response:
        fleet = opened()
        if fleet is None:
            return _page(error_page("Starting", "The fleet is opening its storage."), 503)
        backend = fleet.service.backend
        name = request.path_params["name"]
        try:
            state = await backend.get_agent(name)
            tasks = (await backend.task_history(name)).items
            logs = (await backend.logs(name)).items[:LOG_LINES]
        except NotFoundError as exc:
            return _page(error_page("Not found", exc.message), 404)
        diff: AgentDiff | None = None
        why = ""
        try:
            diff = await backend.diff(name)
        except FleetError as exc:
            why = exc.message
        return _page(
            agent_page(
                state,
                tasks,
                list(reversed(logs)),
                diff,
                why,
                **_notes(request),
            )
        )

    async def events(request: Request) -> Response:
        fleet = opened()
        if fleet is None:
            return Response("the fleet is starting", status_code=503)
        follow = request.query_params.get("agent")
        # On shutdown the stream ends on its own (a complete response), within the grace.
        shutdown = anyio.Event()
        send, receive = anyio.create_memory_object_stream[dict[str, str]](BUFFERED)

        async def pump() -> None:
            async with send, anyio.create_task_group() as tg:

                async def stop() -> None:
                    await shutdown.wait()
                    tg.cancel_scope.cancel()

                tg.start_soon(stop)
                async with aclosing(_stream(fleet, follow)) as items:
                    async for item in items:
                        await send.send(item)
                tg.cancel_scope.cancel()

        return EventSourceResponse(
            receive,
            ping=PING_SECONDS,
            data_sender_callable=pump,
            shutdown_event=shutdown,
            shutdown_grace_period=SHUTDOWN_GRACE_SECONDS,
        )

    async def act(request: Request) -> Response:
        fleet = opened()
        if fleet is None:
            return Response("the fleet is starting", status_code=503)
        name, verb = request.path_params["name"], request.path_params["verb"]
        form = await request.form(max_files=0, max_fields=8)
        given = {k: str(v) for k, v in form.items()}
        await form.close()
        page = f"/agents/{quote(name)}"
        service = fleet.service
        actions: dict[str, tuple[type[BaseModel], Callable[[Any], Awaitable[Any]], dict]] = {
            "start": (
                StartAgentTaskInput,
                service.start_agent_task,
                {"task_description": given.get("task", "")},
            ),
            "cancel": (AgentNameInput, service.cancel_agent_task, {}),
            "restart": (ChangeAgentInput, service.restart_agent, {}),
            "merge": (
                MergeAgentWorkInput,
                service.merge_agent_work,
                {"open_pull_request": given.get("open_pull_request") == "1"},
            ),
            "delete": (ChangeAgentInput, service.delete_agent, {"force": "force" in given}),
        }
        if verb not in actions:
            return _page(error_page("Not found", f"No action '{verb}'"), 404)
        model, handler, fields = actions[verb]
        try:
            done = await handler(model.model_validate({"agent_name": name, **fields}))
        except ValidationError as exc:
            return _back(page, error=_problem(exc, model))
        except FleetError as exc:
            return _back(page, error=exc.message)
        return _back("/" if verb == "delete" else page, said=done.message)

    async def create(request: Request) -> Response:
        fleet = opened()
        if fleet is None:
            return Response("the fleet is starting", status_code=503)
        form = await request.form(max_files=0, max_fields=8)
        given = {k: str(v) for k, v in form.items() if str(v).strip()}
        await form.close()
        try:
            args = CreateAgentInput.model_validate(given)
            done = await fleet.service.create_agent(args)
        except ValidationError as exc:
            return _back("/", error=_problem(exc, CreateAgentInput))
        except FleetError as exc:
            return _back("/", error=exc.message)
        return _back(f"/agents/{quote(done.agent.name)}", said=done.message)

    async def static(request: Request) -> Response:
        name = request.path_params["file"]
        if name not in _STATIC:
            return Response("not found", status_code=404)
        body = await anyio.to_thread.run_sync((files(__package__) / "static" / name).read_bytes)
        return Response(body, media_type=_STATIC[name], headers={"Cache-Control": "no-cache"})

    return [
        Route(DASHBOARD_PATH, index, methods=["GET"]),
        Route("/agents", create, methods=["POST"]),
        Route("/agents/{name}", agent, methods=["GET"]),
        Route("/agents/{name}/{verb}", act, methods=["POST"]),
        Route("/events", events, methods=["GET"]),
        Route("/static/{file}", static, methods=["GET"]),
    ]


async def _stream(fleet: Opened, follow: str | None) -> AsyncGenerator[dict[str, str], None]:
    """The events of one dashboard page: every agent now, then every change as it comes."""
    wanted = follow.casefold() if follow else None
    with fleet.hub.subscribe(wants_logs=lambda: wanted is not None) as changes:
        for agent in await fleet.service.backend.list_agents():
            yield {"event": "agent", "data": json.dumps(agent_summary(agent))}
        async for event in changes:
            if isinstance(event, AgentChanged):
                yield {"event": "agent", "data": json.dumps(agent_summary(event.agent))}
            elif isinstance(event, AgentRemoved):
                yield {"event": "removed", "data": json.dumps({"name": event.name})}
            elif isinstance(event, AttentionRaised):
                data = {"name": event.agent.name, "reason": event.reason}
                yield {"event": "attention", "data": json.dumps(data)}
            elif isinstance(event, LogLines) and event.name.casefold() == wanted:
                lines = [line.model_dump(mode="json") for line in event.lines]
                yield {"event": "log", "data": json.dumps({"name": event.name, "lines": lines})}
