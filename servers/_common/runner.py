"""The command line every bundled server shares: pick a transport, open storage, serve.

python -m servers.todo                                   # stdio (what MCP clients launch)
python -m servers.todo --transport streamable-http --port 8765
python -m servers.todo --database-url postgresql+psycopg://user:pw@localhost/todo
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

import anyio
from mcp.server import Server

from servers._common.storage import StorageError, redact_url, resolve_database_url

__all__ = ["serve"]

logger = logging.getLogger(__name__)


def _parser(prog: str, description: str, env_var: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument(
        "--transport",
        choices=["stdio", "streamable-http"],
        default="stdio",
        help="how clients reach the server (default: stdio)",
    )
    parser.add_argument("--host", default="127.0.0.1", help="HTTP bind address (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="HTTP port (8000)")
    parser.add_argument("--path", default="/mcp", help="HTTP endpoint path (/mcp)")
    parser.add_argument(
        "--database-url",
        help=f"SQLAlchemy URL (default: ${env_var}, else an SQLite file in the user data folder)",
    )
    parser.add_argument(
        "--log-level",
        default=os.environ.get("LOG_LEVEL", "WARNING"),
        choices=["DEBUG", "INFO", "WARNING", "ERROR"],
        help="stderr log level (WARNING)",
    )
    return parser


def serve(
    build: Callable[[str], Server[Any]],
    *,
    prog: str,
    description: str,
    env_var: str,
    filename: str,
    argv: Sequence[str] | None = None,
) -> int:
    """Parse ``argv``, build the server for the resolved database URL and serve until closed.

    Returns the process exit code: 0 after a clean shutdown, 2 when storage cannot be opened.
    """
    args = _parser(prog, description, env_var).parse_args(argv)
    logging.basicConfig(
        level=args.log_level, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s"
    )
    url = resolve_database_url(args.database_url, env_var=env_var, filename=filename)
    try:
        server = build(url)
    except StorageError as exc:
        print(f"{prog}: cannot open storage at {redact_url(url)}: {exc}", file=sys.stderr)
        return 2
    try:
        if args.transport == "stdio":
            anyio.run(_serve_stdio, server)
        else:
            _serve_http(server, args.host, args.port, args.path, args.log_level)
    except KeyboardInterrupt:
        pass
    return 0


async def _serve_stdio(server: Server[Any]) -> None:
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def _serve_http(server: Server[Any], host: str, port: int, path: str, log_level: str) -> None:
    import uvicorn

    app = server.streamable_http_app(streamable_http_path=path, host=host)
    print(f"{server.name}: serving MCP on http://{host}:{port}{path}", file=sys.stderr)
    uvicorn.run(app, host=host, port=port, log_level=log_level.lower())
