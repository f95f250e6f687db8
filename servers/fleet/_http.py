"""What the fleet server answers over HTTP beside MCP: ``GET /metadata`` and ``GET /health``.

In a Coder workspace the fleet server runs in HTTP mode behind a workspace app, and the fleet
server that manages the workspaces reads each one's metadata from ``GET /metadata``:

    {"metadata": {"git_branch": {"value": "main", "error": null,
                                 "schema": {"description": "...", "include_in_list": false}}},
     "metadata_count": 1}

When a token is configured (``FLEET_TOKEN`` or ``--token-file``), every request but ``/health``
needs ``Authorization: Bearer <token>``: the MCP endpoint and ``/metadata`` alike.

The shared runner builds the HTTP app with ``server.streamable_http_app(...)`` and has no hook
for extra routes or a token yet, so :func:`serve_extra_routes` wraps that one method of the
server it is given; it is the only place to change once the runner grows such a hook.
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from mcp.server import Server
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from servers._common import package_version
from servers.fleet.metadata import Metadata, TaskfileMetadata

__all__ = ["BearerToken", "metadata_body", "serve_extra_routes"]

OPEN_PATHS = frozenset({"/health"})


def metadata_body(fields: Metadata) -> dict[str, Any]:
    return {
        "metadata": {
            name: {
                "value": f.value,
                "error": f.error,
                "schema": {"description": f.description, "include_in_list": f.include_in_list},
            }
            for name, f in fields.items()
        },
        "metadata_count": len(fields),
    }


class BearerToken:
    """ASGI middleware: HTTP requests need ``Authorization: Bearer <token>`` (not /health)."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("path") in OPEN_PATHS:
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or []).get(b"authorization", b"")
        if hmac.compare_digest(given, self._expected):
            await self.app(scope, receive, send)
            return
        response = JSONResponse(
            {
                "error": {
                    "code": "UNAUTHORIZED",
                    "message": "a valid bearer token is required",
                    "details": {},
                }
            },
            status_code=401,
            headers={"WWW-Authenticate": "Bearer"},
        )
        await response(scope, receive, send)


def _routes(server_name: str, workspace: Path, collector: TaskfileMetadata) -> list[Route]:
    async def health(request: Request) -> Response:
        return JSONResponse({"status": "ok", "server": server_name, "version": package_version()})

    async def metadata(request: Request) -> Response:
        return JSONResponse(metadata_body(await collector.collect(workspace)))

    handlers: list[tuple[str, Callable[[Request], Awaitable[Response]]]] = [
        ("/health", health),
        ("/metadata", metadata),
    ]
    return [Route(path, handler, methods=["GET"]) for path, handler in handlers]


def serve_extra_routes(
    server: Server[Any], *, workspace: Path, collector: TaskfileMetadata, token: str | None
) -> Server[Any]:
    """Make ``server``'s HTTP app also answer /health and /metadata, behind ``token`` if any."""
    build_app = server.streamable_http_app
    routes = _routes(server.name, workspace, collector)

    def streamable_http_app(**kwargs: Any) -> Any:
        kwargs["custom_starlette_routes"] = [
            *(kwargs.get("custom_starlette_routes") or []),
            *routes,
        ]
        app = build_app(**kwargs)
        if token:
            app.add_middleware(BearerToken, token=token)
        return app

    server.streamable_http_app = streamable_http_app  # type: ignore[method-assign]
    return server
