"""What the fleet server answers over HTTP beside MCP: ``GET /metadata``.

In a Coder workspace the fleet server runs in HTTP mode behind a workspace app, and the fleet
server that manages the workspaces reads each one's metadata from ``GET /metadata``:

    {"metadata": {"git_branch": {"value": "main", "error": null,
                                 "schema": {"description": "...", "include_in_list": false}}},
     "metadata_count": 1}

:func:`metadata_routes` is handed to ``build_server(..., routes=...)``; the shared runner serves
it beside ``/mcp``, checks the Host and Origin headers on every path, and guards every path but
``/health`` with its bearer token (``--token-file``, ``$MCP_SERVER_TOKEN``), so ``/metadata``
gets the same checks as ``/mcp``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from servers.fleet.metadata import Metadata, TaskfileMetadata

__all__ = ["metadata_body", "metadata_routes"]


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


def metadata_routes(*, workspace: Path, collector: TaskfileMetadata) -> list[Route]:
    """``GET /metadata``: the metadata of ``workspace``, collected now."""

    async def metadata(request: Request) -> Response:
        return JSONResponse(metadata_body(await collector.collect(workspace)))

    return [Route("/metadata", metadata, methods=["GET"])]
