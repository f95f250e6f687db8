"""What the fleet server answers over HTTP beside MCP: ``GET /metadata``.

In a Coder workspace the fleet server runs in HTTP mode behind a workspace app, and the fleet
server that manages the workspaces reads each one's metadata from ``GET /metadata``:

    {"metadata": {"git_branch": {"value": "main", "error": null,
                                 "schema": {"description": "...", "include_in_list": false}}},
     "metadata_count": 1}

The shared runner guards every path but ``/health`` with its bearer token (``--token-file``,
``$MCP_SERVER_TOKEN``), so ``/metadata`` asks for the same token as ``/mcp``. The runner has no
hook for extra routes, so :func:`serve_extra_routes` wraps the one method it builds the HTTP app
with (``server.streamable_http_app``); it is the place to change once the runner grows a hook.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcp.server import Server
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from servers.fleet.metadata import Metadata, TaskfileMetadata

__all__ = ["metadata_body", "serve_extra_routes"]


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


def serve_extra_routes(
    server: Server[Any], *, workspace: Path, collector: TaskfileMetadata
) -> Server[Any]:
    """Make ``server``'s HTTP app also answer ``GET /metadata`` for ``workspace``."""
    build_app = server.streamable_http_app

    async def metadata(request: Request) -> Response:
        return JSONResponse(metadata_body(await collector.collect(workspace)))

    routes = [Route("/metadata", metadata, methods=["GET"])]

    def streamable_http_app(**kwargs: Any) -> Any:
        given = kwargs.get("custom_starlette_routes") or []
        kwargs["custom_starlette_routes"] = [*given, *routes]
        return build_app(**kwargs)

    server.streamable_http_app = streamable_http_app  # type: ignore[method-assign]
    return server
