"""What the orchestrator answers when a server asks: one `ClientHandlers` per server.

`client_handlers` binds, for each server as it connects, the answers to its `elicitation/create`
(`orchestrator.elicitation`), `sampling/createMessage` (`orchestrator.sampling`) and
`roots/list` (`orchestrator.roots`), with that server's config (`elicitation`, `sampling`,
`roots`) and name. Each request a server makes is recorded as a `ServerRequest` (`record`), so
the answer to the user's request can say what became of it. A log message a server sends
(`notifications/message`: the fleet's "Agent 'x' finished", say) becomes a `ServerLog` for
`on_server_log` (the chat REPL shows it as a line), else a log record of the `orchestrator`
logger at INFO (the one-shot shows it with `-v`). Handlers given by the library
(`Orchestrator(handlers=ClientHandlers(...))`) take precedence over these. `progress` is told of
each `notifications/progress` a server sends for a tool call (every call asks for it).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from orchestrator.config import MCPServerSettings
from orchestrator.elicitation import Elicit, elicitation_handler
from orchestrator.oauth import Authorize
from orchestrator.result import ServerRequest
from orchestrator.roots import roots_handler
from orchestrator.sampling import ApproveSampling, ModelFor, sampling_handler

if TYPE_CHECKING:
    import mcp_types as types

    from orchestrator.tasks import TaskPolicy

__all__ = [
    "ClientHandlers",
    "OnServerLog",
    "Progress",
    "ServerLog",
    "client_handlers",
    "log_handler",
]

logger = logging.getLogger("orchestrator")

LOG_TEXT_LIMIT = 300
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]+")


@dataclass(frozen=True)
class ServerLog:
    """A log message a server sent (`notifications/message`)."""

    server: str
    level: str  # RFC 5424, as MCP has them: debug, info, notice, warning, error, ...
    logger: str | None
    data: Any

    @property
    def text(self) -> str:
        """The message on one line: `data` itself when it is text, else its `message` field,
        else its JSON; control characters (a terminal's escapes) blanked, cut at 300."""
        data = self.data
        if isinstance(data, dict) and isinstance(data.get("message"), str):
            data = data["message"]
        text = data if isinstance(data, str) else json.dumps(data, default=str, ensure_ascii=False)
        text = _CONTROL.sub(" ", text).strip()
        return text if len(text) <= LOG_TEXT_LIMIT else text[: LOG_TEXT_LIMIT - 1] + "…"


OnServerLog = Callable[[ServerLog], None]


def log_handler(
    entry: MCPServerSettings, on_log: OnServerLog | None
) -> Callable[[types.LoggingMessageNotificationParams], Awaitable[None]]:
    """The `logging_callback` of `entry`'s server: `on_log`, else a log record at INFO."""

    async def logged(params: types.LoggingMessageNotificationParams) -> None:
        said = ServerLog(entry.name, params.level, params.logger, params.data)
        if on_log is not None:
            on_log(said)
        else:
            logger.info("%s says (%s): %s", entry.name, said.level, said.text)

    return logged


@dataclass(frozen=True)
class Progress:
    """A server's word on a tool call in flight (`notifications/progress`)."""

    server: str
    tool: str
    progress: float
    total: float | None = None
    message: str | None = None

    def describe(self) -> str:
        """`fleet.create_agent: 40% cloning` (or `3 done` without a total; a message alone
        without a total: a task's status, `task working: agent 'w' is busy`)."""
        if not self.total and self.message:
            return f"{self.server}.{self.tool}: {self.message}"
        if self.total:
            done = f"{min(self.progress / self.total, 1.0):.0%}"
        else:
            done = f"{self.progress:g} done"
        return f"{self.server}.{self.tool}: {done}" + (f" {self.message}" if self.message else "")


@dataclass(frozen=True)
class ClientHandlers:
    """What the client answers when a server asks (elicitation, sampling, roots) or tells (logs,
    notifications); given to every connection. None: the MCP SDK's default. `authorize(server,
    url)` sends the user to sign in to a server that needs OAuth (`orchestrator.oauth`; None:
    such a server is down until `orchestrator login`). `per_server`, when
    set, makes a server's own handlers as it connects (`orchestrator.handlers`); the fields set
    here win over its."""

    elicitation: Callable[..., Awaitable[Any]] | None = None
    sampling: Callable[..., Awaitable[Any]] | None = None
    list_roots: Callable[..., Awaitable[Any]] | None = None
    logging: Callable[..., Awaitable[None]] | None = None
    message: Callable[..., Awaitable[None]] | None = None
    authorize: Callable[[str, str], Awaitable[None]] | None = None
    progress: Callable[[Progress], None] | None = None
    tasks: TaskPolicy | None = None  # how calls made as tasks are waited for (orchestrator.tasks)
    per_server: Callable[[MCPServerSettings], ClientHandlers] | None = None

    def with_per_server(
        self, per_server: Callable[[MCPServerSettings], ClientHandlers]
    ) -> ClientHandlers:
        return replace(self, per_server=per_server)

    def for_server(self, entry: MCPServerSettings) -> ClientHandlers:
        """The handlers of `entry`'s server."""
        if self.per_server is None:
            return self
        own = self.per_server(entry)
        mine = {f: getattr(self, f) for f in _CALLBACKS if getattr(self, f) is not None}
        return replace(own, per_server=None, **mine)

    def client_options(self) -> dict[str, Any]:
        options = {
            "elicitation_callback": self.elicitation,
            "sampling_callback": self.sampling,
            "list_roots_callback": self.list_roots,
            "logging_callback": self.logging,
            "message_handler": self.message,
        }
        return {k: v for k, v in options.items() if v is not None}


_CALLBACKS = (
    "elicitation",
    "sampling",
    "list_roots",
    "logging",
    "message",
    "authorize",
    "progress",
    "tasks",
)


def client_handlers(
    *,
    authorize: Authorize | None = None,
    elicit: Elicit | None,
    approve_sampling: ApproveSampling | None,
    model_for: ModelFor,
    record: Callable[[ServerRequest], None],
    cwd: Path,
    given: ClientHandlers | None = None,
    on_server_log: OnServerLog | None = None,
) -> ClientHandlers:
    """Handlers that bind to each server as it connects; `given`'s fields win."""

    def per_server(entry: MCPServerSettings) -> ClientHandlers:
        return ClientHandlers(
            elicitation=elicitation_handler(entry, elicit, record),
            sampling=sampling_handler(entry, model_for, approve_sampling, record),
            list_roots=roots_handler(entry, cwd),
            logging=log_handler(entry, on_server_log),
            authorize=authorize,
        )

    base = given or ClientHandlers()
    return base.with_per_server(per_server)
