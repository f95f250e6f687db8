"""The command line every bundled server shares: pick a transport, build the server, serve.

python -m servers.todo                                   # stdio (what MCP clients launch)
python -m servers.todo --transport streamable-http --port 8765

The runner knows transports only. Each server adds its own options with ``add_arguments`` (todo
and tasks add ``--database-url``) and builds its server from the parsed arguments with ``build``.
The server's lifespan (its backend: database engine, HTTP client, ...) is opened once per process,
before the first request, on either transport; a :class:`StartupError` from ``build`` or from the
lifespan is printed as ``prog: message`` and exits 2.

Over streamable HTTP: ``GET /health`` for load balancers, and the routes the server was built
with (``build_server(..., routes=...)``), guarded like ``/mcp``: Host and Origin checked on every
route, ``/health`` included, and the bearer token on every route but ``/health``. Beyond
loopback a token (``--token-file`` or ``$MCP_SERVER_TOKEN``) and the host names clients use
(``--allowed-host``) are required. SIGTERM stops accepting connections, gives the calls under
way ``--drain-timeout`` seconds to finish and be answered (then stops those left, each answered
with a JSON-RPC error saying so), closes the lifespan and exits 0. Over stdio: a line the server
cannot read gets a JSON-RPC error back, with the request's id when it can be read; when stdin
closes, the requests under way are answered first (for at most ``--drain-timeout`` seconds).
"""

from __future__ import annotations

import argparse
import atexit
import gc
import logging
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

import anyio
from mcp.server import Server

from servers._common import tracing
from servers._common.app import StartupError, ToolServer

__all__ = ["serve"]

logger = logging.getLogger(__name__)

TRANSPORTS = ("stdio", "streamable-http")

DEFAULT_DRAIN_TIMEOUT = 25.0
"""Seconds the calls under way get to finish after SIGTERM over HTTP: within the 30 s Kubernetes
waits by default before it kills, with time left to close the database pool."""


def _parser(prog: str, description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument(
        "--transport",
        choices=TRANSPORTS,
        default="stdio",
        help="how clients reach the server (default: stdio)",
    )
    parser.add_argument("--host", default="127.0.0.1", help="HTTP bind address (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="HTTP port (8000; 0 picks one)")
    parser.add_argument("--path", default="/mcp", help="HTTP endpoint path (/mcp)")
    parser.add_argument(
        "--token-file",
        metavar="PATH",
        help="HTTP: a file holding the bearer token clients must send (default: "
        "$MCP_SERVER_TOKEN); required when --host is beyond loopback",
    )
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="HOST",
        help="HTTP: a host name (or host:port) clients use to reach the server, checked "
        "against the Host and Origin headers; repeatable; required beyond loopback",
    )
    parser.add_argument(
        "--drain-timeout",
        type=float,
        default=DEFAULT_DRAIN_TIMEOUT,
        metavar="SECONDS",
        help="on SIGTERM (HTTP) or at the end of stdin (stdio), how long calls under way may "
        f"take to finish before they are stopped ({DEFAULT_DRAIN_TIMEOUT:g})",
    )
    parser.add_argument(
        "--log-level",
        default=os.environ.get("LOG_LEVEL", "WARNING").upper(),
        choices=["DEBUG", "INFO", "WARNING", "ERROR"],
        help="stderr log level (WARNING, or $LOG_LEVEL)",
    )
    return parser


def serve(
    build: Callable[[argparse.Namespace], Server[Any]],
    *,
    prog: str,
    description: str,
    add_arguments: Callable[[argparse.ArgumentParser], None] | None = None,
    argv: Sequence[str] | None = None,
) -> int:
    """Parse ``argv``, build the server from the parsed arguments and serve until closed.

    ``add_arguments(parser)`` adds the server's own options; ``build(args)`` returns the server
    (see :func:`servers._common.build_server`). Returns the process exit code: 0 after a clean
    shutdown, 2 when the server cannot start (usage errors exit 2 through argparse).
    """
    atexit.unregister(_skip_final_collection)
    atexit.register(_skip_final_collection)
    parser = _parser(prog, description)
    if add_arguments is not None:
        add_arguments(parser)
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=args.log_level, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s"
    )
    tracing.configure(f"mcp-{server_name(prog)}")
    try:
        server = build(args)
        if args.transport == "stdio":
            tracing.instrument_server(server)  # one session: its handshake's spans are one
            anyio.run(_serve_stdio, server, args.drain_timeout)
        else:
            tracing.instrument_server(server, stateless=True)
            anyio.run(_serve_http, server, args)
    except KeyboardInterrupt:
        pass
    except Exception as exc:
        startup = _find_startup_error(exc)
        if startup is None:
            raise
        print(f"{prog}: {startup}", file=sys.stderr)
        return 2
    finally:
        tracing.shutdown()  # the spans still buffered are exported
    return 0


