"""What the fleet server answers over HTTP about its own workspace, beside MCP.

In a Coder workspace the fleet server runs in HTTP mode behind a workspace app, and the fleet
server that manages the workspaces asks it about the workspace (``--workspace``, a git work tree):

- ``GET /metadata``: its Taskfile metadata, collected now::

    {"metadata": {"git_branch": {"value": "main", "error": null,
                                 "schema": {"description": "...", "include_in_list": false}}},
     "metadata_count": 1}

- ``GET /diff``: what changed since its work started (the merge base with its upstream, else
  with ``origin/HEAD``): ``{"branch", "base_commit", "commits", "uncommitted_files", "files"}``,
  shaped as ``show_agent_diff`` shows them, every file (the managing server pages them);
- ``GET /work``: what only it holds (``{"commits", "files", "known"}``), which decides whether
  deleting the workspace would lose work.

:func:`workspace_routes` is handed to ``build_server(..., routes=...)``; the shared runner serves
them beside ``/mcp``, checks the Host and Origin headers on every path, and guards every path but
``/health`` with its bearer token (``--token-file``, ``$MCP_SERVER_TOKEN``), so they get the same
checks as ``/mcp``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from servers.fleet.metadata import Metadata, TaskfileMetadata

__all__ = ["metadata_body", "workspace_routes"]


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


def _git_failed(exc: Exception) -> Response:
    return JSONResponse(
        {"error": "workspace_unreadable", "message": f"cannot read the workspace: {exc}"},
        status_code=503,
    )


def workspace_routes(*, workspace: Path, collector: TaskfileMetadata) -> list[Route]:
    """``GET /metadata``, ``/diff`` and ``/work`` for ``workspace``, read at each request."""
    from servers.fleet.local import _review
    from servers.fleet.local._git import GitError

    async def metadata(request: Request) -> Response:
        return JSONResponse(metadata_body(await collector.collect(workspace)))

    async def diff(request: Request) -> Response:
        try:
            branch, base = await _review.workspace_base(workspace)
            commits = await _review.log_commits(workspace, "HEAD", base)
            files = await _review.diff_files(workspace, base)
            pending = await _review.uncommitted(workspace)
        except GitError as exc:
            return _git_failed(exc)
        return JSONResponse(
            {
                "branch": branch,
                "base_commit": base,
                "commits": [c.model_dump(mode="json") for c in commits],
                "uncommitted_files": pending,
                "files": [f.model_dump(mode="json") for f in files],
            }
        )

    async def work(request: Request) -> Response:
        try:
            found = await _review.workspace_work(workspace)
        except GitError as exc:
            return _git_failed(exc)
        return JSONResponse(found.model_dump(mode="json"))

    return [
        Route("/metadata", metadata, methods=["GET"]),
        Route("/diff", diff, methods=["GET"]),
        Route("/work", work, methods=["GET"]),
    ]
