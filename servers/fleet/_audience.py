"""The fleet's agents as MCP resources, and the MCP clients told when they change.

- **Resources**: ``fleet://agents/{name}`` (JSON: status, whether it needs its user and why,
  project, role, last task, place in the queue) and ``fleet://agents/{name}/log`` (its latest
  log lines, oldest first, as text), listed for every agent and offered as templates.
- **Subscriptions**: a client on the handshake protocol (up to 2025-11-25) over stdio sends
  ``resources/subscribe`` for either URI and gets ``notifications/resources/updated`` whenever
  it changes (not offered over stateless HTTP, where no connection outlives a request); a
  2026-07-28 client opens ``subscriptions/listen`` with the URIs (the SDK's
  :class:`~mcp.server.subscriptions.ListenHandler`, fed by an in-process bus).
- **Attention**: every handshake-protocol client connected to this process gets a
  ``notifications/message`` (logger ``fleet``, level ``notice``, or ``warning`` for a failure)
  when an agent finishes, fails or waits for input: ``data`` is ``{"event": "attention",
  "agent", "status", "reason"}``. (On 2026-07-28 a server may send log messages only on a
  request's own stream, so those clients subscribe to the agent's resource instead.)

Events come from the watcher (:mod:`servers.fleet._events`), so a change made by another server
process sharing the fleet, or by a task ending on its own, is told all the same. A client that
stops reading, or has gone, is dropped; clients are kept per connection, at most MAX_CLIENTS.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import anyio
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.context import CallNext, HandlerResult
from mcp.server.session import ServerSession
from mcp.server.subscriptions import (
    InMemorySubscriptionBus,
    ListenHandler,
    ResourceUpdated,
    ServerEvent,
)
from mcp.shared.exceptions import MCPError

from servers._common import shorten
from servers.fleet._events import (
    AgentChanged,
    AgentRemoved,
    AttentionRaised,
    FleetHub,
    LogLines,
    agent_summary,
)
from servers.fleet._runtime import FleetRuntime
from servers.fleet.backend import Backend
from servers.fleet.errors import FleetError

__all__ = ["Audience", "agent_uri", "log_uri"]

logger = logging.getLogger(__name__)

MAX_CLIENTS = 256
SEND_TIMEOUT_SECONDS = 2.0
LOG_LINES = 200
_URI = re.compile(r"fleet://agents/([A-Za-z0-9-]{1,32})(/log)?")


def agent_uri(name: str) -> str:
    return f"fleet://agents/{name}"


def log_uri(name: str) -> str:
    return f"fleet://agents/{name}/log"


@dataclass
class _Client:
    """One connected client: the session to notify on, and the URIs it subscribed to."""

    session: ServerSession
    key: object  # what identifies its connection (held, so its id stays unique)
    uris: set[str] = field(default_factory=set)


class _Bus(InMemorySubscriptionBus):
    """The SDK's in-process bus, counting its listeners (the open listen streams)."""

    listeners = 0

    def subscribe(self, listener: Callable[[ServerEvent], None]) -> Callable[[], None]:
        unsubscribe = super().subscribe(listener)
        self.listeners += 1
        done = False

        def once() -> None:
            nonlocal done
            if not done:
                done = True
                self.listeners -= 1
            unsubscribe()

        return once