def server_name(prog: str) -> str:
    """``todo`` of ``mcp-todo`` or ``python -m servers.todo``."""
    return prog.rsplit(".", 1)[-1].removeprefix("mcp-")


def _skip_final_collection() -> None:
    """At exit, spare the interpreter its last garbage collection over every object left: the
    MCP and pydantic type graphs make it take about 0.3 s, which a client waits for after closing
    the server's stdin. Everything is closed by then; memory goes back to the system anyway."""
    gc.disable()
    gc.freeze()


def _find_startup_error(exc: BaseException) -> StartupError | None:
    """The StartupError in ``exc``, looking inside exception groups (task groups wrap them)."""
    if isinstance(exc, StartupError):
        return exc
    if isinstance(exc, BaseExceptionGroup):
        for inner in exc.exceptions:
            if (found := _find_startup_error(inner)) is not None:
                return found
    return None


def _freeze_startup_heap() -> None:
    """Before serving: take what start-up built (the modules, the MCP and pydantic type graphs,
    the backend opened so far) out of the garbage collector's sight. A full collection otherwise
    walks all of it every few hundred requests, a pause of 0.1 to 0.2 s each time (about half a
    millisecond a request); frozen, it walks only what requests left behind. No collection first:
    start-up's few cycles stay, and a client does not wait for them."""
    gc.freeze()


def _no_session_to_end(record: logging.LogRecord) -> bool:
    """Leave out the SDK's "Terminating session: None" (INFO), which a stateless server logged
    at the end of every request, though it has no session; its other lines pass."""
    return not (record.levelno == logging.INFO and record.msg == "Terminating session: None")


async def _serve_stdio(server: Server[Any], drain_timeout: float) -> None:
    from servers._common._stdio import serve_stdio

    _freeze_startup_heap()
    await serve_stdio(server, drain_timeout=drain_timeout)


async def _serve_http(server: Server[Any], args: argparse.Namespace) -> None:
    import uvicorn

    from servers._common._drain import Drain, DrainingServer, keep_event_streams_open
    from servers._common._http import (
        Guard,
        frame_events_without_scans,
        is_loopback,
        read_token,
        transport_security,
    )

    logging.getLogger("mcp.server.streamable_http").addFilter(_no_session_to_end)
    token = read_token(args.token_file)
    if token is None and not is_loopback(args.host):
        raise StartupError(
            f"--host {args.host} exposes the server beyond this machine: it needs a bearer "
            "token (--token-file PATH, or $MCP_SERVER_TOKEN)"
        )
    security = transport_security(args.host, args.allowed_host)
    frame_events_without_scans()  # each response is an event: not scanned for line breaks
    keep_event_streams_open()  # on SIGTERM a call's stream is drained, not cut
    drain = Drain(
        server.streamable_http_app(
            streamable_http_path=args.path,
            host=args.host,
            # Stateless: no session lives in a process, so any replica answers any request.
            stateless_http=True,
            transport_security=security,
            # The server's own routes (the fleet's GET /metadata), behind the same guard.
            custom_starlette_routes=server.routes if isinstance(server, ToolServer) else None,
        ),
        mcp_path=args.path,
        timeout=args.drain_timeout,
    )
    app = Guard(
        drain,
        token=token,
        security=security,  # Host/Origin checked on every route, not only on /mcp
        mcp_path=args.path,
    )
    # The session manager enters the server's lifespan: the backend opens once, before the port
    # is bound, and a StartupError surfaces here instead of inside uvicorn's lifespan logging.
    async with server.session_manager.run():
        config = uvicorn.Config(
            app,
            host=args.host,
            port=args.port,
            log_level=args.log_level.lower(),
            lifespan="off",
        )

        def announce(port: int) -> None:
            # Tests and scripts wait for this line (with --port 0, it names the chosen port).
            url = f"http://{args.host}:{port}{args.path}"
            print(f"{server.name}: serving MCP on {url}", file=sys.stderr, flush=True)
            for what, path in server.pages if isinstance(server, ToolServer) else ():
                page = f"http://{args.host}:{port}{path}"
                print(f"{server.name}: {what} on {page}", file=sys.stderr, flush=True)

        _freeze_startup_heap()
        await DrainingServer(config, drain=drain, on_listening=announce).serve()
