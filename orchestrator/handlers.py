"""What the orchestrator answers when a server asks: one `ClientHandlers` per server.

`client_handlers` binds, for each server as it connects, the answers to its `elicitation/create`
(`orchestrator.elicitation`), `sampling/createMessage` (`orchestrator.sampling`) and
`roots/list` (`orchestrator.roots`), with that server's config (`elicitation`, `sampling`,
`roots`) and name. Each request a server makes is recorded as a `ServerRequest` (`record`), so
the answer to the user's request can say what became of it. Handlers given by the library
(`Orchestrator(handlers=ClientHandlers(...))`) take precedence over these.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from orchestrator.config import MCPServerSettings
from orchestrator.discovery import ClientHandlers
from orchestrator.elicitation import Elicit, elicitation_handler
from orchestrator.oauth import Authorize
from orchestrator.result import ServerRequest
from orchestrator.roots import roots_handler
from orchestrator.sampling import ApproveSampling, ModelFor, sampling_handler

__all__ = ["client_handlers"]


def client_handlers(
    *,
    authorize: Authorize | None = None,
    elicit: Elicit | None,
    approve_sampling: ApproveSampling | None,
    model_for: ModelFor,
    record: Callable[[ServerRequest], None],
    cwd: Path,
    given: ClientHandlers | None = None,
) -> ClientHandlers:
    """Handlers that bind to each server as it connects; `given`'s fields win."""

    def per_server(entry: MCPServerSettings) -> ClientHandlers:
        return ClientHandlers(
            elicitation=elicitation_handler(entry, elicit, record),
            sampling=sampling_handler(entry, model_for, approve_sampling, record),
            list_roots=roots_handler(entry, cwd),
            authorize=authorize,
        )

    base = given or ClientHandlers()
    return base.with_per_server(per_server)