class Audience:
    """The clients connected to this server process and what they want to hear."""

    def __init__(self, runtime: FleetRuntime) -> None:
        self._runtime = runtime
        self._clients: dict[int, _Client] = {}
        self.bus = _Bus()

    # --- wiring --------------------------------------------------------------------------------

    def install(self, server: Server[Any], *, subscriptions: bool = True) -> None:
        """Add the resource handlers and the session watch to ``server``; ``resources/subscribe``
        (and so the capability that says so) only with ``subscriptions``."""
        server.add_request_handler(
            "resources/list", types.PaginatedRequestParams, self._list_resources
        )
        server.add_request_handler(
            "resources/templates/list", types.PaginatedRequestParams, self._list_templates
        )
        server.add_request_handler("resources/read", types.ReadResourceRequestParams, self._read)
        if subscriptions:
            server.add_request_handler(
                "resources/subscribe", types.SubscribeRequestParams, self._subscribe
            )
            server.add_request_handler(
                "resources/unsubscribe", types.UnsubscribeRequestParams, self._unsubscribe
            )
        server.add_request_handler(
            "subscriptions/listen", types.SubscriptionsListenRequestParams, ListenHandler(self.bus)
        )
        server.middleware.append(self._middleware)

    def _key(self, session: ServerSession) -> object:
        # One ``initialize`` per connection: its parameters are the one object every request of
        # that connection sees (the SDK makes a new session proxy per request).
        return session.client_params if session.client_params is not None else session

    def _client(self, session: ServerSession) -> _Client:
        key = self._key(session)
        found = self._clients.get(id(key))
        if found is None:
            if len(self._clients) >= MAX_CLIENTS:  # the oldest goes (gone, most likely)
                self._clients.pop(next(iter(self._clients)))
            found = self._clients[id(key)] = _Client(session, key)
        return found

    async def _middleware(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        result = await call_next(ctx)
        if ctx.method == "notifications/initialized" and ctx.request is None:
            # Over stdio (and in memory) the connection stays open to write to later; the
            # runner's HTTP is stateless: each request is a connection of its own, gone after.
            self._client(ctx.session)
        return result

    # --- resources -----------------------------------------------------------------------------

    async def _list_resources(
        self, ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams
    ) -> types.ListResourcesResult:
        backend = await self._backend()
        agents = await self._call(backend.list_agents)
        resources = []
        for agent in agents:
            resources.append(
                types.Resource(
                    uri=agent_uri(agent.name),
                    name=f"agent {agent.name}",
                    description=f"Agent '{agent.name}': its status ({agent.status}), whether it "
                    "needs you and why, its last task",
                    mime_type="application/json",
                )
            )
            resources.append(
                types.Resource(
                    uri=log_uri(agent.name),
                    name=f"agent {agent.name} log",
                    description=f"The latest {LOG_LINES} log lines of agent '{agent.name}'",
                    mime_type="text/plain",
                )
            )
        return types.ListResourcesResult(resources=resources)

    async def _list_templates(
        self, ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams
    ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(
            resource_templates=[
                types.ResourceTemplate(
                    uri_template="fleet://agents/{name}",
                    name="agent",
                    description="An agent's status, attention and last task",
                    mime_type="application/json",
                ),
                types.ResourceTemplate(
                    uri_template="fleet://agents/{name}/log",
                    name="agent log",
                    description=f"An agent's latest {LOG_LINES} log lines",
                    mime_type="text/plain",
                ),
            ]
        )

    async def _read(
        self, ctx: ServerRequestContext[Any, Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        name, is_log = _parse(params.uri)
        backend = await self._backend()
        if is_log:
            logs = await self._call(lambda: backend.logs(name))
            text = "".join(
                f"{e.timestamp.isoformat()} {e.level} {e.message}\n"
                for e in reversed(logs.items[:LOG_LINES])
            )
            return types.ReadResourceResult(
                contents=[
                    types.TextResourceContents(uri=params.uri, mime_type="text/plain", text=text)
                ]
            )
        agent = await self._call(lambda: backend.get_agent(name))
        queue = await self._call(backend.queue)
        position = next((q.position for q in queue if q.agent_name == agent.name), None)
        body = {**agent_summary(agent), "queue_position": position}
        return types.ReadResourceResult(
            contents=[
                types.TextResourceContents(
                    uri=params.uri, mime_type="application/json", text=json.dumps(body)
                )
            ]
        )

    async def _backend(self) -> Backend:
        try:
            return (await self._runtime.wait_opened()).service.backend
        except FleetError as exc:
            raise MCPError(types.INTERNAL_ERROR, exc.message) from exc

    async def _call(self, work: Any) -> Any:
        try:
            return await work()
        except FleetError as exc:
            raise MCPError(types.INVALID_PARAMS, exc.message, data=exc.body()["error"]) from exc

    async def _subscribe(
        self, ctx: ServerRequestContext[Any, Any], params: types.SubscribeRequestParams
    ) -> types.EmptyResult:
        _parse(params.uri)
        if ctx.request is not None:
            raise MCPError(
                types.INVALID_REQUEST,
                "resources/subscribe needs a connection the server can write to later, and this "
                "server's HTTP is stateless: open subscriptions/listen (protocol 2026-07-28), or "
                "connect over stdio",
            )
        self._client(ctx.session).uris.add(params.uri)
        return types.EmptyResult()

    async def _unsubscribe(
        self, ctx: ServerRequestContext[Any, Any], params: types.UnsubscribeRequestParams
    ) -> types.EmptyResult:
        self._client(ctx.session).uris.discard(params.uri)
        return types.EmptyResult()

    # --- telling -------------------------------------------------------------------------------

    async def serve(self, hub: FleetHub) -> None:
        """Tell the clients about every event of ``hub`` until cancelled."""
        with hub.subscribe(wants_logs=self._wants_logs) as events:
            async for event in events:
                if isinstance(event, AttentionRaised):
                    await self._attention(event)
                elif isinstance(event, AgentChanged):
                    await self._updated(agent_uri(event.agent.name))
                elif isinstance(event, LogLines):
                    await self._updated(log_uri(event.name))
                elif isinstance(event, AgentRemoved):
                    await self._updated(agent_uri(event.name))

    def _wants_logs(self) -> bool:
        """Whether anyone here would hear of new log lines: a client subscribed to a log, or a
        listen stream open (whose filter only the SDK knows)."""
        return self.bus.listeners > 0 or any(
            uri.endswith("/log") for client in self._clients.values() for uri in client.uris
        )

    async def _attention(self, event: AttentionRaised) -> None:
        failed = event.agent.status in ("failed", "stopped")
        notification = types.LoggingMessageNotification(
            params=types.LoggingMessageNotificationParams(
                level="warning" if failed else "notice",
                logger="fleet",
                data={
                    "event": "attention",
                    "agent": event.agent.name,
                    "status": event.agent.status,
                    "reason": event.reason,
                    "message": f"Agent '{event.agent.name}' {shorten(event.reason)}",
                },
            )
        )
        for client in list(self._clients.values()):
            await self._send(client, notification)

    async def _updated(self, uri: str) -> None:
        await self.bus.publish(ResourceUpdated(uri))
        notification = types.ResourceUpdatedNotification(
            params=types.ResourceUpdatedNotificationParams(uri=uri)
        )
        for client in list(self._clients.values()):
            if uri in client.uris:
                await self._send(client, notification)

    async def _send(self, client: _Client, notification: types.ServerNotification) -> None:
        try:
            with anyio.fail_after(SEND_TIMEOUT_SECONDS):
                await client.session.send_notification(notification)
        except Exception:  # gone, or not reading: it hears no more
            logger.info("a client of the fleet server stopped listening; dropping it")
            self._clients.pop(id(client.key), None)


def _parse(uri: str) -> tuple[str, bool]:
    found = _URI.fullmatch(uri)
    if found is None:
        raise MCPError(
            types.INVALID_PARAMS,
            f"Unknown resource '{shorten(uri)}': the fleet's are fleet://agents/NAME and "
            "fleet://agents/NAME/log",
            data={"uri": shorten(uri)},
        )
    return found.group(1), found.group(2) is not None
