"""One server's MCP client: connected, listed, called, closed, in a task of its own.

`ServerConnection.open` is the one connect routine (start, reconnect and restart all use it):
take the process started early or spawn one, or dial the URL; speak MCP with `mcp.Client`
on the wire the server's `protocol` allows (`auto`: 2026-07-28 first, through `server/discover`,
else the 2025-11-25 handshake; the era the cache remembers is spoken at once, `Era`); list the
tools, all pages. A
server's `notifications/tools/list_changed` lists them again (`Discovery` rebuilds that server's
part of the catalogue); a call that made the server change them returns after that. On
2026-07-28 that notification comes only on a `subscriptions/listen` stream, which the connection
opens (for a server whose tools can change) and keeps open. A server's questions during a call
(elicitation, sampling, roots) reach the same handlers on both wires: sent mid-call on the
handshake, carried by an `input_required` answer on 2026-07-28 (`mcp.Client` retries the call
with the answers). The
client's contexts must be left by the task that entered them, so each connection runs in a task
of its own: connections open in parallel and close in any order. A lost connection is told by
the transport's error type or the MCP error code (`CONNECTION_CLOSED`), never by its message.

This module imports the MCP SDK; `orchestrator.discovery` imports it only when a server starts.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextlib import AsyncExitStack
from typing import Any

import anyio
from mcp import Client, MCPError
from mcp.shared.dispatcher import ProgressFnT
from mcp_types import (
    CONNECTION_CLOSED,
    INTERNAL_ERROR,
    CallToolResult,
    ToolListChangedNotification,
)

from orchestrator.catalogue import Era, ListedTool
from orchestrator.config import MCPServerSettings
from orchestrator.errors import OrchestratorError
from orchestrator.handlers import ClientHandlers, Progress
from orchestrator.stdio import (
    ServerProcess,
    discard_all,
    launch_for,
    process_transport,
    resolve_command,
)

__all__ = ["DEFAULT_CALL_TIMEOUT_SECONDS", "ServerConnection", "describe_failure"]

logger = logging.getLogger("orchestrator.discovery")

DEFAULT_CALL_TIMEOUT_SECONDS = 300.0
_LIST_PAGES = 100  # a server that pages forever cannot hang discovery
_LISTEN_ACK_SECONDS = 10.0  # a server that takes `subscriptions/listen` but never acknowledges it
_TRANSPORT_END_SECONDS = 5.0  # how long a lost call waits to learn why its transport ended


def describe_failure(
    entry: MCPServerSettings, exc: BaseException, timeout: float, http_status: str | None = None
) -> str:
    """A short reason for a failed connection (`http_status`: the HTTP error status a response
    with no JSON-RPC error had, as `ServerConnection.http_status` keeps it)."""
    leaf = exc
    while isinstance(leaf, BaseExceptionGroup) and leaf.exceptions:
        leaf = leaf.exceptions[0]
    if isinstance(leaf, FileNotFoundError) or (
        isinstance(leaf, PermissionError) and entry.transport == "stdio"
    ):
        command = resolve_command(entry.command or "", entry.env.get("PATH"))
        if isinstance(leaf, FileNotFoundError):
            return f"command not found: {command}"
        return f"cannot run {command}: {leaf.strerror or leaf}"
    if isinstance(leaf, TimeoutError):
        return f"no MCP handshake within {timeout:g}s"
    if isinstance(leaf, OrchestratorError):  # OAuth: sign-in needed or failed
        return str(leaf)
    if _is_connection_lost(leaf):
        if entry.transport == "stdio":
            return "the process exited before the MCP handshake"
        return "the connection was closed"
    text = str(leaf) or type(leaf).__name__
    if entry.transport != "stdio":
        said = f" ({http_status})" if http_status and isinstance(leaf, MCPError) else ""
        return f"cannot reach {entry.url}: {text}{said}"
    return text


def _is_connection_lost(exc: BaseException) -> bool:
    """The transport went away: its error type or the MCP error code says so."""
    leaf = exc
    while isinstance(leaf, BaseExceptionGroup) and leaf.exceptions:
        leaf = leaf.exceptions[0]
    if isinstance(leaf, MCPError):
        return leaf.code == CONNECTION_CLOSED
    return isinstance(
        leaf,
        anyio.ClosedResourceError | anyio.BrokenResourceError | BrokenPipeError | ConnectionError,
    )


_NOT_CONNECTED = ("ConnectError", "ConnectTimeout")  # httpx's and httpcore's: no connection made


def _refused(exc: BaseException) -> bool:
    """The server could not be reached at all (a refused connection): nothing was sent."""
    seen: set[int] = set()
    pending: list[BaseException] = [exc]
    while pending:
        leaf = pending.pop()
        if id(leaf) in seen:
            continue
        seen.add(id(leaf))
        if isinstance(leaf, ConnectionRefusedError) or type(leaf).__name__ in _NOT_CONNECTED:
            return True
        if isinstance(leaf, BaseExceptionGroup):
            pending.extend(leaf.exceptions)
        pending.extend(e for e in (leaf.__cause__, leaf.__context__) if e is not None)
    return False


def _never_connected(exc: BaseException) -> bool:
    """Every failure in `exc` (a transport's task group, as it ended) is a connection that could
    not be made: no request of the ones it carried reached the server."""
    if isinstance(exc, BaseExceptionGroup):
        failures = [e for e in exc.exceptions if not isinstance(e, asyncio.CancelledError)]
        return bool(failures) and all(_never_connected(e) for e in failures)
    return _refused(exc)


class ConnectionLostDuringCall(ConnectionError):
    """The connection went away after a call's request was sent: the server may have done it."""


class GatewayFailedDuringCall(MCPError):
    """A call's request got an HTTP 5xx with no JSON-RPC answer (a load balancer's or proxy's
    502, 503 or 504): whether the server behind it did the call is not known. The connection
    itself still works; said as the SDK's error, with the status."""


class ServerConnection:
    """One server's MCP client, in a task of its own: `open`, `call`, `aclose`."""

    def __init__(
        self,
        entry: MCPServerSettings,
        *,
        timeout: float,
        process: ServerProcess | None = None,
        handlers: ClientHandlers | None = None,
        on_tools_changed: Callable[[ServerConnection, list[ListedTool]], None] | None = None,
        era: Era | None = None,
    ) -> None:
        self.entry = entry
        self.era = era  # the protocol spoken: the cached one on entry, the negotiated one after
        self.timeout = timeout
        self.process = process  # the one spawned early, if its launch is still this one
        self.handlers = (handlers or ClientHandlers()).for_server(entry)
        self.on_tools_changed = on_tools_changed
        self._relisting: set[asyncio.Task[None]] = set()
        self.task_support: dict[str, str | None] = {}  # tool -> its listed `taskSupport`
        self.ttl_ms: int | None = None  # how long the listing may be reused (2026-07-28 `ttlMs`)
        self.client: Client | None = None
        self._opened: asyncio.Future[list[ListedTool]] | None = None
        self._closing = asyncio.Event()
        self._lost = False  # a call found the connection gone: no call is sent on it again
        self._ended_by: BaseException | None = None  # what ended an open session's transport
        self.http_status: str | None = None  # the last HTTP error status with no JSON-RPC body
        self._task: asyncio.Task[None] | None = None
        self._deadline: asyncio.Timeout | None = None
        self._left: float | None = None

    @property
    def alive(self) -> bool:
        return (
            self.client is not None
            and self._task is not None
            and not self._task.done()
            and not self._lost
        )

    def stderr_tail(self) -> list[str]:
        return self.process.stderr_tail() if self.process is not None else []

    async def open(self) -> list[ListedTool]:
        """Connect and list the tools, within the startup timeout. Raises what failed."""
        opened = self._opened = asyncio.get_running_loop().create_future()
        self._task = asyncio.create_task(self._run(), name=f"mcp-server:{self.entry.name}")
        try:
            return await asyncio.shield(opened)
        except asyncio.CancelledError:  # left while starting: nobody will read how it ended
            opened.add_done_callback(_read_outcome)
            raise

    async def _run(self) -> None:
        assert self._opened is not None
        try:
            async with AsyncExitStack() as stack:
                try:
                    async with asyncio.timeout(self.timeout) as self._deadline:
                        mode, prior = _mode(self.entry, self.era)
                        client = Client(
                            await self._transport(stack),
                            mode=mode,
                            prior_discover=prior,
                            read_timeout_seconds=self.entry.read_timeout_seconds
                            or DEFAULT_CALL_TIMEOUT_SECONDS,
                            **{**self.handlers.client_options(), "message_handler": self._told},
                        )
                        await stack.enter_async_context(client)
                        self.era = _era_of(self.entry, client)
                        await _listen_for_changes(client, stack, self.entry.name)
                        tools, self.ttl_ms = await _list_tools(client)
                        self.task_support = {t.name: t.task_support for t in tools}
                except Exception as exc:
                    self._opened.set_exception(exc)
                    return
                finally:
                    self._deadline = None  # started: a sign-in later (step-up) has no deadline
                self.client = client
                self._opened.set_result(tools)
                await self._closing.wait()
        except Exception as exc:  # the transport failed while the session was open, or on close
            logger.debug("server %r: connection ended: %r", self.entry.name, exc)
            self._ended_by = exc
        finally:
            if not self._opened.done():
                self._opened.set_exception(ConnectionError("the connection task ended"))
            self.client = None

    def _waiting_on_user(self, waiting: bool) -> None:
        """The startup timeout stops while the user signs in (OAuth), and goes on after."""
        deadline, loop = self._deadline, asyncio.get_running_loop()
        if deadline is None or deadline.expired():
            return
        when = deadline.when()
        if waiting and when is not None:
            self._left = when - loop.time()
            deadline.reschedule(None)
        elif not waiting and self._left is not None:
            deadline.reschedule(loop.time() + self._left)
            self._left = None

    def _auth(self) -> Any:
        """OAuth for this server's HTTP requests, when it uses it (`orchestrator.oauth`)."""
        from orchestrator.oauth import oauth_auth, uses_oauth

        if not uses_oauth(self.entry):
            return None
        return oauth_auth(self.entry, self.handlers.authorize, self._waiting_on_user)

    async def _sign_in_needed(self, response: Any) -> None:
        """A 401 from a server reached without OAuth: say what would reach it (the token in
        the entry's own `Authorization` header, when it sends one)."""
        if response.status_code == 401:
            from orchestrator.oauth import refused_authorization, sends_authorization

            if sends_authorization(self.entry):
                challenge = response.headers.get("www-authenticate", "")
                raise OrchestratorError(refused_authorization(self.entry, challenge))
            raise OrchestratorError(
                f"{self.entry.url} asks to sign in (HTTP 401): add `auth: {{oauth: true}}` to "
                f"server {self.entry.name!r}, or run `orchestrator login {self.entry.name}`"
            )

    async def _refused_status(self, response: Any) -> None:
        """An HTTP error status with no JSON-RPC error in its body (a load balancer's 502, a
        proxy's 503): the SDK says only "Server returned an error response", so its status is
        kept for the reason (`http_status`)."""
        if response.status_code >= 400 and not response.headers.get(
            "content-type", ""
        ).lower().startswith("application/json"):
            self.http_status = f"HTTP {response.status_code} {response.reason_phrase}".strip()

    async def _transport(self, stack: AsyncExitStack) -> Any:
        entry = self.entry
        if entry.transport == "stdio":
            launch = launch_for(entry)
            if self.process is not None and self.process.launch != launch:
                discard_all([self.process])  # started early, but the config changed since
                self.process.close()
                self.process = None
            process = self.process.take() if self.process is not None else None
            if process is None:
                self.process = launch.spawn(entry.name)
                process = self.process.take()
                assert process is not None
            return process_transport(process)
        assert entry.url is not None
        if entry.transport == "sse":
            from mcp.client.sse import sse_client

            return sse_client(
                entry.url,
                headers=dict(entry.headers),
                timeout=entry.http_timeout_seconds or 30.0,
                sse_read_timeout=entry.read_timeout_seconds or DEFAULT_CALL_TIMEOUT_SECONDS,
                auth=self._auth(),
            )
        import httpx2
        from mcp.client.streamable_http import streamable_http_client

        auth = self._auth()
        hooks = {
            "response": [self._refused_status, *([self._sign_in_needed] if auth is None else [])]
        }
        http = httpx2.AsyncClient(
            headers=dict(entry.headers),
            timeout=httpx2.Timeout(
                entry.http_timeout_seconds or 30.0,
                read=entry.read_timeout_seconds or DEFAULT_CALL_TIMEOUT_SECONDS,
            ),
            auth=auth,
            event_hooks=hooks,
        )
        await stack.enter_async_context(http)
        return streamable_http_client(entry.url, http_client=http)

    async def _told(self, message: Any) -> None:
        """A server's notification (or a transport fault): a changed tool list is listed again,
        in a task of its own (a request cannot be awaited from the reader); the rest goes to the
        handlers' `message`."""
        if isinstance(message, ToolListChangedNotification) and self.client is not None:
            task = asyncio.create_task(self._relist(self.client))
            self._relisting.add(task)
            task.add_done_callback(self._relisting.discard)
        if self.handlers.message is not None:
            await self.handlers.message(message)

    async def _relist(self, client: Client) -> None:
        try:
            async with asyncio.timeout(self.timeout):
                tools, ttl_ms = await _list_tools(client)
        except Exception as exc:
            logger.warning("server %r: listing its changed tools failed: %s", self.entry.name, exc)
            return
        self.task_support, self.ttl_ms = {t.name: t.task_support for t in tools}, ttl_ms
        if self.on_tools_changed is not None:
            self.on_tools_changed(self, tools)

    async def settled(self) -> None:
        """Wait for the tool listings a `tools/list_changed` started (bounded by the timeout)."""
        pending = [t for t in self._relisting if not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=self.timeout)

    async def call(self, tool: str, arguments: dict[str, Any]) -> CallToolResult:
        """Call a tool; `ConnectionError` when the connection is gone before the call is sent,
        `ConnectionLostDuringCall` when it went during the call, `GatewayFailedDuringCall` when
        an HTTP 5xx with no JSON-RPC answer came back for it. A tool list the server changed
        during the call is listed again before this returns."""
        client = self.client
        if client is None or not self.alive:
            raise ConnectionError(f"server {self.entry.name!r} is not connected")
        if self.process is not None and self.process.process.poll() is not None:
            raise ConnectionError(f"server {self.entry.name!r} exited")  # before: nothing sent
        self.http_status = None
        try:
            if _task_wire_offers(client, self.task_support.get(tool), self.handlers.tasks):
                from orchestrator._task_calls import call_as_task

                result = await call_as_task(
                    client,
                    self.entry.name,
                    tool,
                    arguments,
                    policy=self.handlers.tasks,
                    progress=self.handlers.progress,
                )
            else:
                result = await client.call_tool(
                    tool, arguments, progress_callback=self._progress(tool)
                )
        except Exception as exc:
            if _is_connection_lost(exc) or _refused(exc):
                self._lost = True
                sent = not _refused(exc) and not await self._never_reached()
                lost = ConnectionLostDuringCall if sent else ConnectionError
                raise lost(f"server {self.entry.name!r}: {exc}") from exc
            if isinstance(exc, MCPError) and exc.code == INTERNAL_ERROR and self.http_status:
                said = f"{exc.error.message} ({self.http_status})"
                if self.http_status.startswith("HTTP 5"):
                    raise GatewayFailedDuringCall(INTERNAL_ERROR, said) from exc
                raise MCPError(INTERNAL_ERROR, said) from exc
            raise
        await self.settled()
        return result

    async def _never_reached(self) -> bool:
        """Whether a call whose session closed under it ("Connection closed") never reached the
        server: the HTTP transport ended because its connection could not be made (a server
        down before the call: refused), which the session only reports as closed. Waits, a
        little, for the transport's end to be known."""
        if self.entry.transport == "stdio" or self._task is None:
            return False
        await asyncio.wait([self._task], timeout=_TRANSPORT_END_SECONDS)
        return self._ended_by is not None and _never_connected(self._ended_by)

    def _progress(self, tool: str) -> ProgressFnT:
        """What the SDK calls with the server's progress on a call (asking for it gives the call a
        `progressToken`); the handlers' `progress` shows it."""
        show = self.handlers.progress

        async def told(progress: float, total: float | None, message: str | None) -> None:
            logger.debug(
                "server %r: %s progress %s/%s %s", self.entry.name, tool, progress, total, message
            )
            if show is not None:
                show(Progress(self.entry.name, tool, progress, total, message))

        return told

    async def aclose(self) -> None:
        self._closing.set()
        for task in self._relisting:
            task.cancel()
        if self._task is not None and self._opened is not None and not self._opened.done():
            self._task.cancel()  # still connecting: no need to wait for the handshake
        if self._task is not None:
            try:
                await asyncio.gather(self._task, return_exceptions=True)
            finally:
                if self.process is not None:
                    self.process.close()


def _task_wire_offers(client: Client, task_support: str | None, policy: object) -> bool:
    """A call made as a task (to follow): when the tool requires it, or offers it and the caller
    set a task policy (`--detach`, a library's `ClientHandlers(tasks=...)`). Otherwise the call
    is the tool's plain call, which returns when the tool does: a fleet's `start_agent_task`
    returns once the agent has started, where its task would run as long as the agent."""
    if task_support != "required" and (task_support != "optional" or policy is None):
        return False
    from orchestrator._task_wire import offers_tasks

    return offers_tasks(client, task_support)


def _mode(entry: MCPServerSettings, era: Era | None) -> tuple[str, Any]:
    """`mcp.Client`'s `mode` and `prior_discover` for `entry`'s server: its `protocol`, and
    within `auto` the era it spoke last time (so the probe is not paid on every run)."""
    from mcp_types import DiscoverResult
    from mcp_types.version import MODERN_PROTOCOL_VERSIONS

    if entry.protocol == "legacy":
        return "legacy", None
    if era is not None and era.version in MODERN_PROTOCOL_VERSIONS and era.discover is not None:
        try:
            return era.version, DiscoverResult.model_validate(era.discover)
        except ValueError:
            return "auto", None
    if era is not None and entry.protocol == "auto" and era.version not in MODERN_PROTOCOL_VERSIONS:
        return "legacy", None
    return "auto", None


def _era_of(entry: MCPServerSettings, client: Client) -> Era:
    """The era `client` negotiated; a server pinned to `modern` that answered the handshake
    instead is an error."""
    from mcp_types.version import MODERN_PROTOCOL_VERSIONS

    version = client.protocol_version
    if version not in MODERN_PROTOCOL_VERSIONS:
        if entry.protocol == "modern":
            raise OrchestratorError(
                f"server {entry.name!r} does not speak MCP 2026-07-28 (it answered the {version} "
                "handshake): set its `protocol` to auto or legacy"
            )
        return Era(version)
    found = client.session.discover_result
    discover = found.model_dump(mode="json", by_alias=True, exclude_none=True) if found else None
    return Era(version, discover)


async def _listen_for_changes(client: Client, stack: AsyncExitStack, name: str) -> None:
    """On 2026-07-28 a server's changed tools come only on a `subscriptions/listen` stream the
    client opened: open one for `tools/list_changed` when the server says its tools can change.
    Its events reach the `message_handler` as the handshake's notifications do (`_told`); the
    stream stays open with the connection. A server that refuses it, or does not acknowledge it
    within `_LISTEN_ACK_SECONDS`, is only logged: its tools are listed, not followed."""
    from mcp_types.version import MODERN_PROTOCOL_VERSIONS

    if client.protocol_version not in MODERN_PROTOCOL_VERSIONS:
        return
    tools = client.server_capabilities.tools
    if tools is None or not tools.list_changed:
        return
    from mcp.client.subscriptions import SubscriptionLost

    try:
        with anyio.fail_after(_LISTEN_ACK_SECONDS):  # not the read timeout: minutes
            await stack.enter_async_context(client.listen(tools_list_changed=True))
    except (MCPError, SubscriptionLost, TimeoutError) as exc:
        logger.info("server %r: no subscriptions/listen stream: %r", name, exc)


async def _list_tools(client: Client) -> tuple[list[ListedTool], int | None]:
    """The tools, all pages, and on 2026-07-28 how long the listing may be reused (the least
    `ttlMs` of its pages; the handshake's listings say nothing)."""
    from mcp_types.version import MODERN_PROTOCOL_VERSIONS

    tools: list[ListedTool] = []
    ttls: list[int] = []
    cursor: str | None = None
    for _ in range(_LIST_PAGES):
        page = await (client.list_tools(cursor=cursor) if cursor else client.list_tools())
        tools.extend(ListedTool.of(tool) for tool in page.tools)
        ttls.append(page.ttl_ms)
        cursor = page.next_cursor
        if not cursor:
            break
    return tools, (min(ttls) if client.protocol_version in MODERN_PROTOCOL_VERSIONS else None)


def _read_outcome(opened: asyncio.Future[Any]) -> None:
    """Mark a start nobody waits for any more as seen (asyncio would log its failure)."""
    if not opened.cancelled():
        opened.exception()
