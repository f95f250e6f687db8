"""What the bundled servers share: the contract-first tool server and its command line.

A server is a list of :class:`ToolSpec` (name, description, pydantic input model, handler, output
model, annotations), an :class:`ErrorEnvelope` shaping its contract's error body, and a lifespan
that opens its backend once per process (stdio and streamable HTTP alike) and yields the *state*
every handler gets as its first argument. Handlers may be ``async def`` (awaited on the loop) or
plain ``def`` (run in a worker thread; with ``ToolSpec(..., on_loop=True)``, on the loop first
while its SQL storage need not wait). :func:`serve` is the command line: transports only, plus
the server's own options.

    from contextlib import asynccontextmanager
    import httpx2
    from pydantic import BaseModel, ConfigDict, Field
    from servers._common import ToolSpec, build_server, serve

    class PingInput(BaseModel):
        model_config = ConfigDict(extra="forbid")
        host: str = Field(description="Host to ping", min_length=1)

    class PingResult(BaseModel):
        host: str
        up: bool

    class PingService:                                  # the rules: no MCP in here
        def __init__(self, http: httpx2.AsyncClient) -> None:
            self._http = http

        async def ping(self, args: PingInput) -> PingResult:     # async: awaited directly
            response = await self._http.get(f"/hosts/{args.host}")
            return PingResult(host=args.host, up=response.status_code == 200)

    TOOLS = [ToolSpec("ping", "Is a host up?", PingInput, PingService.ping, PingResult)]

    class PingEnvelope:                                 # the contract's error body
        def invalid_arguments(self, tool, problems, exc):
            return {"error": "; ".join(map(str, problems))}
        def from_exception(self, tool, exc):
            return {"error": f"{tool} failed"}
        def unknown_tool(self, tool, known):
            return {"error": f"unknown tool {tool}"}

    def create_server(base_url: str):
        @asynccontextmanager
        async def lifespan():                           # opened once, closed at shutdown
            async with httpx2.AsyncClient(base_url=base_url) as http:
                yield PingService(http)                 # -> each handler's first argument
        return build_server("ping", TOOLS, PingEnvelope(), lifespan=lifespan)

    def main(argv=None) -> int:                         # python -m servers.ping --base-url ...
        return serve(lambda args: create_server(args.base_url), prog="python -m servers.ping",
                     description="Ping MCP server", argv=argv,
                     add_arguments=lambda p: p.add_argument("--base-url", required=True))

Arguments are checked strictly against the published schema (no coercion between JSON types);
use the types of :mod:`servers._common.inputs` for ``const: true`` (``ConstTrue``), date-times
(``DateTime``, ``DateOrDateTime``), dates (``IsoDate``) and UUIDs (``Uuid``), and
:func:`shorten` for any caller's value a message repeats. Over HTTP the runner serves
``GET /health`` and asks for a bearer token and ``--allowed-host`` beyond loopback; over stdio
an unreadable line gets a JSON-RPC error, with the request's id when it can be read.
``build_server(..., routes=[Route(...)])`` adds HTTP routes beside ``/mcp`` (the runner serves
them behind the same Host/Origin checks and token; a browser signs in once with a form and a
cookie), and ``pages=[("dashboard", "/")]`` names those meant for people: the runner prints their
URLs at start.

In tests, ``mcp.Client(create_server(url))`` connects in process (the lifespan runs per
connection); ``build_server(..., lifespan=lambda: contextlib.nullcontext(service))`` serves an
already-built service. Raise :class:`StartupError` from ``build`` or the lifespan for a clean
"cannot start" (exit 2). ``in_background(lifespan)`` opens the backend while the server
already answers the handshake (tool calls wait for it): worth it over stdio when the backend is
slow to import or open. SQL storage is opt-in: ``servers._common.database`` (URL helpers,
``StorageError``; no SQL library), ``servers._common.sql`` (``Database``, ``open_database``,
``database_lifespan``; a hot path's statements compiled once with ``Database.prepare`` and run
with ``Database.driver`` and ``rows``) and ``servers._common.storage`` (``sql_lifespan``: a
server's lifespan that loads its SQL layer in a worker thread, then opens the database);
importing this package loads no SQL library. A child process runs through
``servers._common.process.run_command``, with the environment ``child_environment`` allows it.
``build_server(..., features=Features(...))`` adds resources, prompts, completions, logging and
icons (:mod:`servers._common.features`); a handler reports progress to its caller with
``servers._common.progress.report_progress``.
"""

from servers._common.app import (
    ErrorEnvelope,
    Lifespan,
    StartupError,
    ToolSpec,
    build_server,
    in_background,
    package_version,
)
from servers._common.inputs import (
    ConstTrue,
    DateOrDateTime,
    DateTime,
    IsoDate,
    Uuid,
    validate_arguments,
)
from servers._common.paths import data_dir
from servers._common.runner import serve
from servers._common.schema import (
    ArgumentProblem,
    describe_validation_error,
    shorten,
    tool_schema,
)

__all__ = [
    "ArgumentProblem",
    "ConstTrue",
    "DateOrDateTime",
    "DateTime",
    "ErrorEnvelope",
    "IsoDate",
    "Lifespan",
    "StartupError",
    "ToolSpec",
    "Uuid",
    "build_server",
    "data_dir",
    "describe_validation_error",
    "in_background",
    "package_version",
    "serve",
    "shorten",
    "tool_schema",
    "validate_arguments",
]
